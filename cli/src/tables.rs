//! `korf tables generate|verify|list`, and the progress display of every table build.

use crate::cli::{CliError, GenerateArgs, VerifyArgs};
use crate::out;
use indicatif::{ProgressBar, ProgressStyle};
use korf::cube::Metric;
use korf::search::HeuristicKind;
use korf::tables::{self, Header, Progress, Table, TableKind};
use korf::BuildEvent;
use korf_front::report::{human_bytes, human_seconds};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// Shows table builds on stderr: a progress bar per depth on a terminal, a line per
/// depth, checkpoint and file written everywhere.
pub struct BuildDisplay {
    terminal: bool,
    started: Mutex<Instant>,
    bar: Mutex<Option<ProgressBar>>,
}

impl BuildDisplay {
    pub fn new() -> Self {
        BuildDisplay {
            terminal: std::io::stderr().is_terminal(),
            started: Mutex::new(Instant::now()),
            bar: Mutex::new(None),
        }
    }

    /// Show one event.
    pub fn show(&self, event: BuildEvent) {
        match event {
            BuildEvent::Planned {
                what,
                tables,
                dir,
                bytes,
                seconds,
            } => {
                let names: Vec<&str> = tables.iter().map(|k| k.name()).collect();
                eprintln!(
                    "korf: first run: generating the {what} ({}) into {}: {} of disk, about {seconds} seconds on 2 cores; this happens once.",
                    names.join(", "),
                    dir.display(),
                    human_bytes(bytes)
                );
            }
            BuildEvent::Waiting { dir } => eprintln!(
                "korf: another korf is building tables in {}; waiting for it to finish…",
                dir.display()
            ),
            BuildEvent::Started(_) => *self.started.lock().unwrap() = Instant::now(),
            BuildEvent::Progress(kind, p) => self.progress(kind, p),
            BuildEvent::Written {
                table,
                path,
                header,
            } => eprintln!(
                "{}: wrote {} ({}) in {:.1}s",
                table.name(),
                path.display(),
                human_bytes(table.file_size()),
                header.generation_millis as f64 / 1000.0
            ),
        }
    }

    fn progress(&self, kind: TableKind, p: Progress) {
        let d = kind.descriptor();
        let name = d.name;
        match p {
            Progress::DepthStart {
                depth,
                backward,
                work,
            } => {
                if self.terminal {
                    let pb = ProgressBar::new(work);
                    pb.set_style(
                    ProgressStyle::with_template(
                        "{prefix:>9} {msg:<22} [{bar:30}] {percent:>3}% {elapsed_precise} ETA {eta}",
                    )
                    .unwrap()
                    .progress_chars("=> "),
                );
                    pb.set_prefix(name);
                    pb.set_message(format!(
                        "depth {depth} ({})",
                        if backward { "backward" } else { "forward" }
                    ));
                    *self.bar.lock().unwrap() = Some(pb);
                }
            }
            Progress::Work { done } => {
                if let Some(pb) = self.bar.lock().unwrap().as_ref() {
                    pb.set_position(done);
                }
            }
            Progress::Checkpoint { depth } => {
                eprintln!("{name}: checkpoint saved after depth {depth} (an interrupted run continues from here)");
            }
            Progress::Resumed {
                depth,
                filled,
                done,
            } => {
                if done == 0 {
                    eprintln!(
                    "{name}: resuming from the checkpoint after depth {depth} ({filled} of {} entries filled)",
                    d.entries
                );
                } else {
                    eprintln!(
                    "{name}: resuming depth {} from a checkpoint in its middle ({filled} of {} entries filled before it)",
                    depth + 1,
                    d.entries
                );
                }
            }
            Progress::PartialCheckpoint { depth, done, work } => {
                eprintln!(
                "{name}: checkpoint saved in depth {depth} ({done} of {work} chunks done; an interrupted run continues from here)"
            );
            }
            Progress::DepthDone {
                depth,
                found,
                filled,
            } => {
                if let Some(pb) = self.bar.lock().unwrap().take() {
                    pb.finish_and_clear();
                }
                let secs = self.started.lock().unwrap().elapsed().as_secs_f64();
                eprintln!(
                "{name}: depth {depth:>2}: {found:>11} states, {filled:>11}/{} filled ({:5.1}%), {:.1}s, {:.1} M states/s",
                d.entries,
                100.0 * filled as f64 / d.entries as f64,
                secs,
                filled as f64 / secs.max(1e-9) / 1e6
            );
            }
        }
    }
}

/// Generate `kinds` into `dir`, showing progress.
pub fn build_tables(kinds: &[TableKind], dir: &Path) -> Result<(), CliError> {
    let display = BuildDisplay::new();
    korf::build_tables(kinds, dir, &|e| display.show(e))?;
    Ok(())
}

/// Generate those of `kinds` still missing once the directory's lock is held (another
/// korf may have built them meanwhile), showing progress.
fn build_missing(kinds: &[TableKind], dir: &Path) -> Result<(), CliError> {
    let display = BuildDisplay::new();
    for k in korf::build_missing_tables(kinds, dir, &|e| display.show(e))? {
        eprintln!(
            "{}: built meanwhile by another korf in {}; not built again",
            k.name(),
            dir.display()
        );
    }
    Ok(())
}

/// The tables a `verify` run covers: `--only`'s tables, or every table of the catalogue
/// (the absent ones are listed as such).
fn verify_kinds(only: &[TableKind]) -> Vec<TableKind> {
    if only.is_empty() {
        TableKind::ALL.to_vec()
    } else {
        only.to_vec()
    }
}

/// `--memory SIZE|auto`: the fastest set of tables that fits, said before it is built.
fn plan_for_memory(size: &str, dir: &Path) -> Result<Vec<TableKind>, CliError> {
    let budget = crate::cli::memory_budget(size, dir)?;
    let set = TableKind::fastest_set_within(budget, dir).ok_or_else(|| {
        CliError::Input(format!(
            "--memory {size}: {} is too little to build even the default tables (they need {})",
            human_bytes(budget.memory),
            human_bytes(
                TableKind::default_builds(None)
                    .iter()
                    .map(|k| k.generation_peak())
                    .max()
                    .unwrap_or(0)
            )
        ))
    })?;
    let largest = set.iter().rev().find(|k| !k.descriptor().default_build);
    eprintln!(
        "korf: --memory {size}: {} of memory{} for building; {}",
        human_bytes(budget.memory),
        budget.disk.map_or(String::new(), |d| format!(
            " and {} of disk",
            human_bytes(d)
        )),
        match largest {
            Some(k) => format!(
                "the fastest table that fits is {} ({}, {})",
                k.name(),
                human_bytes(k.file_size()),
                korf::build_cost(k.descriptor())
            ),
            None => "no table larger than the default set fits".to_string(),
        }
    );
    if let Some(usable) = crate::fetch::fastest_usable_set(&budget, dir) {
        let own = crate::fetch::own_table(&usable);
        if !set.contains(&own) {
            eprintln!(
                "korf: {} ({}) would be faster and fits this memory to use, but its build needs \
                 {}: fetch it instead from a host that publishes korf's tables, \
                 `korf tables fetch URL --memory {size}`",
                own.name(),
                human_bytes(own.file_size()),
                human_bytes(own.generation_peak())
            );
        }
    }
    Ok(set)
}

/// `--coset K`, the older spelling of `--only coset` and `--only coset4`.
fn coset_kind(k: u32) -> Result<TableKind, CliError> {
    match TableKind::coset_of(k) {
        Some(kind) => Ok(kind),
        None => Err(CliError::Input(format!(
            "--coset {k}: the coset tables are k = 0 (`--only coset`) and k = 4 (`--only coset4`); `korf tables list` shows every table"
        ))),
    }
}

pub fn generate(a: GenerateArgs) -> Result<(), CliError> {
    let dir = tables::resolve_dir(a.dir.dir.as_deref());
    let kinds = match (a.only.is_empty(), a.coset, &a.memory) {
        (false, _, _) => {
            // A table named twice is built once.
            let mut only = a.only.clone();
            let mut seen = std::collections::HashSet::new();
            only.retain(|k| seen.insert(*k));
            only
        }
        (true, Some(k), _) => vec![coset_kind(k)?],
        (true, None, Some(size)) => plan_for_memory(size, &dir)?,
        (true, None, None) => TableKind::default_builds(None),
    };
    let mut todo = Vec::new();
    for k in kinds {
        match Table::open(k, &dir, false) {
            Ok(_) if !a.force => eprintln!(
                "{}: already present in {} (use --force to rebuild)",
                k.name(),
                dir.display()
            ),
            _ => todo.push(k),
        }
    }
    if a.dry_run {
        let mut text = String::new();
        for k in &todo {
            text.push_str(&format!(
                "would build {} into {}: {}, {}\n",
                k.name(),
                dir.display(),
                human_bytes(k.file_size()),
                korf::build_cost(k.descriptor())
            ));
        }
        if todo.is_empty() {
            text.push_str("nothing to build\n");
        }
        out(&text);
    } else if a.force {
        build_tables(&todo, &dir)?;
    } else if !todo.is_empty() {
        build_missing(&todo, &dir)?;
    }
    Ok(())
}

pub fn verify(a: VerifyArgs) -> Result<(), CliError> {
    let dir = tables::resolve_dir(a.dir.dir.as_deref());
    let mut results = Vec::new();
    let mut all_ok = true;
    let mut absent = Vec::new();
    let mut unreadable = Vec::new();
    for k in verify_kinds(&a.only) {
        let path = dir.join(k.file_name());
        if a.only.is_empty() && std::fs::symlink_metadata(&path).is_err() {
            absent.push(k.name());
            continue;
        }
        // A table that cannot be opened fails; the others are still checked.
        let t = match Table::open(k, &dir, false) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("korf: error: {e}");
                all_ok = false;
                unreadable.push(k.name());
                continue;
            }
        };
        let v = t.verify();
        all_ok &= v.checksum_ok && v.histogram_ok;
        if let Err(e) = t.record_verification(&v) {
            eprintln!(
                "korf: warning: cannot record the verification of {}: {e}",
                t.path().display()
            );
        }
        if !a.json {
            let d = k.descriptor();
            out(&format!(
                "{}: {} entries, checksum {}, histogram {}\n  depth: {}\n",
                v.name,
                v.entries,
                if v.checksum_ok { "ok" } else { "MISMATCH" },
                if v.histogram_ok {
                    "matches the expected distribution"
                } else if !v.header_histogram_ok {
                    "DIFFERS from the file header"
                } else {
                    "DIFFERS from the expected distribution"
                },
                v.histogram
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let exp = d.expected.get(i).copied().unwrap_or(0);
                        if *c == exp || d.expected.is_empty() {
                            format!("{i}:{c}")
                        } else {
                            format!("{i}:{c}(expected {exp})")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
            if let Some(states) = &v.expanded_histogram {
                let line = states
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let exp = d.expected_states.get(i).copied().unwrap_or(0);
                        if *c == exp {
                            format!("{i}:{c}")
                        } else {
                            format!("{i}:{c}(expected {exp})")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                out(&format!(
                    "  states by depth (expanded by orbit size): {line}
"
                ));
            }
        }
        results.push(v);
    }
    if a.json {
        out(&(serde_json::to_string_pretty(&results).expect("serializable") + "\n"));
    } else if !absent.is_empty() {
        out(&format!("absent (not built): {}\n", absent.join(", ")));
    }
    if results.is_empty() && unreadable.is_empty() {
        return Err(CliError::Failure(format!(
            "no tables in {}; build them with `korf tables generate --dir {}`",
            dir.display(),
            dir.display()
        )));
    }
    let failed: Vec<&str> = results
        .iter()
        .filter(|v| !(v.checksum_ok && v.histogram_ok))
        .map(|v| v.name.as_str())
        .chain(unreadable.iter().copied())
        .collect();
    if all_ok {
        Ok(())
    } else {
        let rebuild: Vec<String> = failed
            .iter()
            .map(|name| {
                format!(
                    "korf tables generate --dir {} --only {name} --force",
                    dir.display()
                )
            })
            .collect();
        Err(CliError::Failure(format!(
            "verification failed: {}; rebuild with `{}` (korf solve refuses a table that failed)",
            failed.join(", "),
            rebuild.join(" && ")
        )))
    }
}

/// `korf tables list`: the catalogue.  Every table, present or not, with its size, what
/// building it costs and the command that builds it; then every solver mode with the
/// tables it needs and its measured speed.
pub fn list(dir: &Path) -> Result<(), CliError> {
    let mut text = format!(
        "tables directory: {}\n\n{:<13} {:>9} {:>8} {:>9}  status\n",
        dir.display(),
        "table",
        "file",
        "build",
        "memory"
    );
    for &k in TableKind::ALL {
        let d = k.descriptor();
        let estimated = if d.built_here { "" } else { "~" };
        text.push_str(&format!(
            "{:<13} {:>9} {:>8} {:>9}  {}\n",
            k.name(),
            human_bytes(k.file_size()),
            format!("{estimated}{}", human_seconds(d.build_seconds as f64)),
            format!("{estimated}{}", human_bytes(k.generation_peak())),
            table_status(k, dir)
        ));
    }
    text.push('\n');
    for &k in TableKind::ALL {
        let d = k.descriptor();
        text.push_str(&format!(
            "{:<13} {}; used by {}\n",
            k.name(),
            d.description,
            d.used_by
        ));
    }
    let present = |k: TableKind| dir.join(k.file_name()).exists();
    let auto = HeuristicKind::preferred(present);
    let modes = HeuristicKind::fastest_first();
    let joined = |h: HeuristicKind| {
        h.tables()
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join("+")
    };
    let name_width = modes.iter().map(|h| h.name().len()).fold(10, usize::max);
    let tables_width = modes.iter().map(|&h| joined(h).len()).fold(22, usize::max);
    text.push_str(&format!(
        "\nsolver modes (`--heuristic`; `auto` takes the first whose tables are present), mean time per position of the published lists:\n{:<name_width$} {:<tables_width$} {:>9} {:>9}  {:<24} status\n",
        "mode", "tables", "17 moves", "18 moves", "measured"
    ));
    for h in modes {
        let m = h.measured();
        let cell = |s: Option<f64>| s.map_or("-".to_string(), human_seconds);
        let status = mode_status(h, auto, &present);
        text.push_str(&format!(
            "{:<name_width$} {:<tables_width$} {:>9} {:>9}  {:<24} {status}\n",
            h.name(),
            joined(h),
            cell(m.seventeen),
            cell(m.eighteen),
            if m.date.is_empty() {
                String::new()
            } else {
                format!(
                    "{} thread{}, {}",
                    m.threads,
                    if m.threads == 1 { "" } else { "s" },
                    m.date
                )
            },
        ));
    }
    let auto_qtm = HeuristicKind::preferred_qtm(present);
    text.push_str(&format!(
        "\nquarter-turn modes (`--metric qtm`; times in docs/benchmarks.md):\n{:<14} {:<26} status\n",
        "mode", "tables"
    ));
    // The offered ones fastest first, then the others listed (the k = 0 table's).
    let mut qtm = HeuristicKind::fastest_first_in(Metric::Qtm);
    let unranked: Vec<HeuristicKind> = HeuristicKind::listed()
        .into_iter()
        .filter(|h| h.spec().metric == Metric::Qtm && !qtm.contains(h))
        .collect();
    qtm.extend(unranked);
    for h in qtm {
        let tables: Vec<&str> = h.tables().iter().map(|k| k.name()).collect();
        text.push_str(&format!(
            "{:<14} {:<26} {}\n",
            h.name(),
            tables.join("+"),
            mode_status(h, auto_qtm, &present)
        ));
    }
    text.push_str(
        "\nBuild the fastest set that fits this machine: korf tables generate --memory auto\n",
    );
    out(&text);
    Ok(())
}

/// Whether solver mode `h` is ready (and the `auto` choice), or what building it takes.
fn mode_status(
    h: HeuristicKind,
    auto: HeuristicKind,
    present: &impl Fn(TableKind) -> bool,
) -> String {
    let missing: Vec<TableKind> = h
        .tables()
        .iter()
        .copied()
        .filter(|&k| !present(k))
        .collect();
    if missing.is_empty() {
        return if h == auto { "ready (auto)" } else { "ready" }.to_string();
    }
    let build: Vec<String> = missing
        .iter()
        .filter(|k| !k.descriptor().on_demand)
        .map(|k| format!("korf tables generate --only {}", k.name()))
        .collect();
    if build.is_empty() {
        "built on first use".to_string()
    } else {
        format!("needs {}", build.join(" and "))
    }
}

/// Memory of the machines korf is developed on (24 GB): a table whose generation needs
/// more was never built there for that reason.
const DEVELOPERS_MEMORY: u64 = 24_000_000_000;

/// A table's state in `dir`: missing (with the command that builds it), unusable (why),
/// or present with its date and last verification.
fn table_status(k: TableKind, dir: &Path) -> String {
    let build = if k.descriptor().default_build {
        "korf tables generate".to_string()
    } else {
        format!("korf tables generate --only {}", k.name())
    };
    match Header::read(&dir.join(k.file_name())) {
        Err(tables::TableError::Missing { .. }) if !k.descriptor().built_here => {
            let why = if k.generation_peak() > DEVELOPERS_MEMORY {
                "too large for their machines; "
            } else {
                ""
            };
            format!(
                "missing; never built by korf's developers ({why}~ marks estimates); build: {build}"
            )
        }
        Err(tables::TableError::Missing { .. }) => format!("missing; build: {build}"),
        Err(e) => format!("unusable: {e}"),
        Ok(h) => match Table::open(k, dir, false) {
            Err(e) => format!("unusable: {e}"),
            Ok(t) => format!(
                "present, generated {}, {}",
                format_unix(h.created_unix),
                match t.last_verification() {
                    Some(r) if r.passed && r.same_file => {
                        format!("verified {}", format_unix(r.unix_time))
                    }
                    Some(r) if r.passed => format!(
                        "verified {}, but the file has changed since (run `korf tables verify --only {}` again)",
                        format_unix(r.unix_time),
                        k.name()
                    ),
                    Some(r) => format!(
                        "FAILED verification {} (rebuild: {build} --force)",
                        format_unix(r.unix_time)
                    ),
                    None => "not verified (run `korf tables verify`)".to_string(),
                }
            ),
        },
    }
}

/// `YYYY-MM-DD HH:MM UTC` from Unix seconds (a time far outside the calendar jiff
/// knows, which only a damaged header could hold, prints as seconds).
fn format_unix(secs: u64) -> String {
    i64::try_from(secs)
        .ok()
        .and_then(|s| jiff::Timestamp::from_second(s).ok())
        .map_or_else(
            || format!("{secs} s after 1970"),
            |t| t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        )
}

#[cfg(test)]
mod tests {
    #[test]
    fn unix_times_print_as_utc_dates() {
        assert_eq!(super::format_unix(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::format_unix(1_795_000_000), "2026-11-18 11:06 UTC");
        assert_eq!(
            super::format_unix(u64::MAX),
            format!("{} s after 1970", u64::MAX)
        );
    }
}

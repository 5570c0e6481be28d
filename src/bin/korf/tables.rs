//! `korf tables generate|verify|list`, and the progress display of every table build.

use crate::cli::{CliError, GenerateArgs, VerifyArgs};
use crate::out;
use indicatif::{ProgressBar, ProgressStyle};
use korf::report::human_bytes;
use korf::tables::{self, Header, Progress, Table, TableKind};
use korf::BuildEvent;
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

/// The tables a `generate` or `verify` run covers: `--only NAME`, else those built by
/// default, plus (for `present_in`) the optional ones that exist there.
fn table_kinds(
    only: &Option<String>,
    present_in: Option<&Path>,
) -> Result<Vec<TableKind>, CliError> {
    match only {
        None => Ok(TableKind::default_builds(present_in)),
        Some(name) => TableKind::from_name(name).map(|k| vec![k]).ok_or_else(|| {
            let names: Vec<&str> = TableKind::ALL.iter().map(|k| k.name()).collect();
            CliError::Input(format!(
                "unknown table `{name}` for --only; the tables are: {}",
                names.join(", ")
            ))
        }),
    }
}

/// Parse a memory size: a number with an optional K, M, G or T suffix (powers of 1000;
/// `KiB`-style suffixes count powers of 1024).
fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num.parse().ok()?;
    let scale = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1.0,
        "K" | "KB" => 1e3,
        "M" | "MB" => 1e6,
        "G" | "GB" => 1e9,
        "T" | "TB" => 1e12,
        "KIB" => 1024.0,
        "MIB" => 1024.0 * 1024.0,
        "GIB" => 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    (n.is_finite() && n >= 0.0).then_some((n * scale) as u64)
}

/// The largest coset table whose generation fits in `--memory SIZE` (the flipslice and
/// sliceperm tables count as ones: they are coset tables of other subgroups).
fn coset_for_memory(size: &str) -> Result<TableKind, CliError> {
    let bytes = parse_size(size).ok_or_else(|| {
        CliError::Input(format!(
            "--memory {size}: not a size; write it like 8G, 4.5GB, 500M or 6GiB"
        ))
    })?;
    TableKind::largest_coset_table_within(bytes).ok_or_else(|| {
        CliError::Input(format!(
            "--memory {size}: the smallest coset table needs {} to build",
            human_bytes(TableKind::Coset.generation_peak())
        ))
    })
}

/// The coset table with `k` oriented edges, for `--coset K`.
fn coset_kind(k: u32) -> Result<TableKind, CliError> {
    match k {
        0 => Ok(TableKind::Coset),
        4 => Ok(TableKind::Coset4),
        _ => Err(CliError::Input(format!(
            "--coset {k}: korf builds the coset tables with k = 0 (56 MiB) and k = 4 (1.3 GiB); other sizes are not built yet (see README, \"Coset tables\"); the 2.4 GiB flipslice table (all 12 flips, another subgroup) is `--only flipslice`, the 7.1 GiB sliceperm table `--only sliceperm`"
        ))),
    }
}

pub fn generate(a: GenerateArgs) -> Result<(), CliError> {
    let dir = tables::resolve_dir(a.dir.dir.as_deref());
    let kinds = match (a.coset, &a.memory) {
        (Some(k), _) => vec![coset_kind(k)?],
        (None, Some(size)) => vec![coset_for_memory(size)?],
        (None, None) => table_kinds(&a.only, None)?,
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
    if !todo.is_empty() {
        build_tables(&todo, &dir)?;
    }
    Ok(())
}

pub fn verify(a: VerifyArgs) -> Result<(), CliError> {
    let dir = tables::resolve_dir(a.dir.dir.as_deref());
    let mut results = Vec::new();
    let mut all_ok = true;
    for k in table_kinds(&a.only, Some(&dir))? {
        let t = Table::open(k, &dir, false)?;
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
    }
    if all_ok {
        Ok(())
    } else {
        Err(CliError::Failure(
            "verification failed; rebuild with `korf tables generate --force`".into(),
        ))
    }
}

pub fn list(dir: &Path) -> Result<(), CliError> {
    let mut text = format!("tables directory: {}\n", dir.display());
    for k in TableKind::ALL {
        let path = dir.join(k.file_name());
        let status = match Header::read(&path) {
            Err(tables::TableError::Missing { .. }) => "missing".to_string(),
            Err(e) => format!("unusable: {e}"),
            Ok(h) => match Table::open(k, dir, false) {
                Err(e) => format!("unusable: {e}"),
                Ok(t) => format!(
                    "present, {}, generated {} in {:.0}s, {}",
                    human_bytes(k.file_size()),
                    format_unix(h.created_unix),
                    h.generation_millis as f64 / 1000.0,
                    match t.last_verification() {
                        Some((true, at)) => format!("verified {}", format_unix(at)),
                        Some((false, at)) => format!(
                            "FAILED verification {} (rebuild: korf tables generate --force)",
                            format_unix(at)
                        ),
                        None => "not verified (run `korf tables verify`)".to_string(),
                    }
                ),
            },
        };
        let used_by = k.descriptor().used_by;
        text.push_str(&format!(
            "  {:<9} {:<55} {}\n  {:<9} used by: {used_by}\n",
            k.name(),
            k.descriptor().description,
            status,
            "",
        ));
    }
    out(&text);
    Ok(())
}

/// `YYYY-MM-DD HH:MM UTC` from Unix seconds (civil-from-days, no time-zone crate needed).
fn format_unix(secs: u64) -> String {
    let days = (secs / 86400) as i64;
    let rem = secs % 86400;
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

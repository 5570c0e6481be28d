//! The `korf` binary: parses arguments, calls the library, prints.

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use korf::cli::{
    BenchArgs, CheckArgs, Cli, CliError, Command, FastArgs, GenerateArgs, HeuristicArg,
    PositionArgs, ScrambleArgs, ScrambleFormat, SearchArgs, ShowArgs, ShowFormat, SolveArgs,
    TablesCommand, VerifyArgs,
};
use korf::cube::{self, format_moves, parse_moves, Cube};
use korf::report::{self, Exporter, SolveRecord};
use korf::search::{self, Snapshot, Unsolved};
use korf::tables::HeuristicKind;
use korf::tables::{self, Header, Progress, Table, TableKind, TableSet};
use korf::twophase::{FastOptions, TwoPhase};
use rand::SeedableRng;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    if let Err(e) = try_main(cli) {
        eprintln!("korf: error: {e}");
        std::process::exit(e.exit_code());
    }
}

fn try_main(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Show(a) => show(a),
        Command::Scramble(a) => scramble(a),
        Command::Check(a) => check(a),
        Command::Solve(a) => solve(a),
        Command::Bench(a) => bench(a),
        Command::Tables { command } => match command {
            TablesCommand::Generate(a) => generate(a),
            TablesCommand::Verify(a) => verify(a),
            TablesCommand::List(a) => list(&tables::resolve_dir(a.dir.as_deref())),
        },
    }
}

/// Print to stdout; a closed pipe (e.g. `korf scramble -n 1000 | head`) ends quietly.
fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("korf: error: cannot write output: {e}");
        std::process::exit(1);
    }
}

fn position(p: &PositionArgs) -> Result<Cube, CliError> {
    match (&p.facelets, &p.scramble) {
        (_, Some(moves)) => Ok(Cube::from_moves(&parse_moves(moves)?)),
        (Some(f), None) => facelets_argument(f),
        (None, None) => Err(CliError::Input(
            "give a position: a facelet string, or --scramble \"MOVES\"".into(),
        )),
    }
}

/// A positional FACELETS argument; if it is really a move sequence, say to use --scramble.
fn facelets_argument(text: &str) -> Result<Cube, CliError> {
    match Cube::from_facelets(text) {
        Ok(c) => Ok(c),
        Err(e) => {
            let looks_like_moves = text
                .chars()
                .any(|c| c.is_whitespace() || c.is_ascii_digit() || c == '\'');
            if looks_like_moves && parse_moves(text).is_ok() {
                Err(CliError::Input(format!(
                    "`{text}` looks like a move sequence, not a facelet string; pass it with --scramble \"{text}\""
                )))
            } else {
                Err(e.into())
            }
        }
    }
}

fn show(a: ShowArgs) -> Result<(), CliError> {
    let cube = position(&a.position)?;
    if a.format == ShowFormat::Net {
        out(&report::net(&cube, std::io::stdout().is_terminal()));
    }
    out(&format!("{}\n", cube.to_facelets()));
    Ok(())
}

fn scramble(a: ScrambleArgs) -> Result<(), CliError> {
    let mut rng = match a.seed {
        Some(s) => rand::rngs::StdRng::seed_from_u64(s),
        None => rand::rngs::StdRng::from_entropy(),
    };
    let solver = match a.format {
        ScrambleFormat::Facelets => None,
        _ => Some(load_twophase(a.tables.as_deref(), false)?),
    };
    // One thread: the search order, and so the output for a seed, is fixed.
    let opts = FastOptions::default();
    let mut text = String::new();
    for _ in 0..a.count {
        let cube = cube::random_cube(&mut rng);
        let facelets = cube.to_facelets();
        let line = match &solver {
            None => facelets,
            Some(solver) => {
                let outcome = solver
                    .solve(&cube, &opts)
                    .map_err(|e| CliError::Failure(e.to_string()))?;
                let solution = outcome.solution.ok_or_else(|| {
                    CliError::Failure(
                        "internal error: no two-phase solution within 20 moves; please report this"
                            .into(),
                    )
                })?;
                let moves: Vec<_> = solution.iter().rev().map(|m| m.inverse()).collect();
                debug_assert_eq!(Cube::from_moves(&moves), cube);
                if a.format == ScrambleFormat::Moves {
                    format_moves(&moves)
                } else {
                    format!("{}\t{facelets}", format_moves(&moves))
                }
            }
        };
        text.push_str(&line);
        text.push('\n');
        if text.len() > 1 << 16 || solver.is_some() {
            out(&std::mem::take(&mut text));
        }
    }
    out(&text);
    Ok(())
}

fn check(a: CheckArgs) -> Result<(), CliError> {
    position(&a.position)?;
    out("solvable\n");
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Tables

/// The tables a `generate` or `verify` run covers: `--only NAME`, else those built by
/// default, plus (for `present_in`) the optional ones that exist there.
fn table_kinds(
    only: &Option<String>,
    present_in: Option<&Path>,
) -> Result<Vec<TableKind>, CliError> {
    match only {
        None => Ok(TableKind::ALL
            .into_iter()
            .filter(|k| {
                k.descriptor().default_build
                    || present_in.is_some_and(|d| d.join(k.file_name()).exists())
            })
            .collect()),
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
    let peak = |k: TableKind| k.generation_peak();
    [
        TableKind::SlicePerm,
        TableKind::FlipSlice,
        TableKind::Coset4,
        TableKind::Coset,
    ]
    .into_iter()
    .find(|&k| peak(k) <= bytes)
    .ok_or_else(|| {
        CliError::Input(format!(
            "--memory {size}: the smallest coset table needs {} to build",
            human_bytes(peak(TableKind::Coset))
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

fn human_bytes(b: u64) -> String {
    if b >= 1 << 30 {
        format!("{:.2} GiB", b as f64 / (1u64 << 30) as f64)
    } else {
        format!("{:.0} MiB", b as f64 / (1u64 << 20) as f64)
    }
}

/// Generate `kinds` into `dir` with a progress bar per table (or plain lines off a terminal).
fn build_tables(kinds: &[TableKind], dir: &Path) -> Result<(), CliError> {
    let terminal = std::io::stderr().is_terminal();
    for &kind in kinds {
        let d = kind.descriptor();
        let started = Instant::now();
        let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
        let name = d.name;
        let report = |p: Progress| match p {
            Progress::DepthStart {
                depth,
                backward,
                work,
            } => {
                if terminal {
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
                    *bar.lock().unwrap() = Some(pb);
                }
            }
            Progress::Work { done } => {
                if let Some(pb) = bar.lock().unwrap().as_ref() {
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
                if let Some(pb) = bar.lock().unwrap().take() {
                    pb.finish_and_clear();
                }
                let secs = started.elapsed().as_secs_f64();
                eprintln!(
                    "{name}: depth {depth:>2}: {found:>11} states, {filled:>11}/{} filled ({:5.1}%), {:.1}s, {:.1} M states/s",
                    d.entries,
                    100.0 * filled as f64 / d.entries as f64,
                    secs,
                    filled as f64 / secs.max(1e-9) / 1e6
                );
            }
        };
        let header = tables::build_file(kind, dir, &report)?;
        eprintln!(
            "{name}: wrote {} ({}) in {:.1}s",
            dir.join(kind.file_name()).display(),
            human_bytes(kind.file_size()),
            header.generation_millis as f64 / 1000.0
        );
    }
    Ok(())
}

fn generate(a: GenerateArgs) -> Result<(), CliError> {
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
        std::fs::create_dir_all(&dir).map_err(|e| {
            CliError::Failure(format!(
                "cannot create tables directory {}: {e}",
                dir.display()
            ))
        })?;
        build_tables(&todo, &dir)?;
    }
    Ok(())
}

fn verify(a: VerifyArgs) -> Result<(), CliError> {
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

fn list(dir: &Path) -> Result<(), CliError> {
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
        let used_by = match k {
            TableKind::Corners => "every optimal search",
            TableKind::Edges7 | TableKind::EdgePerm => "--heuristic korf or all",
            TableKind::Phase1 | TableKind::Phase2 => "--fast, scramble, upper bounds",
            TableKind::Coset => "--heuristic coset (default without coset4) or all",
            TableKind::Coset4 => {
                "--heuristic coset4 (default when present without flipslice; `korf tables generate --coset 4`)"
            }
            TableKind::FullEdge => {
                "--heuristic full-edge or coset4+full-edge (`korf tables generate --only full-edge`)"
            }
            TableKind::FlipSlice => {
                "--heuristic flipslice (default when present without sliceperm; `korf tables generate --only flipslice`)"
            }
            TableKind::SlicePerm => {
                "--heuristic sliceperm (default when present; `korf tables generate --only sliceperm`)"
            }
        };
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

/// Make sure `kinds` are present in `dir`, generating missing ones unless `no_generate`.
fn ensure_tables(
    kinds: &[TableKind],
    dir: &Path,
    no_generate: bool,
    what: &str,
) -> Result<(), CliError> {
    let missing: Vec<TableKind> = kinds
        .iter()
        .copied()
        .filter(|k| !dir.join(k.file_name()).exists())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let names: Vec<&str> = missing.iter().map(|k| k.name()).collect();
    if no_generate {
        return Err(CliError::Failure(format!(
            "{what} missing in {}: {}; build them with `korf tables generate --dir {}` (or choose another --heuristic)",
            dir.display(),
            names.join(", "),
            dir.display()
        )));
    }
    let bytes: u64 = missing.iter().map(|k| k.file_size()).sum();
    // Measured on 2 cores (README, "Pattern databases"), rounded up.
    let seconds: u64 = missing
        .iter()
        .map(|k| match k {
            TableKind::Corners => 10,
            TableKind::Edges7 => 40,
            TableKind::EdgePerm => 35,
            TableKind::Phase1 => 10,
            TableKind::Phase2 => 1,
            TableKind::Coset => 15,
            TableKind::Coset4 => 900,
            TableKind::FullEdge => 7200,
            TableKind::FlipSlice => 1800,
            TableKind::SlicePerm => 3600,
        })
        .sum();
    let duration = format!("about {seconds} seconds on 2 cores");
    eprintln!(
        "korf: first run: generating the {what} ({}) into {}: {} of disk, {duration}; this happens once.",
        names.join(", "),
        dir.display(),
        human_bytes(bytes)
    );
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::Failure(format!(
            "cannot create tables directory {}: {e}",
            dir.display()
        ))
    })?;
    build_tables(&missing, dir)
}

/// The heuristic a search uses: `--heuristic`, else the coset table (the fastest, and
/// quick to build) unless only Korf's tables are present.
fn heuristic_kind(s: &SearchArgs, dir: &Path) -> HeuristicKind {
    match s.heuristic {
        Some(HeuristicArg::Korf) => HeuristicKind::Korf,
        Some(HeuristicArg::Coset) => HeuristicKind::Coset,
        Some(HeuristicArg::Coset4) => HeuristicKind::Coset4,
        Some(HeuristicArg::All) => HeuristicKind::All,
        Some(HeuristicArg::FullEdge) => HeuristicKind::FullEdge,
        Some(HeuristicArg::Coset4FullEdge) => HeuristicKind::Coset4FullEdge,
        Some(HeuristicArg::FlipSlice) => HeuristicKind::FlipSlice,
        Some(HeuristicArg::SlicePerm) => HeuristicKind::SlicePerm,
        None => {
            let present = |k: &TableKind| dir.join(k.file_name()).exists();
            if present(&TableKind::SlicePerm) {
                return HeuristicKind::SlicePerm;
            }
            if present(&TableKind::FlipSlice) {
                return HeuristicKind::FlipSlice;
            }
            if present(&TableKind::Coset4) {
                return HeuristicKind::Coset4;
            }
            let korf_only = tables::DEFAULT_SET.iter().all(present) && !present(&TableKind::Coset);
            if korf_only {
                HeuristicKind::Korf
            } else {
                HeuristicKind::Coset
            }
        }
    }
}

/// Load the heuristic's tables, generating missing ones first unless `--no-generate`.
fn load_tables(s: &SearchArgs) -> Result<TableSet, CliError> {
    let dir = tables::resolve_dir(s.tables.as_deref());
    let kind = heuristic_kind(s, &dir);
    // The large tables take many minutes and gigabytes of memory to build: never started
    // behind the user's back.
    for (big, cost) in [
        (
            TableKind::FullEdge,
            "about an hour on 2 cores, 6 GB of memory",
        ),
        (
            TableKind::FlipSlice,
            "about 15 minutes on 2 cores, 8 GB of memory",
        ),
        (
            TableKind::SlicePerm,
            "about an hour on 2 cores, 8 GB of memory",
        ),
    ] {
        let path = dir.join(big.file_name());
        if kind.tables().contains(&big) && !path.exists() {
            return Err(CliError::Failure(format!(
                "--heuristic {} needs {}, which is not built; build it once with `korf tables generate --only {} --dir {}` ({cost})",
                kind.name(),
                path.display(),
                big.name(),
                dir.display()
            )));
        }
    }
    ensure_tables(kind.tables(), &dir, s.no_generate, "pattern databases")?;
    let residency = if s.no_huge_pages {
        tables::Residency::Mapped
    } else {
        tables::Residency::HugePages
    };
    Ok(TableSet::open_for(&dir, residency, kind)?)
}

/// Load the two-phase tables, generating them first if missing unless `no_generate`.
fn load_twophase(dir: Option<&Path>, no_generate: bool) -> Result<TwoPhase, CliError> {
    let dir = tables::resolve_dir(dir);
    ensure_tables(&tables::TWOPHASE_SET, &dir, no_generate, "two-phase tables")?;
    Ok(TwoPhase::open(&dir)?)
}

/// The two-phase solver that feeds the optimal search upper bounds: generated with the other
/// tables unless `--no-generate`, in which case it is simply left out when missing.
fn upper_bound_solver(s: &SearchArgs) -> Result<Option<Box<TwoPhase>>, CliError> {
    let dir = tables::resolve_dir(s.tables.as_deref());
    let present = tables::TWOPHASE_SET
        .iter()
        .all(|k| dir.join(k.file_name()).exists());
    if !present && s.no_generate {
        return Ok(None);
    }
    Ok(Some(Box::new(load_twophase(
        s.tables.as_deref(),
        s.no_generate,
    )?)))
}

/// The one-line summary `korf bench` prints after a list.
fn summary_line(s: &report::Summary) -> String {
    let duration = |secs: f64| {
        if secs < 1.0 {
            format!("{:.2} ms", secs * 1000.0)
        } else {
            format!("{secs:.3}s")
        }
    };
    let busy = if s.utilisation.is_nan() {
        String::new()
    } else {
        format!(", {:.0}% busy", 100.0 * s.utilisation)
    };
    format!(
        "solved {}/{}; mean {}, median {}, mean nodes {:.4e}, {:.3e} nodes/s overall{busy}; lengths: {}\n",
        s.solved,
        s.count,
        duration(s.mean_seconds),
        duration(s.median_seconds),
        s.mean_nodes,
        s.nodes_per_second,
        s.lengths
            .iter()
            .map(|(l, c)| format!("{l}f×{c}"))
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// The solver a command runs: optimal IDA* or the two-phase search.
enum Engine {
    Optimal {
        set: Box<TableSet>,
        opts: search::Options,
        /// The two-phase solver, asked for upper bounds between iterations.
        bounds: Option<Box<TwoPhase>>,
    },
    Fast {
        solver: Box<TwoPhase>,
        opts: FastOptions,
    },
}

fn positive_seconds(value: Option<f64>, flag: &str) -> Result<Option<Duration>, CliError> {
    match value {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 => Ok(Some(Duration::from_secs_f64(t))),
        Some(t) => Err(CliError::Input(format!(
            "{flag} must be a positive number of seconds, got {t}"
        ))),
    }
}

/// Check the options and load the tables of the chosen solver.
fn engine(s: &SearchArgs, fast: &FastArgs) -> Result<Engine, CliError> {
    let opts = search_options(s)?;
    if fast.fast {
        let opts = FastOptions {
            max_length: fast.max_length as usize,
            time: positive_seconds(fast.time, "--time")?,
            threads: s.threads.unwrap_or(1),
            target: 0,
            timeout: positive_seconds(s.timeout, "--timeout")?,
        };
        let solver = load_twophase(s.tables.as_deref(), s.no_generate)?;
        Ok(Engine::Fast {
            solver: Box::new(solver),
            opts,
        })
    } else {
        let set = Box::new(load_tables(s)?);
        let bounds = if s.no_upper_bound {
            None
        } else {
            upper_bound_solver(s)?
        };
        Ok(Engine::Optimal { set, opts, bounds })
    }
}

fn search_options(s: &SearchArgs) -> Result<search::Options, CliError> {
    let timeout = positive_seconds(s.timeout, "--timeout")?;
    if s.threads == Some(0) {
        return Err(CliError::Input("--threads must be at least 1".into()));
    }
    Ok(search::Options {
        threads: s.threads.unwrap_or(0),
        max_depth: s.max_depth,
        timeout,
        lanes: s.lanes,
    })
}

/// Solve one position with the chosen engine and turn the outcome into a record.
fn solve_one(
    engine: &Engine,
    index: usize,
    input: &str,
    cube: &Cube,
    live: bool,
) -> Result<SolveRecord, CliError> {
    match engine {
        Engine::Optimal { set, opts, bounds } => {
            solve_optimal(set, bounds.as_deref(), index, input, cube, opts, live)
        }
        Engine::Fast { solver, opts } => solve_fast(solver, index, input, cube, opts),
    }
}

fn solve_fast(
    solver: &TwoPhase,
    index: usize,
    input: &str,
    cube: &Cube,
    opts: &FastOptions,
) -> Result<SolveRecord, CliError> {
    let outcome = solver
        .solve(cube, opts)
        .map_err(|e| CliError::Failure(e.to_string()))?;
    let status = match (&outcome.solution, outcome.timed_out) {
        (Some(_), _) => "solved",
        (None, true) => "timeout",
        (None, false) => "max_length",
    };
    Ok(SolveRecord {
        index,
        input: input.to_string(),
        facelets: cube.to_facelets(),
        status: status.to_string(),
        length: outcome.solution.as_ref().map(|s| s.len()),
        solution: outcome.solution.as_ref().map(|s| format_moves(s)),
        optimal: false,
        nodes: outcome.nodes,
        seconds: outcome.seconds,
        nodes_per_second: outcome.nodes as f64 / outcome.seconds.max(1e-9),
        threads: opts.threads,
        utilisation: f64::NAN,
        depths: Vec::new(),
        heuristic: "two-phase".to_string(),
        upper_bound: None,
        symmetry: None,
    })
}

/// Solve one position optimally.
fn solve_optimal(
    set: &TableSet,
    bounds: Option<&TwoPhase>,
    index: usize,
    input: &str,
    cube: &Cube,
    opts: &search::Options,
    live: bool,
) -> Result<SolveRecord, CliError> {
    let spinner = live.then(|| {
        let pb = ProgressBar::new_spinner();
        pb.set_style(ProgressStyle::with_template("{spinner} {msg}").unwrap());
        pb
    });
    let update = |s: Snapshot| {
        if let Some(pb) = &spinner {
            let secs = s.elapsed.as_secs_f64();
            let upper = s
                .upper
                .map_or(String::new(), |u| format!("found {u}, proving… "));
            pb.set_message(format!(
                "{upper}depth bound {}, {} nodes, {:.2e} nodes/s, {:.1}s",
                s.bound,
                s.nodes,
                s.nodes as f64 / secs.max(1e-9),
                secs
            ));
            pb.tick();
        }
    };
    let find = bounds.map(|b| b.upper_bound_source(*cube, opts.threads));
    let hooks = search::Hooks {
        progress: if live { Some(&update) } else { None },
        upper_bound: find.as_ref().map(|f| f as search::UpperBoundFn),
        ..search::Hooks::default()
    };
    let outcome =
        search::solve_with(set, cube, opts, hooks).map_err(|e| CliError::Failure(e.to_string()))?;
    if let Some(pb) = spinner {
        pb.finish_and_clear();
    }
    let (status, solution) = match &outcome.solution {
        Ok(s) => ("solved", Some(s.clone())),
        Err(Unsolved::Timeout) => ("timeout", None),
        Err(Unsolved::MaxDepth) => ("max_depth", None),
    };
    Ok(SolveRecord {
        index,
        input: input.to_string(),
        facelets: cube.to_facelets(),
        status: status.to_string(),
        length: solution.as_ref().map(|s| s.len()),
        solution: solution.as_ref().map(|s| format_moves(s)),
        optimal: solution.is_some(),
        nodes: outcome.nodes,
        seconds: outcome.seconds,
        nodes_per_second: outcome.nodes as f64 / outcome.seconds.max(1e-9),
        threads: outcome.threads,
        utilisation: outcome.busy_seconds / (outcome.threads as f64 * outcome.seconds).max(1e-9),
        depths: outcome.depths,
        heuristic: set.kind().name().to_string(),
        upper_bound: outcome.upper_bound,
        symmetry: Some(outcome.symmetry),
    })
}

fn busy_cell(r: &SolveRecord) -> String {
    if r.utilisation.is_nan() {
        "-".to_string()
    } else {
        format!("{:.0}%", 100.0 * r.utilisation)
    }
}

fn stats_text(r: &SolveRecord) -> String {
    let mut s = format!(
        "heuristic {}: nodes {} in {:.3}s ({:.3e} nodes/s, {} threads, {} busy)\n",
        r.heuristic,
        r.nodes,
        r.seconds,
        r.nodes_per_second,
        r.threads,
        busy_cell(r)
    );
    if let Some(u) = &r.upper_bound {
        s.push_str(&format!(
            "two-phase upper bound: {} moves ({:.3}s spent){}\n",
            u.length,
            u.seconds,
            if u.proved_by_bound {
                "; every shorter bound exhausted, so the last iteration was skipped"
            } else {
                ""
            }
        ));
    }
    if let Some(sym) = r.symmetry.as_ref().filter(|s| s.symmetries > 1) {
        s.push_str(&format!(
            "symmetry: the position has {} symmetries; {} of {} tasks searched (each other \
             one is the image of one of these under a symmetry)\n",
            sym.symmetries, sym.tasks, sym.all_tasks
        ));
    }
    for d in &r.depths {
        s.push_str(&format!(
            "  bound {:>2}: {:>14} nodes {:>10.3}s\n",
            d.bound, d.nodes, d.seconds
        ));
    }
    s
}

fn solve(a: SolveArgs) -> Result<(), CliError> {
    // Check the options first.
    search_options(&a.search)?;
    positive_seconds(a.fast.time, "--time")?;
    // Read every position before loading tables, so bad input fails fast.
    let mut inputs: Vec<(String, Result<Cube, CliError>)> = Vec::new();
    match (&a.position, &a.scramble) {
        (_, Some(m)) => inputs.push((
            m.clone(),
            parse_moves(m)
                .map(|s| Cube::from_moves(&s))
                .map_err(Into::into),
        )),
        (Some(p), None) if p == "-" => {
            for (n, line) in std::io::stdin().lock().lines().enumerate() {
                let line = line?;
                let text = line.split('#').next().unwrap_or("").trim().to_string();
                if text.is_empty() {
                    continue;
                }
                let parsed = cube::parse_position(&text)
                    .map_err(|e| CliError::Input(format!("stdin line {}: {e}", n + 1)));
                inputs.push((text, parsed));
            }
        }
        (Some(p), None) => inputs.push((p.clone(), facelets_argument(p))),
        (None, None) => unreachable!("clap requires a position"),
    }
    if inputs.len() == 1 {
        if let Err(e) = &inputs[0].1 {
            return Err(CliError::Input(e.to_string()));
        }
    }
    let engine = engine(&a.search, &a.fast)?;
    let live = std::io::stderr().is_terminal();
    let mut failure = None;
    for (i, (text, parsed)) in inputs.iter().enumerate() {
        let cube = match parsed {
            Ok(c) => c,
            Err(e) => {
                eprintln!("korf: error: {e}");
                failure = Some(CliError::Input(e.to_string()));
                continue;
            }
        };
        let r = solve_one(&engine, i + 1, text, cube, live)?;
        if a.json {
            out(&(serde_json::to_string(&r).expect("serializable") + "\n"));
        } else {
            match &r.solution {
                Some(s) => {
                    let moves = parse_moves(s).expect("own output parses");
                    out(&format!("{}\n", report::solution_line(&moves, r.optimal)));
                }
                None => {
                    let why = match (&engine, r.status.as_str()) {
                        (Engine::Optimal { .. }, "timeout") => {
                            format!("timed out after {:.1}s without a proven optimum", r.seconds)
                        }
                        (Engine::Optimal { opts, .. }, _) => {
                            format!("no solution of at most {} moves", opts.max_depth)
                        }
                        (Engine::Fast { opts, .. }, "timeout") => format!(
                            "the two-phase search found no solution of at most {} moves in {:.1}s; raise --max-length or --time",
                            opts.max_length, r.seconds
                        ),
                        (Engine::Fast { opts, .. }, _) => format!(
                            "the two-phase search found no solution of at most {} moves (it is not exhaustive: drop --fast to decide); raise --max-length",
                            opts.max_length
                        ),
                    };
                    out(&format!("no solution: {why}\n"));
                    failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
                }
            }
            let stats = stats_text(&r);
            if a.stats {
                out(&stats);
            } else {
                eprint!("{stats}");
            }
        }
        if r.solution.is_none() && failure.is_none() {
            failure = Some(CliError::Failure(format!(
                "position {}: {}",
                i + 1,
                r.status
            )));
        }
    }
    failure.map_or(Ok(()), Err)
}

fn read_list(path: &PathBuf) -> Result<Vec<(String, Cube)>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError::Input(format!("cannot read scramble list {}: {e}", path.display()))
    })?;
    let mut v = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            continue;
        }
        let cube = cube::parse_position(t)
            .map_err(|e| CliError::Input(format!("{} line {}: {e}", path.display(), n + 1)))?;
        v.push((t.to_string(), cube));
    }
    Ok(v)
}

fn bench(a: BenchArgs) -> Result<(), CliError> {
    search_options(&a.search)?;
    positive_seconds(a.fast.time, "--time")?;
    let mut positions = Vec::new();
    for f in &a.files {
        positions.extend(read_list(f)?);
    }
    let live = std::io::stderr().is_terminal();
    // One run per heuristic with --compare, else one run as the options say.
    let runs: Vec<SearchArgs> = if a.compare.is_empty() {
        vec![a.search.clone()]
    } else {
        a.compare
            .iter()
            .map(|&h| SearchArgs {
                heuristic: Some(h),
                ..a.search.clone()
            })
            .collect()
    };
    let mut rows = Vec::new();
    let mut summaries = Vec::new();
    for (run, search) in runs.iter().enumerate() {
        let engine = engine(search, &a.fast)?;
        let name = match &engine {
            Engine::Optimal { set, .. } => set.kind().name().to_string(),
            Engine::Fast { .. } => "two-phase".to_string(),
        };
        if run > 0 {
            out("\n");
        }
        out(&format!(
            "# {}\n",
            match &engine {
                Engine::Optimal { set, .. } => format!(
                    "optimal search, heuristic {name} ({})",
                    set.kind()
                        .tables()
                        .iter()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
                Engine::Fast { .. } => "two-phase search (--fast)".to_string(),
            }
        ));
        out(&format!(
            "{:>5} {:>6} {:>10} {:>15} {:>11} {:>5}\n",
            "#", "length", "seconds", "nodes", "nodes/s", "busy"
        ));
        let mut run_rows = Vec::new();
        for (i, (text, cube)) in positions.iter().enumerate() {
            let r = solve_one(&engine, i + 1, text, cube, live)?;
            out(&format!(
                "{:>5} {:>6} {:>10.3} {:>15} {:>11.3e} {:>5}\n",
                r.index,
                r.length.map_or(r.status.clone(), |l| l.to_string()),
                r.seconds,
                r.nodes,
                r.nodes_per_second,
                busy_cell(&r)
            ));
            run_rows.push(r);
        }
        let s = report::summarize(&run_rows);
        out(&summary_line(&s));
        summaries.push((name, s));
        rows.extend(run_rows);
    }
    if summaries.len() > 1 {
        out(&format!(
            "\n# side by side, {} positions\n{:<16} {:>9} {:>10} {:>10} {:>12} {:>11}\n",
            positions.len(),
            "heuristic",
            "solved",
            "mean s",
            "median s",
            "mean nodes",
            "nodes/s"
        ));
        for (name, s) in &summaries {
            out(&format!(
                "{:<16} {:>9} {:>10.3} {:>10.3} {:>12.4e} {:>11.3e}\n",
                name,
                format!("{}/{}", s.solved, s.count),
                s.mean_seconds,
                s.median_seconds,
                s.mean_nodes,
                s.nodes_per_second
            ));
        }
    }
    let s = report::summarize(&rows);
    if let Some(p) = &a.csv {
        std::fs::write(p, report::Csv.render(&rows))?;
    }
    if let Some(p) = &a.json {
        std::fs::write(p, report::Json.render(&rows))?;
    }
    if s.solved < s.count {
        return Err(CliError::Failure(format!(
            "{} of {} positions were not solved within the limits",
            s.count - s.solved,
            s.count
        )));
    }
    if let Some(want) = a.expect_length {
        let wrong: Vec<usize> = rows
            .iter()
            .filter(|r| r.length != Some(want))
            .map(|r| r.index)
            .collect();
        if !wrong.is_empty() {
            return Err(CliError::Failure(format!(
                "positions {wrong:?} have a solution length different from the expected {want}"
            )));
        }
    }
    Ok(())
}

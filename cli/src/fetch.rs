//! `korf tables fetch URL`: tables downloaded from a host that publishes the files `korf
//! tables generate` writes (the page's layout: `URL/NAME.pdb`), instead of built here.
//!
//! Each file is asked for in pieces from where the bytes kept so far end (HTTP `Range`),
//! into `DIR/.fetch/NAME.pdb`: a connection that drops is resumed at once, up to
//! [`ATTEMPTS`] times, and a run stopped part-way resumes on the next run. A server that
//! ignores `Range` sends the whole file again, which replaces what was kept. The whole file
//! is then verified as `korf tables verify` does (header, checksum, depth histogram
//! against the published distribution) before it is moved into `DIR`; a file that fails
//! is deleted and never used. A table present in `DIR` whose last verification passed on
//! that very file is not fetched (a local build that verifies is trusted over any host).

use crate::cli::{CliError, FetchArgs};
use indicatif::{ProgressBar, ProgressStyle};
use korf::search::HeuristicKind;
use korf::tables::{self, Budget, Table, TableKind, TWOPHASE_SET};
use korf_front::report::human_bytes;
use std::fs::{self, OpenOptions};
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::time::Duration;

/// Requests per file before giving up: each resumes from the bytes already kept.
const ATTEMPTS: u32 = 6;
/// Memory a search holds besides its tables (the program, coordinate tables, stacks; a
/// `coset-cp` search peaks about 11 MiB above its files, 2026-12-05).
const PROCESS: u64 = 32 << 20;
/// Bytes written between progress updates and flushes of the part file.
const PIECE: usize = 1 << 20;

/// `korf tables fetch`.
pub fn fetch(a: FetchArgs) -> Result<(), CliError> {
    let dir = tables::resolve_dir(a.dir.dir.as_deref());
    let base = base_url(&a.url)?;
    let kinds = match &a.memory {
        Some(size) => plan_for_memory(size, &dir)?,
        None if a.only.is_empty() => set_of(HeuristicKind::FIRST_SOLVE),
        None => a.only.clone(),
    };
    if a.dry_run {
        for k in &kinds {
            let state = if verified_here(*k, &dir) {
                "present and verified"
            } else {
                "would fetch"
            };
            println!("{}: {state} ({})", k.name(), human_bytes(k.file_size()));
        }
        return Ok(());
    }
    let staging = dir.join(".fetch");
    fs::create_dir_all(&staging)
        .map_err(|e| CliError::Failure(format!("cannot create {}: {e}", staging.display())))?;
    let agent = ureq::AgentBuilder::new()
        .timeout_connect(Duration::from_secs(20))
        .timeout_read(Duration::from_secs(60))
        .build();
    let fetched = kinds.into_iter().try_for_each(|k| {
        if !a.force && verified_here(k, &dir) {
            eprintln!(
                "{}: present in {} and verified; not fetched",
                k.name(),
                dir.display()
            );
            return Ok(());
        }
        let url = format!("{base}{}", k.file_name());
        download(&agent, &url, &staging.join(k.file_name()), k.file_size())?;
        install(k, &staging, &dir, &url)
    });
    // Kept only while it holds a part to resume from.
    let _ = fs::remove_dir(&staging);
    fetched
}

/// The tables of heuristic `h` and the two-phase tables (its upper bounds).
fn set_of(h: HeuristicKind) -> Vec<TableKind> {
    let mut set = h.tables().to_vec();
    set.extend(TWOPHASE_SET);
    set
}

/// The tables of the fastest heuristic whose files, with [`PROCESS`] beside them, fit in
/// `budget`'s memory, and whose missing files fit on its disk.
pub fn fastest_usable_set(budget: &Budget, dir: &Path) -> Option<Vec<TableKind>> {
    let fits = |set: &[TableKind]| {
        let files: u64 = set.iter().map(|k| k.file_size()).sum();
        let missing: u64 = set
            .iter()
            .filter(|k| !dir.join(k.file_name()).exists())
            .map(|k| k.file_size())
            .sum();
        files + PROCESS <= budget.memory && budget.disk.is_none_or(|d| missing <= d)
    };
    HeuristicKind::fastest_first()
        .into_iter()
        .filter(|h| h.spec().auto)
        .map(set_of)
        .find(|set| fits(set))
}

/// The heuristic's own (largest) table in a set of [`set_of`].
pub fn own_table(set: &[TableKind]) -> TableKind {
    set[set.len() - TWOPHASE_SET.len() - 1]
}

/// `--memory SIZE|auto`: the tables of the fastest heuristic whose files, with
/// [`PROCESS`] beside them, fit in memory, and fit on disk (those present cost no disk),
/// whatever their build would take.
fn plan_for_memory(size: &str, dir: &Path) -> Result<Vec<TableKind>, CliError> {
    let budget = crate::cli::memory_budget(size, dir)?;
    let chosen = fastest_usable_set(&budget, dir).ok_or_else(|| {
        CliError::Input(format!(
            "--memory {size}: {} is too little for any set of tables (the smallest, {}, \
                 takes {} and a search {} more)",
            human_bytes(budget.memory),
            HeuristicKind::FIRST_SOLVE.name(),
            human_bytes(
                set_of(HeuristicKind::FIRST_SOLVE)
                    .iter()
                    .map(|k| k.file_size())
                    .sum()
            ),
            human_bytes(PROCESS)
        ))
    })?;
    let own = own_table(&chosen);
    let build_budget = Budget {
        disk: None,
        ..budget
    };
    let build = if build_budget.fits(own) {
        "its build would fit here too".to_string()
    } else {
        format!(
            "building it here would need {}",
            human_bytes(own.generation_peak())
        )
    };
    eprintln!(
        "korf: --memory {size}: {} of memory; the fastest set that fits is {} ({} in all; {build})",
        human_bytes(budget.memory),
        chosen
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(", "),
        human_bytes(chosen.iter().map(|k| k.file_size()).sum()),
    );
    Ok(chosen)
}

/// The URL with one trailing slash: the base each `NAME.pdb` is appended to.
fn base_url(url: &str) -> Result<String, CliError> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(CliError::Input(format!(
            "URL {url:?} is not an http:// or https:// address; give the folder that holds \
             the published NAME.pdb files, e.g. https://example.org/korf/tables/"
        )));
    }
    Ok(format!("{}/", url.trim_end_matches('/')))
}

/// Whether `dir` holds table `k` and its last verification passed on this very file.
fn verified_here(k: TableKind, dir: &Path) -> bool {
    Table::open(k, dir, false)
        .ok()
        .and_then(|t| t.last_verification())
        .is_some_and(|r| r.passed && r.same_file)
}

/// Bring `url` into `part` (`expected` bytes long), resuming from what `part` holds.
fn download(agent: &ureq::Agent, url: &str, part: &Path, expected: u64) -> Result<(), CliError> {
    let bar = progress_bar(url, expected);
    let mut last_error = String::new();
    for attempt in 1..=ATTEMPTS {
        match fetch_rest(agent, url, part, expected, &bar) {
            Ok(()) => {
                bar.finish_and_clear();
                eprintln!("{url}: {} fetched", human_bytes(expected));
                return Ok(());
            }
            Err(Attempt::Fatal(e)) => {
                bar.abandon();
                return Err(e);
            }
            Err(Attempt::Retry(e)) => {
                let kept = fs::metadata(part).map_or(0, |m| m.len());
                let line = format!(
                    "{url}: {e}; {} kept, resuming (attempt {attempt} of {ATTEMPTS})",
                    human_bytes(kept)
                );
                // A hidden bar (no terminal) prints nothing.
                if bar.is_hidden() {
                    eprintln!("{line}");
                } else {
                    bar.println(line);
                }
                last_error = e;
                std::thread::sleep(Duration::from_millis(200 * u64::from(attempt)));
            }
        }
    }
    bar.abandon();
    Err(CliError::Failure(format!(
        "{url}: gave up after {ATTEMPTS} attempts ({last_error}); what was fetched is kept in \
         {}: run the same command again to resume",
        part.display()
    )))
}

/// Why one request did not finish the file.
enum Attempt {
    /// The transfer stopped; asking again from what is kept may finish it.
    Retry(String),
    /// Asking again will not help (no such file, a refusal, a file of the wrong size).
    Fatal(CliError),
}

/// One request for the bytes of `url` past those `part` holds, appended to it.
fn fetch_rest(
    agent: &ureq::Agent,
    url: &str,
    part: &Path,
    expected: u64,
    bar: &ProgressBar,
) -> Result<(), Attempt> {
    let mut kept = fs::metadata(part).map_or(0, |m| m.len());
    if kept > expected {
        let _ = fs::remove_file(part);
        kept = 0;
    }
    if kept == expected {
        return Ok(());
    }
    let response = match agent
        .get(url)
        .set("Range", &format!("bytes={kept}-"))
        .call()
    {
        Ok(r) => r,
        Err(ureq::Error::Status(404, _)) => {
            return Err(Attempt::Fatal(CliError::Failure(format!(
                "{url}: not found (404); the host does not publish this table: build it with \
                 `korf tables generate --only {}`",
                file_stem(part)
            ))))
        }
        Err(ureq::Error::Status(code, r)) if code >= 500 => {
            return Err(Attempt::Retry(format!(
                "the server answered {code} {}",
                r.status_text()
            )))
        }
        Err(ureq::Error::Status(code, r)) => {
            return Err(Attempt::Fatal(CliError::Failure(format!(
                "{url}: the server refused ({code} {})",
                r.status_text()
            ))))
        }
        Err(ureq::Error::Transport(t)) if t.kind() == ureq::ErrorKind::InvalidUrl => {
            return Err(Attempt::Fatal(CliError::Input(format!(
                "{url}: not a valid URL ({t}); give the folder that holds the published NAME.pdb files"
            ))))
        }
        Err(e) => return Err(Attempt::Retry(e.to_string())),
    };
    // 206: the rest, from `kept`; 200: the server ignored the range and sends it all.
    let from = if response.status() == 206 { kept } else { 0 };
    check_length(&response, url, from, expected).map_err(Attempt::Fatal)?;
    let mut file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(from == 0)
        .append(from > 0)
        .open(part)
        .map_err(|e| Attempt::Fatal(io_failure(part, e)))?;
    let mut body = response.into_reader().take(expected - from);
    let mut have = from;
    bar.set_position(have);
    let mut buf = vec![0u8; PIECE];
    loop {
        let n = match body.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => return Err(Attempt::Retry(format!("the connection broke: {e}"))),
        };
        file.write_all(&buf[..n])
            .map_err(|e| Attempt::Fatal(io_failure(part, e)))?;
        have += n as u64;
        bar.set_position(have);
    }
    file.sync_all()
        .map_err(|e| Attempt::Fatal(io_failure(part, e)))?;
    if have < expected {
        return Err(Attempt::Retry(format!(
            "the transfer ended at {} of {}",
            human_bytes(have),
            human_bytes(expected)
        )));
    }
    Ok(())
}

/// The host's file must be the size this build's table is, and a partial answer must start
/// where it was asked to.
fn check_length(
    response: &ureq::Response,
    url: &str,
    from: u64,
    expected: u64,
) -> Result<(), CliError> {
    let total = match response.header("Content-Range") {
        // "bytes START-END/TOTAL"
        Some(range) if response.status() == 206 => {
            let spec = range.trim_start_matches("bytes").trim();
            let (span, total) = spec.split_once('/').unwrap_or((spec, "*"));
            let start = span
                .split('-')
                .next()
                .and_then(|s| s.trim().parse::<u64>().ok());
            if start != Some(from) {
                return Err(CliError::Failure(format!(
                    "{url}: asked for the bytes from {from}, the server sent {range:?}"
                )));
            }
            total.trim().parse::<u64>().ok()
        }
        _ => response
            .header("Content-Length")
            .and_then(|l| l.trim().parse::<u64>().ok())
            .map(|l| l + from),
    };
    match total {
        Some(total) if total != expected => Err(CliError::Failure(format!(
            "{url}: the host's file is {total} bytes where this build's table is {expected} \
             (a table of another korf version?); build it here with `korf tables generate`"
        ))),
        _ => Ok(()),
    }
}

/// Verify the fetched `staging/NAME.pdb` and move it into `dir`; delete it if it fails.
fn install(k: TableKind, staging: &Path, dir: &Path, url: &str) -> Result<(), CliError> {
    let fetched = staging.join(k.file_name());
    let refuse = |why: String| {
        let _ = fs::remove_file(&fetched);
        CliError::Failure(format!(
            "{url}: the file failed its check ({why}); deleted, not used. Build the table \
             here with `korf tables generate --dir {} --only {}`",
            dir.display(),
            k.name()
        ))
    };
    let v = match Table::open(k, staging, false) {
        Ok(t) => t.verify(),
        Err(e) => return Err(refuse(e.to_string())),
    };
    if !(v.checksum_ok && v.histogram_ok) {
        let why = if v.checksum_ok {
            "its depth histogram differs from the published distribution"
        } else {
            "its checksum does not match its payload"
        };
        return Err(refuse(why.to_string()));
    }
    let target = dir.join(k.file_name());
    fs::rename(&fetched, &target).map_err(|e| io_failure(&target, e))?;
    let installed = Table::open(k, dir, false).map_err(|e| CliError::Failure(e.to_string()))?;
    if let Err(e) = installed.record_verification(&v) {
        eprintln!(
            "korf: warning: cannot record the verification of {}: {e}",
            target.display()
        );
    }
    eprintln!("{}: verified and installed in {}", k.name(), dir.display());
    Ok(())
}

/// A progress bar in bytes with the time left, on a terminal; hidden otherwise.
fn progress_bar(url: &str, len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_message(url.rsplit('/').next().unwrap_or(url).to_string());
    bar
}

fn file_stem(p: &Path) -> String {
    p.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn io_failure(path: &Path, e: std::io::Error) -> CliError {
    CliError::Failure(format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::base_url;

    #[test]
    fn the_base_url_ends_in_one_slash_and_must_be_http() {
        assert_eq!(base_url("http://h/t").unwrap(), "http://h/t/");
        assert_eq!(base_url("https://h/t//").unwrap(), "https://h/t/");
        assert!(base_url("ftp://h/t").is_err());
        assert!(base_url("tables").is_err());
    }
}

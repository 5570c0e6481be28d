//! Every numeric option of every command, given extreme values (issue 38, 1): zero,
//! negatives, subnormals, huge and integer-limit values, infinities, NaN.  Each run ends
//! in time with exit 0 or 1 (an answer, or a failure it names), or 2 naming the option;
//! never a panic.

use crate::common;

const VALUES: &[&str] = &[
    "0",
    "-0",
    "-1",
    "5e-324",
    "1e-300",
    "0.5",
    "1",
    "4",
    "30",
    "1e19",
    "1.8e19",
    "1e30",
    "1e300",
    "inf",
    "-inf",
    "NaN",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
];

/// One command line with a numeric option to vary: the arguments before it, the option.
struct Probe {
    before: Vec<String>,
    flag: &'static str,
    /// Whether huge values the option accepts would ask for endless work (`scramble
    /// --count`): only the small ones are run.
    small_only: bool,
}

fn probes(list: &str, dir: &str) -> Vec<Probe> {
    let words = |s: &[&str]| s.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let optimal = words(&[
        "solve",
        "--no-generate",
        "--heuristic",
        "coset",
        "--no-upper-bound",
        "-s",
        "R U",
    ]);
    let fast = words(&["solve", "--no-generate", "--fast", "-s", "R U"]);
    let bench = words(&[
        "bench",
        "--no-generate",
        "--heuristic",
        "coset",
        "--no-upper-bound",
        list,
    ]);
    let bench_fast = words(&["bench", "--no-generate", "--fast", list]);
    let mut out = Vec::new();
    let mut add = |before: &Vec<String>, flag, small_only| {
        out.push(Probe {
            before: before.clone(),
            flag,
            small_only,
        })
    };
    for flag in [
        "--timeout",
        "--threads",
        "--lanes",
        "--max-depth",
        "--within",
        "--max-solutions",
    ] {
        add(&optimal, flag, false);
    }
    for flag in ["--time", "--max-length", "--timeout", "--threads"] {
        add(&fast, flag, false);
    }
    for flag in [
        "--timeout",
        "--threads",
        "--expect-length",
        "--shards",
        "--lanes",
        "--max-depth",
        "--within",
        "--max-solutions",
    ] {
        add(&bench, flag, false);
    }
    for flag in ["--time", "--max-length"] {
        add(&bench_fast, flag, false);
    }
    add(
        &words(&["scramble", "--format", "facelets"]),
        "--seed",
        false,
    );
    add(
        &words(&["scramble", "--format", "facelets"]),
        "--count",
        true,
    );
    add(
        &words(&["tables", "generate", "--dry-run", "--dir", dir, "--memory"]),
        "",
        false,
    );
    out
}

/// What is wrong with how `korf args` ended, if anything.
fn check(args: &[String]) -> Option<String> {
    let out = crate::korf_command()
        .env("KORF_TABLES", common::tables_dir())
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    // The option, or (for a value clap reads as an option of its own, `-1`) the value.
    let named = args
        .iter()
        .rev()
        .find(|a| a.starts_with("--"))
        .is_some_and(|flag| stderr.contains(flag.as_str()))
        || args
            .last()
            .is_some_and(|v| stderr.contains(&format!("'{v}'")));
    let wrong = match code {
        _ if stderr.contains("panicked") => "a panic",
        None => "ended by a signal (or timed out)",
        Some(0 | 1) => return None,
        Some(2) if named => return None,
        Some(2) => "exit 2 without naming the option",
        Some(_) => "an unexpected exit status",
    };
    Some(format!(
        "korf {}: {wrong} ({code:?})\n{stderr}",
        args.join(" ")
    ))
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn extreme_numbers_never_panic_and_name_the_option() {
        common::tables_dir();
        common::twophase_dir();
        let list = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(list.path(), "R U\nF2\n").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let probes = probes(
            &list.path().display().to_string(),
            &dir.path().display().to_string(),
        );
        let mut runs = Vec::new();
        for p in &probes {
            for v in VALUES {
                let small = v.parse::<f64>().is_ok_and(|x| x.abs() <= 30.0);
                if p.small_only && !small {
                    continue;
                }
                let mut args = p.before.clone();
                match p.flag {
                    // `--memory SIZE`: the number with a unit.
                    "" => args.push(format!("{v}G")),
                    flag => {
                        args.push(flag.to_string());
                        args.push(v.to_string());
                    }
                }
                runs.push(args);
            }
        }
        // Also the one option whose numbers come in a pair.
        for shard in [
            "0/0",
            "1/0",
            "-1/2",
            "2/2",
            "18446744073709551616/2",
            "NaN/2",
            "0/18446744073709551615",
        ] {
            runs.push(vec![
                "bench".into(),
                "--no-generate".into(),
                "--heuristic".into(),
                "coset".into(),
                list.path().display().to_string(),
                "--shard".into(),
                shard.into(),
            ]);
        }
        let failures = std::sync::Mutex::new(Vec::new());
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(args) = runs.get(i) else { break };
                    if let Some(why) = check(args) {
                        failures.lock().unwrap().push(why);
                    }
                });
            }
        });
        let failures = failures.into_inner().unwrap();
        eprintln!("{} runs", runs.len());
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
}

//! Ctrl-C (SIGINT), SIGTERM and SIGHUP during `solve` and `bench`.
//!
//! Schedulers stop a job with SIGTERM (Slurm at preemption or its time limit, Kubernetes,
//! systemd), terminals hang up with SIGHUP: each is handled like the first Ctrl-C.  The
//! first signal while positions are being solved stops the search, which then prints the
//! best solution it knows (not proven) and what it proved, saves its checkpoint and result
//! lines, and korf exits with 128 + the signal's number (130, 143, 129), as a shell reports
//! a process the signal ended.  A second signal, or one before the solving starts (while
//! tables load or build; a build resumes from its checkpoint), ends the process at once.
//!
//! On Windows there is no SIGHUP and no signal pipe: Ctrl-C (and the C runtime's SIGTERM)
//! set the same flag from a handler, without the message.

#[cfg(unix)]
use signal_hook::consts::SIGHUP;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::SeqCst};
use std::sync::{Arc, LazyLock};

/// Windows has no hang-up signal: a number no signal there carries.
#[cfg(windows)]
const SIGHUP: i32 = -1;

static FLAG: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));
/// Whether positions are being solved (and so a signal stops and reports).
static SOLVING: AtomicBool = AtomicBool::new(false);
/// The first signal received (0: none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// From now on a first signal stops the search and lets korf report, rather than ending
/// the process: call once the tables are loaded and the positions are about to be solved.
pub fn solving() {
    SOLVING.store(true, SeqCst);
}

/// The flag the searches watch ([`korf::search::Options::cancel`],
/// [`korf::twophase::FastOptions::cancel`]).
pub fn flag() -> Arc<AtomicBool> {
    FLAG.clone()
}

/// Whether a signal has asked korf to stop.
pub fn requested() -> bool {
    FLAG.load(SeqCst)
}

/// The exit status for the signal that stopped korf: 128 + its number (130 if none).
pub fn exit_code() -> i32 {
    128 + match SIGNAL.load(SeqCst) {
        0 => SIGINT,
        s => s,
    }
}

/// How the signal is named in messages: `interrupted` (Ctrl-C), `stopped by SIGTERM`.
pub fn how() -> &'static str {
    match SIGNAL.load(SeqCst) {
        SIGTERM => "stopped by SIGTERM",
        SIGHUP => "stopped by SIGHUP",
        _ => "interrupted",
    }
}

fn name(signal: i32) -> &'static str {
    match signal {
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "Ctrl-C",
    }
}

/// Install the handler (once, for `solve` and `bench`): a thread that waits for the
/// signals, so that nothing runs inside a signal handler but the library's own pipe write.
#[cfg(unix)]
pub fn install() {
    let mut signals = match signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "korf: warning: cannot handle Ctrl-C and SIGTERM ({e}); they will end korf at once"
            );
            return;
        }
    };
    let flag = flag();
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let _ = SIGNAL.compare_exchange(0, signal, SeqCst, SeqCst);
            if flag.swap(true, SeqCst) || !SOLVING.load(SeqCst) {
                eprintln!("\nkorf: {}: quitting", name(signal));
                std::process::exit(128 + signal);
            }
            eprintln!(
                "\nkorf: {}: stopping the search (send it again to quit at once)",
                name(signal)
            );
        }
    });
}

/// Install the handler (once, for `solve` and `bench`) where signals have no pipe: the
/// handler records the signal and sets the flag, or ends the process on a second one.
#[cfg(windows)]
pub fn install() {
    let flag = flag();
    for signal in [SIGINT, SIGTERM] {
        let flag = flag.clone();
        let action = move || {
            let _ = SIGNAL.compare_exchange(0, signal, SeqCst, SeqCst);
            if flag.swap(true, SeqCst) || !SOLVING.load(SeqCst) {
                signal_hook::low_level::exit(128 + signal);
            }
        };
        // SAFETY: the action only reads and writes atomics and calls `low_level::exit`,
        // which is safe in a signal handler; it takes no lock and allocates nothing.
        if let Err(e) = unsafe { signal_hook::low_level::register(signal, action) } {
            eprintln!(
                "korf: warning: cannot handle {} ({e}); it will end korf at once",
                name(signal)
            );
        }
    }
}

//! Ctrl-C during a solve: the first one stops the search, which then prints the best
//! solution it knows (not proven) and what it proved; a second one, or one while no
//! search runs (a table build, which resumes from its checkpoint), ends the process.

use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::{Arc, LazyLock};

static FLAG: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));
/// Whether an optimal search is running (and so can stop and report).
static SEARCHING: AtomicBool = AtomicBool::new(false);

/// Run `search` marked as a search that a Ctrl-C stops rather than kills.
pub fn searching<T>(search: impl FnOnce() -> T) -> T {
    SEARCHING.store(true, SeqCst);
    let out = search();
    SEARCHING.store(false, SeqCst);
    out
}

/// The flag the search watches ([`korf::search::Options::cancel`]).
pub fn flag() -> Arc<AtomicBool> {
    FLAG.clone()
}

/// Install the handler (once, for `solve` and `bench`).
pub fn install() {
    let flag = flag();
    let result = ctrlc::set_handler(move || {
        if flag.swap(true, SeqCst) || !SEARCHING.load(SeqCst) {
            eprintln!("\nkorf: interrupted");
            std::process::exit(130);
        }
        eprintln!("\nkorf: stopping the search (Ctrl-C again to quit at once)");
    });
    if let Err(e) = result {
        eprintln!("korf: warning: cannot handle Ctrl-C ({e}); it will end korf at once");
    }
}

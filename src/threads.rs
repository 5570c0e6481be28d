//! Worker threads where the platform has them.  In a browser (WebAssembly without
//! threads) everything runs on the calling thread: one worker, called in place.

/// Whether this build can start threads (not in a browser).
pub(crate) const AVAILABLE: bool = !cfg!(target_family = "wasm");

/// The number of threads for `asked` (0 = every core; always 1 where there are none).
pub(crate) fn count(asked: usize) -> usize {
    if !AVAILABLE {
        1
    } else if asked == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        asked
    }
}

/// `work(0)`, …, `work(n - 1)`, each on a thread of its own, their results in order; with
/// one worker (or no threads) called in place, with no thread started.
pub(crate) fn run_each<R: Send>(n: usize, work: impl Fn(usize) -> R + Sync) -> Vec<R> {
    if n <= 1 || !AVAILABLE {
        return (0..n.max(1)).map(&work).collect();
    }
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = (0..n).map(|j| scope.spawn(move || work(j))).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The search's workers: a rayon pool of its own, or (with no threads to start) the
/// calling thread alone.
pub(crate) enum Pool {
    /// Threads started for this pool.
    Threads(rayon::ThreadPool),
    /// The calling thread: work runs in place.
    Here,
}

impl Pool {
    /// A pool of `threads` workers (the calling thread alone where threads cannot start).
    pub(crate) fn new(threads: usize) -> Result<Pool, rayon::ThreadPoolBuildError> {
        if !AVAILABLE {
            return Ok(Pool::Here);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        Ok(Pool::Threads(pool))
    }

    /// Run `work` in the pool (its parallel iterators use the pool's threads).
    pub(crate) fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        match self {
            Pool::Threads(pool) => pool.install(work),
            Pool::Here => work(),
        }
    }

    /// Run `work` once on every worker, and wait for all of them.
    pub(crate) fn broadcast(&self, work: impl Fn() + Sync) {
        match self {
            Pool::Threads(pool) => {
                pool.broadcast(|_| work());
            }
            Pool::Here => work(),
        }
    }
}

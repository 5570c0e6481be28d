//! The optimal solves the server runs: a fixed number at once (each on the solver's
//! threads), a bounded queue behind them, and a cancel flag per solve that a client
//! leaving, or the server stopping, sets.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Admission to the optimal solves.
pub struct Pool {
    /// One permit per solve that may run at once.
    running: Arc<Semaphore>,
    /// Solves admitted (running or waiting).
    admitted: AtomicUsize,
    /// At most this many admitted: the workers plus the queue.
    capacity: usize,
    workers: usize,
    /// The cancel flag of every admitted solve, so that stopping the server stops them.
    live: Mutex<HashMap<u64, Arc<AtomicBool>>>,
    next: AtomicU64,
    /// Set once the server is stopping: no new solve is admitted.
    stopping: AtomicBool,
}

/// Why a solve was not admitted.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Every worker is busy and the queue is full.
    Full { waiting: usize },
    /// The server is stopping.
    Stopping,
}

/// An admitted solve: its place in the pool, released when dropped.  Dropping it before
/// the solve ends (the client left, the handler was cancelled) sets its cancel flag.
pub struct Ticket {
    pool: Arc<Pool>,
    id: u64,
    cancel: Arc<AtomicBool>,
    permit: Option<OwnedSemaphorePermit>,
    finished: bool,
}

impl Pool {
    /// A pool running `workers` solves at once with `queue` more waiting.
    pub fn new(workers: usize, queue: usize) -> Arc<Pool> {
        Arc::new(Pool {
            running: Arc::new(Semaphore::new(workers)),
            admitted: AtomicUsize::new(0),
            capacity: workers + queue,
            workers,
            live: Mutex::new(HashMap::new()),
            next: AtomicU64::new(0),
            stopping: AtomicBool::new(false),
        })
    }

    /// Admit a solve, or say why not (at once: a full queue never makes a client wait).
    pub fn admit(self: &Arc<Pool>) -> Result<Ticket, Refused> {
        if self.stopping.load(SeqCst) {
            return Err(Refused::Stopping);
        }
        let taken = self
            .admitted
            .fetch_update(SeqCst, SeqCst, |n| (n < self.capacity).then_some(n + 1));
        if let Err(n) = taken {
            return Err(Refused::Full {
                waiting: n.saturating_sub(self.workers),
            });
        }
        let id = self.next.fetch_add(1, SeqCst);
        let cancel = Arc::new(AtomicBool::new(false));
        self.live.lock().unwrap().insert(id, cancel.clone());
        Ok(Ticket {
            pool: self.clone(),
            id,
            cancel,
            permit: None,
            finished: false,
        })
    }

    /// Solves running and waiting, and how many may be admitted in all.
    pub fn load(&self) -> (usize, usize, usize) {
        let admitted = self.admitted.load(SeqCst);
        let running = self.workers - self.running.available_permits();
        (running, admitted.saturating_sub(running), self.capacity)
    }

    /// Stop admitting and cancel every admitted solve (they answer as interrupted).
    pub fn stop_all(&self) {
        self.stopping.store(true, SeqCst);
        for flag in self.live.lock().unwrap().values() {
            flag.store(true, SeqCst);
        }
    }
}

impl Ticket {
    /// Wait for a worker; `None` if the solve was cancelled meanwhile.
    pub async fn run_slot(&mut self) -> Option<()> {
        let permit = self.pool.running.clone().acquire_owned().await.ok()?;
        self.permit = Some(permit);
        (!self.cancel.load(SeqCst)).then_some(())
    }

    /// The flag the solve watches.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// The solve ended: dropping the ticket now cancels nothing.
    pub fn finish(mut self) {
        self.finished = true;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if !self.finished {
            self.cancel.store(true, SeqCst);
        }
        self.pool.live.lock().unwrap().remove(&self.id);
        self.pool.admitted.fetch_sub(1, SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_is_bounded_and_a_dropped_ticket_frees_its_place_and_cancels() {
        let pool = Pool::new(1, 2);
        let a = pool.admit().unwrap();
        let b = pool.admit().unwrap();
        let c = pool.admit().unwrap();
        assert_eq!(pool.admit().err(), Some(Refused::Full { waiting: 2 }));
        let flag = b.cancel_flag();
        drop(b);
        assert!(flag.load(SeqCst), "a solve whose client left is cancelled");
        let d = pool.admit().unwrap();
        let flags = [a.cancel_flag(), c.cancel_flag(), d.cancel_flag()];
        pool.stop_all();
        assert!(flags.iter().all(|f| f.load(SeqCst)));
        assert_eq!(pool.admit().err(), Some(Refused::Stopping));
        let done = a.cancel_flag();
        a.finish();
        assert!(done.load(SeqCst), "stop_all set it before");
    }
}

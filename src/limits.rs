//! What a caller may ask for, checked in one place for every front end (the command line,
//! Python): time limits in seconds and thread counts.  Each check names the option it
//! checks, so the message reads the same wherever it comes from.
//!
//! A time limit is a positive number of seconds.  NaN, zero and negative values are
//! refused; a limit longer than any solve could reach ([`NO_LIMIT_SECONDS`] or more,
//! infinity included) is held at that length, which is what anyone writing `1e30` meant:
//! no limit (and for the two-phase search's `--time`, keep improving for good).

/// A limit that cannot be used: the message names the option and the values it takes.
/// It converts into [`crate::Error::Input`] (the command line exits 2 for it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LimitError(pub String);
use std::time::Duration;

/// The most worker threads korf starts: far more than any machine it runs on has cores,
/// far fewer than a system allows.
pub const MAX_THREADS: usize = 1024;

/// Time limits are held at this many seconds (about 31.7 years): longer ones mean the
/// same, and an instant this far ahead can always be represented.
pub const NO_LIMIT_SECONDS: f64 = 1e9;

/// The time limit `value` seconds given as `name` (`--timeout`, `timeout=`), held between
/// a nanosecond and [`NO_LIMIT_SECONDS`].  Refused, naming `name` and what it accepts,
/// unless it is a positive number.
pub fn seconds(value: f64, name: &str) -> Result<Duration, LimitError> {
    if value.is_nan() || value <= 0.0 {
        return Err(LimitError(format!(
            "{name} must be a positive number of seconds, got {value}; leave it out for no limit"
        )));
    }
    let held = value.min(NO_LIMIT_SECONDS);
    // A positive value too small to be a nanosecond still asks for a limit: the shortest.
    Ok(Duration::from_secs_f64(held).max(Duration::from_nanos(1)))
}

/// [`seconds`] for an optional value.
pub fn optional_seconds(value: Option<f64>, name: &str) -> Result<Option<Duration>, LimitError> {
    value.map(|v| seconds(v, name)).transpose()
}

/// The thread count given as `name`: `None` (every core) becomes 0, as
/// [`crate::search::Options::threads`] reads it; 0 and more than [`MAX_THREADS`] are
/// refused.
pub fn threads(value: Option<usize>, name: &str) -> Result<usize, LimitError> {
    match value {
        None => Ok(0),
        Some(0) => Err(LimitError(format!("{name} must be at least 1"))),
        Some(n) if n > MAX_THREADS => Err(LimitError(format!(
            "{name} {n} is more than korf starts (at most {MAX_THREADS}); leave it out to use every core"
        ))),
        Some(n) => Ok(n),
    }
}

/// The longest solution the two-phase search may be asked for (`--max-length`).
pub const MAX_FAST_LENGTH: usize = 30;

/// The most moves past the optimum a list of every solution may reach (`--within`): the
/// lists grow about tenfold per move.
pub const MAX_WITHIN: u8 = 4;

/// The two-phase search's longest acceptable solution, given as `name`: 1 to
/// [`MAX_FAST_LENGTH`].
pub fn fast_max_length(value: usize, name: &str) -> Result<usize, LimitError> {
    if (1..=MAX_FAST_LENGTH).contains(&value) {
        Ok(value)
    } else {
        Err(LimitError(format!(
            "{name} {value}: give 1 to {MAX_FAST_LENGTH} moves (every position has a solution of 20)"
        )))
    }
}

/// How far past the optimum a list of solutions reaches, given as `name`: 0 to
/// [`MAX_WITHIN`].
pub fn within(value: u8, name: &str) -> Result<u8, LimitError> {
    if value <= MAX_WITHIN {
        Ok(value)
    } else {
        Err(LimitError(format!(
            "{name} {value}: at most {MAX_WITHIN} (the lists grow about tenfold per move)"
        )))
    }
}

/// The most solutions a list holds, given as `name`: at least 1, or `None` for all.
pub fn max_solutions(value: Option<usize>, name: &str) -> Result<Option<usize>, LimitError> {
    match value {
        Some(0) => Err(LimitError(format!("{name} must be at least 1"))),
        v => Ok(v),
    }
}

/// `start + limit`, or `None` (no deadline) where that instant cannot be represented: a
/// caller's `Duration::MAX` is no limit, not an overflow.
pub(crate) fn deadline(
    start: web_time::Instant,
    limit: Option<Duration>,
) -> Option<web_time::Instant> {
    limit.and_then(|t| start.checked_add(t))
}

/// A duration read from an environment variable of seconds (`KORF_CHECKPOINT_SECS`, …):
/// `default` when it is unset or not a non-negative number, and at most `cap`.
pub fn env_seconds(var: &str, default: Duration, cap: Duration) -> Duration {
    std::env::var(var)
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| *s >= 0.0)
        .map_or(default, |s| {
            Duration::try_from_secs_f64(s).map_or(cap, |d| d.min(cap))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every extreme value: refused with the option's name, or a limit that can be added
    /// to now without overflow.
    #[test]
    fn extreme_seconds_never_panic() {
        let values = [
            0.0,
            -0.0,
            -1.0,
            f64::MIN_POSITIVE,
            5e-324,
            1e-10,
            0.5,
            1e9,
            1e19,
            1.8e19,
            1e30,
            1e300,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for v in values {
            match seconds(v, "--timeout") {
                Ok(limit) => {
                    assert!(v > 0.0, "{v} accepted");
                    assert!(limit > Duration::ZERO, "{v} gave an empty limit");
                    assert!(limit.as_secs_f64() <= NO_LIMIT_SECONDS, "{v}");
                    let now = web_time::Instant::now();
                    assert!(deadline(now, Some(limit)).is_some(), "{v}");
                }
                Err(e) => {
                    assert!(v.is_nan() || v <= 0.0, "{v} refused");
                    assert!(crate::Error::from(e.clone()).is_input());
                    assert!(e.to_string().contains("--timeout"), "{e}");
                }
            }
        }
        assert_eq!(seconds(2.5, "t").unwrap(), Duration::from_millis(2500));
    }

    #[test]
    fn deadlines_saturate_to_none() {
        let now = web_time::Instant::now();
        assert!(deadline(now, Some(Duration::MAX)).is_none());
        assert!(deadline(now, None).is_none());
        assert!(deadline(now, Some(Duration::from_secs(1))).is_some());
    }

    #[test]
    fn thread_counts() {
        assert_eq!(threads(None, "--threads").unwrap(), 0);
        assert_eq!(threads(Some(1), "--threads").unwrap(), 1);
        assert_eq!(
            threads(Some(MAX_THREADS), "--threads").unwrap(),
            MAX_THREADS
        );
        for bad in [0, MAX_THREADS + 1, usize::MAX] {
            let e = threads(Some(bad), "--threads").unwrap_err();
            assert!(e.to_string().contains("--threads"), "{e}");
        }
    }
}

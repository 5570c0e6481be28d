//! The library's error type.

use crate::cube::{FaceletError, MoveParseError};
use crate::search::SearchError;
use crate::tables::TableError;
use crate::twophase::InvalidSolution;

/// Everything the library's entry points can fail with.
///
/// [`Error::is_input`] separates what the caller got wrong (a position or move text that
/// does not parse) from what went wrong around it (tables, the file system, a bug caught
/// by the final check of every solution).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A facelet string that is not a solvable position.
    #[error("invalid position: {0}")]
    Facelets(#[from] FaceletError),
    /// Move text that does not parse.
    #[error("invalid moves: {0}")]
    Moves(#[from] MoveParseError),
    /// Other input that cannot be used (the message says what and how to fix it).
    #[error("{0}")]
    Input(String),
    /// A table file that is missing, unreadable or fails its checks.
    #[error(transparent)]
    Table(#[from] TableError),
    /// Tables a search needs that are not built and may not be built now; the message
    /// names the command that builds them.
    #[error("{0}")]
    TablesMissing(String),
    /// The tables directory cannot be created.
    #[error("cannot create tables directory {path}: {source}")]
    TablesDir {
        /// The directory.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A table's path cannot be looked at (permission denied on the directory, say): the
    /// table may well be there.
    #[error("cannot look at {path}: {source}; the table may be there, but korf cannot reach it: check the permissions of the file and of its directory (it needs read and execute permission)")]
    TableAccess {
        /// The table's path.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The optimal search failed (a bug caught before it reached anyone, or no threads).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The two-phase search returned a sequence that does not solve its position (a bug).
    #[error(transparent)]
    TwoPhase(#[from] InvalidSolution),
}

impl From<crate::limits::LimitError> for Error {
    fn from(e: crate::limits::LimitError) -> Self {
        Error::Input(e.0)
    }
}

impl Error {
    /// Whether the caller's input is at fault (the command line exits 2 for these, 1 for
    /// the others).
    pub fn is_input(&self) -> bool {
        matches!(
            self,
            Error::Facelets(_)
                | Error::Moves(_)
                | Error::Input(_)
                | Error::Search(crate::search::SearchError::MetricMismatch { .. })
        )
    }
}

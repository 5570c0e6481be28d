//! What korf's front ends share, apart from the solver: the command line, `korf serve`,
//! the Python module and the WebAssembly page read positions and print results the same
//! way through this crate, while every decision about a search is the `korf` library's.
//!
//! * [`input`] — batches of positions, one per line, read so that no line stops the rest.
//! * [`report`] — solution lines, a solve's record and its exporters (JSON lines, CSV).
//! * [`batch`] — shards of a list and the result files a run appends to and resumes from.
//! * [`cases`] — case sets (OLL, PLL, …) as positions with grey stickers, and their table.
//!
//! ```
//! use korf::{cube, Cube};
//!
//! let cube = Cube::from_moves(&cube::parse_moves("R U R' U'")?);
//! let net = korf_front::report::net(&cube, false);
//! assert_eq!(net.lines().count(), 9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod batch;
pub mod cases;
pub mod input;
pub mod report;

/// The bodies of the fuzz targets (`fuzz/`).  Not part of the API.
#[doc(hidden)]
pub mod fuzzing;

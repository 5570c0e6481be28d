//! The integration tests, one binary: the public library API and the `korf` binary
//! driven as a user would.  The tests of the internals live beside them in `src/`
//! (`cargo test --lib`).

mod algs;
mod all_solutions;
mod architecture;
mod batch;
mod cli;
mod common;
mod conventions;
mod cube_model;
mod faults;
mod fetch;
mod fuzz;
mod goals;
mod in_memory;
mod library;
mod masked;
mod metrics;
mod numbers;
mod peer_scripts;
mod public_api;
mod published;
mod serve;
mod signals;
mod slices;
mod solve;
mod sticker;
mod symmetry;

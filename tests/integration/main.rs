//! The integration tests, one binary: the public library API and the `korf` binary
//! driven as a user would.  The tests of the internals live beside them in `src/`
//! (`cargo test --lib`).  They belong to the binary's package (`cli/`, whose binary they
//! run), and read the repository from its root ([`repo`]).

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
mod table_sources;

/// The repository's root (the workspace's; these tests' package is `cli/`).
pub use common::repo_root as repo;

/// The `korf` binary this package builds.
pub fn korf_binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("korf")
}

/// A `korf` command run from the repository's root, as a user of the repository would
/// (relative paths such as `benches/scrambles/easy.txt` and `tables/` read from there).
pub fn korf_command() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::new(korf_binary());
    c.current_dir(repo());
    c
}

/// [`korf_command`] as a plain process, for tests that signal or stream.
pub fn korf_process() -> std::process::Command {
    let mut c = std::process::Command::new(korf_binary());
    c.current_dir(repo());
    c
}

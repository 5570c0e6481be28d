//! The commit korf is built from, for `korf --version`: `$KORF_COMMIT` when set (`dist.sh`
//! and CI set it from git), else the one cargo recorded when it packaged the crate
//! (`.cargo_vcs_info.json`, present in a `.crate` and what `cargo install` builds from).
//! A plain build of a git checkout gets none: asking git here would have to rerun after
//! every commit, and a rerun rebuilds the whole library.

fn main() {
    println!("cargo:rerun-if-env-changed=KORF_COMMIT");
    let commit = std::env::var("KORF_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(packaged_commit);
    if let Some(commit) = commit {
        println!("cargo:rustc-env=KORF_BUILD_COMMIT={}", commit.trim());
    }
}

/// The `"sha1"` of `.cargo_vcs_info.json`, shortened to 12 digits.
fn packaged_commit() -> Option<String> {
    let text = std::fs::read_to_string(".cargo_vcs_info.json").ok()?;
    let after = &text[text.find("\"sha1\"")? + 6..];
    let start = after.find('"')? + 1;
    let sha: String = after[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    (sha.len() >= 12).then(|| sha[..12].to_string())
}

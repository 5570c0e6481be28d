//! The shape of the source tree, checked: no import cycle between the library's top-level
//! modules, no function longer than a screenful or two of steps, and every repository path
//! that the docs and comments name exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Longest function allowed, in lines (signature to closing brace, rustfmt's layout).
const LONGEST_FUNCTION: usize = 150;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The code of a file without its comments' lines and without its test module (tests may
/// reach across modules).
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The library's top-level module a file belongs to (`None` for the binary and the crate
/// root).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.trim_end_matches(".rs");
    (!matches!(name, "bin" | "lib" | "testing")).then(|| name.to_string())
}

/// The library's top-level modules a piece of code names through `crate::` paths, grouped
/// ones (`crate::{a, b::c}`) included; names re-exported at the crate root map to the module
/// that defines them.
fn crate_modules_named(code: &str) -> BTreeSet<String> {
    const ROOT_NAMES: [(&str, &str); 6] = [
        ("Error", "error"),
        ("Solver", "solver"),
        ("Cube", "cube"),
        ("Move", "cube"),
        ("HeuristicKind", "search"),
        ("Outcome", "search"),
    ];
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(group.split(',').map(word));
        } else {
            names.insert(word(rest));
        }
    }
    names
        .into_iter()
        .filter(|n| !n.is_empty())
        .map(|n| match ROOT_NAMES.iter().find(|(root, _)| *root == n) {
            Some((_, module)) => module.to_string(),
            None => n,
        })
        .collect()
}

/// `crate::m` references of each top-level module.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(&src) {
        let Some(module) = module_of(&src, &file) else {
            continue;
        };
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let targets = crate_modules_named(&code)
            .into_iter()
            .filter(|t| *t != module);
        graph.entry(module.clone()).or_default().extend(targets);
    }
    graph
}

#[test]
fn the_top_level_modules_import_each_other_without_a_cycle() {
    let graph = import_graph();
    assert!(graph.contains_key("search") && graph["search"].contains("tables"));
    // Depth-first search for a path back to the start.
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if next == to {
                    return true;
                }
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        false
    };
    let cycles: Vec<String> = graph
        .iter()
        .flat_map(|(m, targets)| targets.iter().map(move |t| (m, t)))
        .filter(|(m, t)| reaches(t, m))
        .map(|(m, t)| format!("{m} -> {t}"))
        .collect();
    assert!(cycles.is_empty(), "edges on an import cycle: {cycles:?}");
}

#[test]
fn the_library_reads_the_clock_as_webassembly_can() {
    // std's `Instant::now` and `SystemTime::now` panic in WebAssembly (the page's korf):
    // the library reads the clock through `web_time`, the same types natively.
    let src = root().join("src");
    for file in rust_files(&src) {
        if file.starts_with(src.join("bin")) {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for banned in [
            "std::time::Instant",
            "std::time::SystemTime",
            "std::time::{",
        ] {
            assert!(
                !code.contains(banned),
                "{} uses {banned}: use web_time's clock, which also runs in WebAssembly",
                file.display()
            );
        }
    }
}

#[test]
fn no_function_is_longer_than_150_lines() {
    let mut long = Vec::new();
    for dir in ["src", "benches", "python/src"] {
        for file in rust_files(&root().join(dir)) {
            let text = std::fs::read_to_string(&file).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let trimmed = line.trim_start();
                let is_fn = [
                    "fn ",
                    "pub fn ",
                    "pub(crate) fn ",
                    "pub(super) fn ",
                    "const fn ",
                ]
                .iter()
                .any(|p| trimmed.starts_with(p));
                if !is_fn || line.trim_end().ends_with(';') {
                    continue;
                }
                let indent = &line[..line.len() - trimmed.len()];
                let close = format!("{indent}}}");
                let end = lines[i..].iter().position(|l| *l == close).unwrap_or(0);
                if end + 1 > LONGEST_FUNCTION {
                    let name = trimmed.split('(').next().unwrap_or(trimmed);
                    long.push(format!(
                        "{}:{} {name} ({} lines)",
                        file.display(),
                        i + 1,
                        end + 1
                    ));
                }
            }
        }
    }
    assert!(long.is_empty(), "split these by their steps: {long:#?}");
}

/// Repository paths named in `text`: words that start with one of the tree's top-level
/// folders and name a file (an extension) or a folder (a trailing `/`).
fn named_paths(text: &str) -> Vec<String> {
    const TOP: [&str; 9] = [
        "src/",
        "tests/",
        "benches/",
        "docs/",
        "python/",
        "examples/",
        ".ci/",
        "fuzz/",
        "tables/",
    ];
    let mut paths = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || "`'\"()[]<>,;:*".contains(c)) {
        // A link's anchor is not part of the path.
        let word = word.split('#').next().unwrap_or("").trim_end_matches('.');
        let Some(top) = TOP.iter().find(|t| word.starts_with(**t)) else {
            continue;
        };
        let last = word.rsplit('/').next().unwrap_or("");
        let looks_like_file = last.contains('.') && !last.ends_with('.');
        if word.len() > top.len()
            && (looks_like_file || word.ends_with('/'))
            && !word.contains(['{', '*', '$', '…'])
        {
            paths.push(word.to_string());
        }
    }
    paths
}

/// Files that are gone, which the changelog and the dated benchmark log still name.
const REMOVED: [&str; 1] = ["benches/resumable-list.sh"];

#[test]
fn every_path_the_docs_and_comments_name_exists() {
    let root = root();
    let mut sources: Vec<PathBuf> = ["README.md", "CHANGELOG.md", "python/README.md"]
        .iter()
        .map(|p| root.join(p))
        .collect();
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            sources.push(path);
        }
    }
    for dir in ["src", "tests", "benches", "python/src"] {
        sources.extend(rust_files(&root.join(dir)));
    }
    let mut missing = Vec::new();
    for source in &sources {
        let text = std::fs::read_to_string(source).unwrap();
        for path in named_paths(&text) {
            // Generated at run time, never committed; a placeholder in a command
            // (`optimal-N.txt`); a file the history names as removed.
            let generated = path.starts_with("tables/") || path.contains("target/");
            let placeholder = path.contains("-N.");
            if !generated
                && !placeholder
                && !REMOVED.contains(&path.as_str())
                && !root.join(&path).exists()
            {
                missing.push(format!(
                    "{}: {path}",
                    source.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "named but not in the tree: {missing:#?}"
    );
}

/// The files that `include_str!`/`include_bytes!` in `src/` compile into the library or
/// the binary, as repository paths (`src/bin/korf/serve/openapi.json`, `web/page/app.js`).
fn included_files() -> Vec<String> {
    let root = root();
    let mut found = Vec::new();
    for file in rust_files(&root.join("src")) {
        let text = std::fs::read_to_string(&file).unwrap();
        for macro_name in ["include_str!(\"", "include_bytes!(\""] {
            for (at, _) in text.match_indices(macro_name) {
                let rest = &text[at + macro_name.len()..];
                let relative = &rest[..rest.find('"').unwrap()];
                let path = file.parent().unwrap().join(relative);
                let path = path.canonicalize().unwrap_or_else(|e| {
                    panic!("{}: {} is missing: {e}", file.display(), path.display())
                });
                let repo_path = path.strip_prefix(root.canonicalize().unwrap()).unwrap();
                found.push(repo_path.to_str().unwrap().to_string());
            }
        }
    }
    found.sort();
    found
}

/// The published crate compiles: every file the sources include is in what `cargo package`
/// packs (a file under another package's folder, or outside `include` in Cargo.toml, is
/// left out, and then `cargo install korf` fails for every user).  The full build of the
/// unpacked crate is the slow tier's (`./dist.sh crate`).
#[test]
fn every_file_the_sources_include_is_packaged() {
    let included = included_files();
    assert!(
        included.iter().any(|f| f.starts_with("web/page/")),
        "the scan finds the page the binary serves: {included:?}"
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["package", "--list", "--allow-dirty", "--offline"])
        .current_dir(root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "cargo package --list failed: {stderr}"
    );
    let packaged: BTreeSet<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    let missing: Vec<_> = included
        .iter()
        .filter(|f| !packaged.contains(f.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "files the sources include but the crate leaves out (Cargo.toml's `include`, or \
         a folder holding a Cargo.toml of its own): {missing:?}"
    );
}

/// CI keeps the test tables between runs under a key of the files `.ci/table-sources`
/// names.  That key is sound only if those files hold all the code that decides a table's
/// bytes: no module listed there may call a top-level module that is not.
#[test]
fn the_table_sources_name_every_module_tables_call() {
    let listed: Vec<String> = std::fs::read_to_string(root().join(".ci/table-sources"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    let src = root().join("src");
    let listed_module = |name: &str| {
        listed
            .iter()
            .any(|p| p == &format!("src/{name}") || p == &format!("src/{name}.rs"))
    };
    assert!(listed_module("tables") && listed_module("cube"));
    let mut missing = BTreeSet::new();
    for path in listed.iter().filter(|p| p.starts_with("src/")) {
        let full = root().join(path);
        assert!(
            full.exists(),
            ".ci/table-sources names {path}, which does not exist"
        );
        let files = if full.is_dir() {
            rust_files(&full)
        } else {
            vec![full]
        };
        for file in files {
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            for name in crate_modules_named(&code) {
                let is_module =
                    src.join(&name).is_dir() || src.join(format!("{name}.rs")).is_file();
                if is_module && !listed_module(&name) {
                    missing.insert(format!(
                        "{} calls crate::{name}",
                        file.strip_prefix(&src).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "add these modules to .ci/table-sources (or stop calling them from table code): {missing:?}"
    );
}

#[test]
fn crate_paths_are_read_grouped_or_not() {
    let names = crate_modules_named(
        "use crate::{cube::Cube, tables};\nlet x = crate::units::f();\nlet e: crate::Error;",
    );
    assert_eq!(
        names,
        ["cube", "error", "tables", "units"]
            .map(String::from)
            .into()
    );
}

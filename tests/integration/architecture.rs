//! The shape of the source tree, checked: no import cycle between the library's top-level
//! modules, no function longer than a screenful or two of steps, and every repository path
//! that the docs and comments name exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Longest function allowed, in lines (signature to closing brace, rustfmt's layout).
const LONGEST_FUNCTION: usize = 150;

pub(crate) fn root() -> PathBuf {
    crate::repo()
}

/// Every `.rs` file under `dir` ([`files_with_extension`]).
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    files_with_extension(dir, "rs")
}

/// The code of a file without its comments' lines and without the items compiled only for
/// tests (`#[cfg(test)]` and the item after it, a line or a braced block; tests may reach
/// across modules), whatever follows them.
pub(crate) fn code_of(text: &str) -> String {
    let mut kept = Vec::new();
    let mut lines = text.lines().filter(|l| !l.trim_start().starts_with("//"));
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            kept.push(line);
            continue;
        }
        let mut depth = 0;
        for item in lines.by_ref() {
            depth += item.matches('{').count() as i32 - item.matches('}').count() as i32;
            let end = item.trim_end();
            if depth <= 0 && (end.ends_with(';') || end.ends_with('}')) {
                break;
            }
        }
    }
    kept.join("\n")
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
pub(crate) fn crate_modules_named(code: &str) -> BTreeSet<String> {
    const ROOT_NAMES: [(&str, &str); 6] = [
        ("Error", "error"),
        ("Solver", "solver"),
        ("Cube", "cube"),
        ("Move", "cube"),
        ("HeuristicKind", "search"),
        ("Outcome", "search"),
    ];
    names_after(code, "crate::")
        .into_iter()
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
    let cycles = edges_on_cycles(&graph);
    assert!(cycles.is_empty(), "edges on an import cycle: {cycles:?}");
}

/// The top-level words of a `use` group's body (`a, b::{c, d}, e as f` gives `a`, `b`,
/// `e`), up to its closing brace.
fn group_heads(group: &str) -> Vec<String> {
    let mut segments = vec![String::new()];
    let mut depth = 0;
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => segments.push(String::new()),
            c if depth == 0 => segments.last_mut().unwrap().push(c),
            _ => {}
        }
    }
    segments
        .iter()
        .map(|s| {
            s.trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|h| !h.is_empty())
        .collect()
}

/// The names that follow each occurrence of `prefix` in `code` (a grouped path gives each
/// of its heads).
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        // `super::super::x` is not `super::x` seen from here.
        if prefix.starts_with("super") && code[..i].ends_with("super::") {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            names.extend(group_heads(group));
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !word.is_empty() {
                names.insert(word);
            }
        }
    }
    names
}

/// The modules of one folder and the imports between them: the folder's children (files
/// and subfolders, the test-only `tests*.rs` and `*tests.rs` left out), and for each, the siblings its code
/// names through `super::`, `super::super::` or the folder's `crate::` path, directly or
/// through a name the folder's root (`mod.rs`, `main.rs`) re-exports.
fn folder_graph(
    dir: &Path,
    root_file: &str,
    crate_path: &str,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut children = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            children.insert(name);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if stem != root_file && !stem.starts_with("tests") && !stem.ends_with("tests") {
                children.insert(stem.to_string());
            }
        }
    }
    // Names the root re-exports from a child: `pub use child::{A, B as C}`.
    let root_code = code_of(&std::fs::read_to_string(dir.join(format!("{root_file}.rs"))).unwrap());
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    for line in root_code.lines() {
        let Some(at) = line.find("use ") else {
            continue;
        };
        let path = line[at + 4..].trim_start_matches("self::");
        let child: String = path
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !children.contains(&child) || !line[..at].trim().starts_with("pub") {
            continue;
        }
        let rest = &path[child.len()..];
        let items = match rest.find('{') {
            Some(b) => rest[b + 1..]
                .split(',')
                .map(str::to_string)
                .collect::<Vec<_>>(),
            None => vec![rest.rsplit("::").next().unwrap_or("").to_string()],
        };
        for item in items {
            let item = item.trim().trim_end_matches([';', '}']);
            let name = item.rsplit(" as ").next().unwrap_or(item).trim();
            if !name.is_empty() {
                reexported.insert(name.to_string(), child.clone());
            }
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for child in &children {
        let path = dir.join(child);
        let files = if path.is_dir() {
            rust_files(&path)
        } else {
            vec![dir.join(format!("{child}.rs"))]
        };
        for file in files {
            if file
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("tests")
            {
                continue;
            }
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            // How `super` reaches this folder from the file: a direct child (or its
            // mod.rs) says `super::`, a file one folder further `super::super::`.
            let depth = file.strip_prefix(dir).unwrap().components().count();
            let is_mod = file.file_name().unwrap() == "mod.rs";
            let supers = match (depth, is_mod) {
                (1, _) | (2, true) => "super::",
                (2, false) | (3, true) => "super::super::",
                _ => "",
            };
            let mut names = names_after(&code, crate_path);
            if !supers.is_empty() {
                names.extend(names_after(&code, supers));
            }
            for name in names {
                let target = if children.contains(&name) {
                    Some(name)
                } else {
                    reexported.get(&name).cloned()
                };
                if let Some(target) = target.filter(|t| t != child) {
                    graph.entry(child.clone()).or_default().insert(target);
                }
            }
        }
    }
    graph
}

/// The edges of `graph` that lie on a cycle.
fn edges_on_cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
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
    graph
        .iter()
        .flat_map(|(m, targets)| targets.iter().map(move |t| (m, t)))
        .filter(|(m, t)| reaches(t, m))
        .map(|(m, t)| format!("{m} -> {t}"))
        .collect()
}

/// The crates' source folders: the library, what the front ends share, the binary.
const CRATE_SOURCES: [&str; 3] = ["src", "front/src", "cli/src"];

/// Every folder of Rust code with its root file and the path its items have from the
/// crate root: each crate's folders below its root, and the roots of the front ends'
/// crates (the library's own root is the top-level modules' test).
fn module_folders() -> Vec<(PathBuf, &'static str, String)> {
    let mut folders = Vec::new();
    for crate_src in CRATE_SOURCES {
        let src = root().join(crate_src);
        let mut stack = vec![src.clone()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                }
            }
            let rel_str = d
                .strip_prefix(&src)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('/', "::");
            if d.join("mod.rs").exists() {
                folders.push((d.clone(), "mod", format!("crate::{rel_str}::")));
            } else if d.join("main.rs").exists() {
                folders.push((d.clone(), "main", "crate::".to_string()));
            } else if d != root().join("src") && d.join("lib.rs").exists() {
                folders.push((d.clone(), "lib", "crate::".to_string()));
            }
        }
    }
    folders.sort();
    folders
}

#[test]
fn no_folder_has_an_import_cycle() {
    let folders = module_folders();
    let names: Vec<_> = folders.iter().map(|(d, _, _)| d.clone()).collect();
    assert!(
        names.contains(&root().join("src/search"))
            && names.contains(&root().join("cli/src"))
            && names.contains(&root().join("front/src")),
        "the scan finds the search's, the binary's and front/'s folders: {names:?}"
    );
    let mut cycles = Vec::new();
    for (dir, root_file, crate_path) in &folders {
        let graph = folder_graph(dir, root_file, crate_path);
        for edge in edges_on_cycles(&graph) {
            cycles.push(format!(
                "{}: {edge}",
                dir.strip_prefix(root()).unwrap().display()
            ));
        }
    }
    assert!(
        cycles.is_empty(),
        "edges on an import cycle inside a folder: {cycles:#?}"
    );
}

#[test]
fn a_cycle_between_siblings_is_found() {
    let dir = std::env::temp_dir().join(format!("korf-arch-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("c")).unwrap();
    let write = |f: &str, t: &str| std::fs::write(dir.join(f), t).unwrap();
    write(
        "mod.rs",
        "mod a;\nmod b;\nmod c;\npub use a::{Alpha, Beta as B2};\n",
    );
    write("a.rs", "use super::{b::Thing, c};\n");
    write("b.rs", "use crate::x::c::Deep;\n");
    write("c/mod.rs", "mod inner;\n");
    write("c/inner.rs", "fn f() { super::super::Alpha::new(); }\n");
    let graph = folder_graph(&dir, "mod", "crate::x::");
    std::fs::remove_dir_all(&dir).unwrap();
    let edges: Vec<String> = graph
        .iter()
        .flat_map(|(m, t)| t.iter().map(move |t| format!("{m}->{t}")))
        .collect();
    assert_eq!(edges, ["a->b", "a->c", "b->c", "c->a"]);
    assert_eq!(
        edges_on_cycles(&graph),
        ["a -> b", "a -> c", "b -> c", "c -> a"]
    );
}

#[test]
fn the_library_reads_the_clock_as_webassembly_can() {
    // std's `Instant::now` and `SystemTime::now` panic in WebAssembly (the page's korf):
    // the library and front/ (which the page compiles too) read the clock through
    // `web_time`, the same types natively.
    let files = [
        rust_files(&root().join("src")),
        rust_files(&root().join("front/src")),
    ];
    for file in files.concat() {
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
    for dir in [
        "src",
        "front/src",
        "cli/src",
        "benches",
        "python/src",
        "web/wasm/src",
    ] {
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
    const TOP: [&str; 12] = [
        "src/",
        "cli/",
        "front/",
        "tests/",
        "benches/",
        "docs/",
        "lab/",
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

/// Files that are gone, which the changelog and the lab log still name.
const REMOVED: [&str; 3] = [
    "benches/resumable-list.sh",
    "docs/benchmarks-log.md",
    "docs/design.md",
];

/// Files that moved when the front ends left the library (2026-12-05): the history (the
/// changelog and the lab log) names them where they were.
const MOVED: [(&str, &str); 6] = [
    ("src/bin/korf/", "cli/src/"),
    ("src/report.rs", "front/src/report.rs"),
    ("src/batch.rs", "front/src/batch.rs"),
    ("src/cases.rs", "front/src/cases.rs"),
    ("src/input.rs", "front/src/input.rs"),
    ("src/internals/fuzzing.rs", "front/src/fuzzing.rs"),
];

/// Where a path the history names is now ([`MOVED`]), or the path itself.
fn moved(path: &str) -> String {
    MOVED
        .iter()
        .find_map(|(old, new)| path.strip_prefix(old).map(|rest| format!("{new}{rest}")))
        .unwrap_or_else(|| path.to_string())
}

/// Folders that hold no file of the repository's own: build output, installed packages,
/// the fuzz corpora, version control.
const NOT_OURS: [&str; 6] = [
    "target",
    "node_modules",
    ".git",
    "corpus",
    "pkg",
    "artifacts",
];

/// Every file under `dir` whose name ends in `.{ext}`, outside [`NOT_OURS`].
fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap_or("");
            if path.is_dir() {
                if !NOT_OURS.contains(&name) {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_path_the_docs_and_comments_name_exists() {
    let root = root();
    let mut sources: Vec<PathBuf> = [
        "README.md",
        "ARCHITECTURE.md",
        "CHANGELOG.md",
        "python/README.md",
    ]
    .iter()
    .map(|p| root.join(p))
    .collect();
    sources.extend(files_with_extension(&root.join("docs"), "md"));
    sources.extend(files_with_extension(&root.join("lab"), "md"));
    for dir in [
        "src",
        "front/src",
        "cli/src",
        "tests",
        "benches",
        "python/src",
    ] {
        sources.extend(rust_files(&root.join(dir)));
    }
    let mut missing = Vec::new();
    for source in &sources {
        let text = std::fs::read_to_string(source).unwrap();
        // The history, and this file's own list of what moved.
        let history = source.starts_with(root.join("lab"))
            || source.ends_with("CHANGELOG.md")
            || source.ends_with("tests/integration/architecture.rs");
        for path in named_paths(&text) {
            let path = if history { moved(&path) } else { path };
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

/// The relative link targets of a Markdown text (`[text](target)`, outside code blocks),
/// without their anchors; links with a scheme (`https:`, `mailto:`) and bare anchors left out.
fn relative_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Inline code (between backticks) is not a link.
        let line: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            let target = &rest[..rest.find(')').unwrap_or(rest.len())];
            let path = target.split('#').next().unwrap_or("");
            let has_scheme = path.split_once(':').is_some_and(|(s, _)| {
                !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '+')
            });
            if !path.is_empty() && !has_scheme && !path.contains(char::is_whitespace) {
                links.push(path.to_string());
            }
        }
    }
    links
}

#[test]
fn every_relative_link_in_the_docs_resolves_as_a_browser_would() {
    // A browser resolves a link against the folder of the page it is on: a page that
    // names its own folder in a link to a sibling reaches a folder of that name inside
    // its own, which is not there.
    assert_eq!(
        relative_links("[a](b.md#x) [c](https://d) `[e](f)` [g](#h) [i](../j/)"),
        ["b.md", "../j/"]
    );
    let root = root();
    let mut broken = Vec::new();
    let pages = files_with_extension(&root, "md");
    assert!(pages.contains(&root.join("ARCHITECTURE.md")) && pages.len() > 30);
    for page in pages {
        let text = std::fs::read_to_string(&page).unwrap();
        for link in relative_links(&text) {
            if !page.parent().unwrap().join(&link).exists() {
                broken.push(format!(
                    "{}: {link}",
                    page.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(broken.is_empty(), "links to nothing: {broken:#?}");
}

/// Where a path names one machine's folders: the scratch directory, a home directory.
fn machine_path(text: &str) -> Option<&str> {
    for prefix in ["/work/", "/home/", "/root/", "/Users/"] {
        for (at, _) in text.match_indices(prefix) {
            // A path of its own, not the tail of `$scratch/root/` or `x/home/`.
            let before = text[..at].chars().next_back();
            if before.is_none_or(|c| !(c.is_alphanumeric() || "$}./-_".contains(c))) {
                let end = text[at..]
                    .find(|c: char| c.is_whitespace() || "`'\")".contains(c))
                    .map_or(text.len(), |e| at + e);
                return Some(&text[at..end]);
            }
        }
    }
    None
}

#[test]
fn no_file_names_a_folder_of_one_machine() {
    assert_eq!(
        machine_path("--tables /work/tables x"),
        Some("/work/tables")
    );
    assert_eq!(machine_path("\"$scratch/root/bin\" and $WORK/tables"), None);
    let root = root();
    let mut found = Vec::new();
    let mut files = vec![root.join(".ci/run")];
    for ext in ["md", "rs", "sh", "py", "mjs", "js", "toml", "yml", "html"] {
        files.extend(files_with_extension(&root, ext));
    }
    for file in files {
        if file.ends_with("tests/integration/architecture.rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if let Some(path) = machine_path(&text) {
            found.push(format!(
                "{}: {path}",
                file.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(
        found.is_empty(),
        "write `$WORK/…` or a relative path instead: {found:#?}"
    );
}

/// The packages whose sources `include_str!` files, by folder ("" the library at the root).
const PACKAGES: [(&str, &str); 3] = [("", "korf"), ("front", "korf-front"), ("cli", "korf-cli")];

/// `path` with its `..` and `.` steps taken as written, symlinks left as they are (the
/// page the binary serves is a symlink inside its package, `cli/page`).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The files that `include_str!`/`include_bytes!` compile into package `folder`, as paths
/// inside that package (`serve/openapi.json` under `src`, and `page/app.js`, for the
/// binary's).
fn included_files(folder: &str) -> Vec<String> {
    let package = root().join(folder);
    let mut found = Vec::new();
    for file in rust_files(&package.join("src")) {
        let text = std::fs::read_to_string(&file).unwrap();
        for macro_name in ["include_str!(\"", "include_bytes!(\""] {
            for (at, _) in text.match_indices(macro_name) {
                let rest = &text[at + macro_name.len()..];
                let relative = &rest[..rest.find('"').unwrap()];
                let path = lexical(&file.parent().unwrap().join(relative));
                assert!(
                    path.exists(),
                    "{}: {} is missing",
                    file.display(),
                    path.display()
                );
                let inside = path.strip_prefix(&package).unwrap_or_else(|_| {
                    panic!(
                        "{} includes {}, outside its package",
                        file.display(),
                        path.display()
                    )
                });
                found.push(inside.to_str().unwrap().to_string());
            }
        }
    }
    found.sort();
    found
}

/// The published crates compile: every file the sources include is in what `cargo
/// package` packs (a file outside the package's folder or its `include`, and `cargo
/// install korf-cli` fails for every user).  The full build of the unpacked crates is the
/// slow tier's (`./dist.sh crate`).
#[test]
fn every_file_the_sources_include_is_packaged() {
    assert!(
        included_files("cli").iter().any(|f| f.starts_with("page/")),
        "the scan finds the page the binary serves"
    );
    for (folder, package) in PACKAGES {
        let included = included_files(folder);
        let listed = cargo_at_root(&["package", "--list", "--allow-dirty", "-p", package]);
        let packaged: BTreeSet<&str> = listed.lines().collect();
        let missing: Vec<_> = included
            .iter()
            .filter(|f| !packaged.contains(f.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "files {package}'s sources include but its crate leaves out (Cargo.toml's \
             `include`, or a folder holding a Cargo.toml of its own): {missing:?}"
        );
    }
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

/// The table families: the folders of `src/tables/` that the registry names (a family is
/// one folder and its line in `registry.rs`).
fn table_families() -> Vec<String> {
    let tables = root().join("src/tables");
    let registry = code_of(&std::fs::read_to_string(tables.join("registry.rs")).unwrap());
    names_after(&registry, "super::")
        .into_iter()
        .filter(|name| tables.join(name).is_dir())
        .collect()
}

/// Where `code` names a table family: a path into one of `families` (`tables::coset`,
/// grouped ones included) or a variant of the registry's enums (`TableKind::Coset`,
/// `HeuristicKind::FlipSlice`; `HeuristicKind::ALL` and methods name none).
fn family_mentions(code: &str, families: &[String]) -> Vec<String> {
    let mut found: Vec<String> = names_after(code, "tables::")
        .into_iter()
        .filter(|name| families.contains(name))
        .map(|name| format!("tables::{name}"))
        .collect();
    for registry_enum in ["TableKind::", "HeuristicKind::"] {
        for (i, _) in code.match_indices(registry_enum) {
            let word: String = code[i + registry_enum.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let variant = word.starts_with(|c: char| c.is_ascii_uppercase())
                && word.chars().any(|c| c.is_ascii_lowercase());
            if variant {
                found.push(format!("{registry_enum}{word}"));
            }
        }
    }
    found
}

/// [`family_mentions`] in every `.rs` file under `dirs`, comment lines left out (test
/// modules kept), each as `path: mention`.
fn mentions_under(dirs: &[&str], families: &[String]) -> Vec<String> {
    let mut named = Vec::new();
    for dir in dirs {
        for file in rust_files(&root().join(dir)) {
            let text = std::fs::read_to_string(&file).unwrap();
            let code: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            let rel = file.strip_prefix(root()).unwrap().display().to_string();
            for mention in family_mentions(&code.join("\n"), families) {
                named.push(format!("{rel}: {mention}"));
            }
        }
    }
    named
}

/// `search/` walks probes by their shape (`tables::probe`) and names no family: a family
/// of a shape the search has is its folder and its line in the registry.  Tests included.
#[test]
fn the_search_names_no_table_family() {
    let families = table_families();
    assert!(
        ["coset", "korf", "full_edge", "layers"]
            .iter()
            .all(|f| families.iter().any(|g| g == f)),
        "the registry's families are found: {families:?}"
    );
    let named = mentions_under(&["src/search"], &families);
    assert!(named.is_empty(), "search/ names a family: {named:#?}");
}

/// The front ends (the binary, Python, WebAssembly) name no heuristic or table by its
/// variant either: they take names from the user and the registry's lists
/// (`HeuristicKind::FIRST_SOLVE`, `IN_A_BROWSER`, `preferred`, ...).
#[test]
fn no_front_end_hard_codes_a_heuristic_or_a_table() {
    let named = mentions_under(&["cli/src", "front/src", "python/src", "web/wasm/src"], &[]);
    assert!(named.is_empty(), "a front end names a variant: {named:#?}");
}

#[test]
fn a_family_named_in_the_search_is_found() {
    let families: Vec<String> = ["coset", "full_edge"].map(String::from).to_vec();
    let planted = "use crate::tables::{probe::PlainProbe, coset::SymmetricTable};\n\
                   use crate::tables::full_edge::FullEdge;\n\
                   let k = HeuristicKind::FlipSlice;\n\
                   let all = HeuristicKind::ALL; let t = TableKind::of(d);\n";
    assert_eq!(
        family_mentions(planted, &families),
        [
            "tables::coset",
            "tables::full_edge",
            "HeuristicKind::FlipSlice"
        ]
    );
    assert!(family_mentions("use crate::tables::probe::ExactDepth;", &families).is_empty());
}

/// The crates of the command line and the server: what the binary needs and neither the
/// core library nor `korf-front` may compile.  The core compiles no CSV writer either.
const CLI_CRATES: [&str; 11] = [
    "clap",
    "clap_complete",
    "clap_mangen",
    "indicatif",
    "anyhow",
    "signal-hook",
    "axum",
    "tokio",
    "hyper",
    "ureq",
    "jiff",
];

/// `cargo ARGS --offline` run at the repository's root: its standard output, or a
/// failure naming the command.
fn cargo_at_root(args: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(args)
        .arg("--offline")
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo {} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The crates `package` compiles in a normal build (no dev-dependencies), by name.
fn normal_dependencies(package: &str) -> BTreeSet<String> {
    cargo_at_root(&["tree", "-e", "normal", "--prefix", "none", "-p", package])
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// The core library is apart from its front ends: it compiles none of their crates, and
/// what the front ends share (`korf-front`) compiles no command-line or server crate.
#[test]
fn the_core_compiles_none_of_the_front_ends_crates() {
    let core = normal_dependencies("korf");
    assert!(
        core.contains("memmap2") && core.contains("rayon"),
        "{core:?}"
    );
    let found: Vec<_> = CLI_CRATES
        .iter()
        .chain(&["csv"])
        .filter(|c| core.contains(**c))
        .collect();
    assert!(found.is_empty(), "the core library compiles {found:?}");
    let front = normal_dependencies("korf-front");
    assert!(front.contains("korf") && front.contains("csv"), "{front:?}");
    let found: Vec<_> = CLI_CRATES.iter().filter(|c| front.contains(**c)).collect();
    assert!(found.is_empty(), "korf-front compiles {found:?}");
    let cli = normal_dependencies("korf-cli");
    assert!(
        cli.contains("clap") && cli.contains("korf-front"),
        "{cli:?}"
    );
}

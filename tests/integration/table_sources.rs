//! `.ci/table-sources`, checked: CI keeps the test tables between runs under a key of the
//! files it names, so those files must hold all the code that decides a table's bytes.
//! It names folders and files, and leaves out (`!PATTERN`, `*` matching any run of
//! characters, `/` included) files inside them that decide no table's bytes: test modules,
//! and the probes the search reads, which no file of the key calls.

use crate::architecture::{crate_modules_named, root, rust_files};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The registry lists each heuristic's probe type beside the tables' descriptors; it may
/// name what the left-out probe files define (a probe type, a heuristic's spec), since it
/// only names them: the descriptors it lists decide the tables.
const NAMES_PROBES: &str = "src/tables/registry.rs";

struct TableSources {
    /// Folders and files in the key.
    listed: Vec<String>,
    /// Patterns of files left out of the listed folders.
    left_out: Vec<String>,
}

fn table_sources() -> TableSources {
    let text = std::fs::read_to_string(root().join(".ci/table-sources")).unwrap();
    let lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let (left_out, listed): (Vec<&str>, Vec<&str>) = lines.partition(|l| l.starts_with('!'));
    TableSources {
        listed: listed.into_iter().map(str::to_string).collect(),
        left_out: left_out.iter().map(|l| l[1..].to_string()).collect(),
    }
}

/// Whether `path` matches `pattern`, whose `*` stands for any run of characters (as bash's
/// `[[ path == pattern ]]` reads it in `.ci/cache.sh`).
fn matches(pattern: &str, path: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == path,
        Some((head, tail)) => {
            let Some(rest) = path.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| matches(tail, &rest[i..]))
        }
    }
}

/// A path relative to the repository, with `/` between its parts.
fn relative(file: &Path) -> String {
    let rel = file.strip_prefix(root()).unwrap();
    rel.components()
        .map(|c| c.as_os_str().to_str().unwrap())
        .collect::<Vec<_>>()
        .join("/")
}

/// A file's code as the architecture test reads it ([`crate::architecture::code_of`]).
fn code_of(file: &Path) -> String {
    crate::architecture::code_of(&std::fs::read_to_string(file).unwrap())
}

/// The Rust files the listed folders and files hold, split into those in the key and those
/// left out.
fn rust_sources(s: &TableSources) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut files = Vec::new();
    for path in s.listed.iter().filter(|p| p.starts_with("src/")) {
        let full = root().join(path);
        assert!(
            full.exists(),
            ".ci/table-sources names {path}, which does not exist"
        );
        match full.is_dir() {
            true => files.extend(rust_files(&full)),
            false => files.push(full),
        }
    }
    files
        .into_iter()
        .partition(|f| !s.left_out.iter().any(|p| matches(p, &relative(f))))
}

/// The module name a file defines (`a/b.rs` and `a/b/mod.rs` both `b`) and the file that
/// declares it.
fn module_and_parent(file: &Path) -> (String, PathBuf) {
    let dir = file.parent().unwrap();
    let stem = file.file_stem().unwrap().to_str().unwrap();
    let (name, at) = match stem {
        "mod" => (
            dir.file_name().unwrap().to_str().unwrap(),
            dir.parent().unwrap(),
        ),
        _ => (stem, dir),
    };
    let parent = match at.join("mod.rs").is_file() {
        true => at.join("mod.rs"),
        false if at.ends_with("src") => at.join("lib.rs"),
        false => at.with_extension("rs"),
    };
    (name.to_string(), parent)
}

/// Whether the file is compiled only for tests: its parent declares it under
/// `#[cfg(test)]`.
fn is_test_module(file: &Path) -> bool {
    let (name, parent) = module_and_parent(file);
    let text = std::fs::read_to_string(parent).unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines.windows(2).any(|w| {
        w[0] == "#[cfg(test)]" && w[1].trim_start_matches("pub ") == format!("mod {name};")
    })
}

/// The names of the items a file defines at its top level (public or not), and each of its
/// `impl` blocks as the type it is for with the trait (`impl Trait for Type`, or `None` for
/// `impl Type`).
fn top_level_items(code: &str) -> (BTreeSet<String>, Vec<(String, Option<String>)>) {
    const KINDS: [&str; 8] = [
        "fn ", "struct ", "enum ", "type ", "trait ", "const ", "static ", "mod ",
    ];
    let mut defined = BTreeSet::new();
    let mut impls = Vec::new();
    for line in code
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('}'))
    {
        let item = ["pub(crate) ", "pub(super) ", "pub "]
            .iter()
            .fold(line, |l, p| l.strip_prefix(p).unwrap_or(l));
        if let Some(kind) = KINDS.iter().find(|k| item.starts_with(*k)) {
            let name: String = item[kind.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            defined.insert(name);
        } else if let Some(rest) = item.strip_prefix("impl") {
            // `impl<'a, T: X> Trait<'a> for Type<'a, T> {`: the generics after `impl` go.
            let mut depth = 0;
            let body: String = rest
                .chars()
                .filter(|&c| {
                    depth += (c == '<') as i32 - (c == '>') as i32;
                    depth == 0 && c != '>'
                })
                .collect();
            // A path's last segment: `super::coords::LayerSpace` is `LayerSpace`.
            let head = |s: &str| -> String {
                let path: String = s
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                path.rsplit("::").next().unwrap_or("").to_string()
            };
            let body = body.trim_end_matches('{');
            match body.split_once(" for ") {
                Some((tr, ty)) => impls.push((head(ty), Some(head(tr)))),
                None => impls.push((head(body), None)),
            }
        }
    }
    (defined, impls)
}

/// The folder a module's children live in: `a/b.rs` and `a/b/mod.rs` both `a/b`.
fn children_dir(file: &Path) -> PathBuf {
    match file.file_name().unwrap().to_str().unwrap() {
        "mod.rs" | "lib.rs" => file.parent().unwrap().to_path_buf(),
        _ => file.with_extension(""),
    }
}

/// The file of module `name` among the children of `dir`, if there is one.
fn child_module(dir: &Path, name: &str) -> Option<PathBuf> {
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|f| f.is_file())
}

/// A token of Rust code, as far as paths go.
#[derive(PartialEq)]
enum Token {
    Word(String),
    Sep,
    Open,
    Close,
    Other,
}

/// The code's tokens: words (and `*`), `::`, braces, and anything else.
fn tokens(code: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        tokens.push(match c {
            c if c.is_alphanumeric() || c == '_' => {
                let mut w = c.to_string();
                while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                    w.push(n);
                    chars.next();
                }
                Token::Word(w)
            }
            '*' => Token::Word("*".to_string()),
            ':' if chars.peek() == Some(&':') => {
                chars.next();
                Token::Sep
            }
            '{' => Token::Open,
            '}' => Token::Close,
            _ => Token::Other,
        });
    }
    tokens
}

/// Reads the paths from `t[i]` to the end of the group it is in (its closing brace, or the
/// end): each prefixed by `prefix`, a lone word only inside a group.  Returns where it
/// stopped.
fn read_paths(
    t: &[Token],
    mut i: usize,
    prefix: &[String],
    group: bool,
    out: &mut Vec<Vec<String>>,
) -> usize {
    while i < t.len() {
        match &t[i] {
            Token::Close if group => return i + 1,
            Token::Word(w) => {
                let mut path = prefix.to_vec();
                path.push(w.clone());
                i += 1;
                let mut joined = false;
                while i + 1 < t.len() && t[i] == Token::Sep {
                    match &t[i + 1] {
                        Token::Word(w) => {
                            path.push(w.clone());
                            joined = true;
                            i += 2;
                        }
                        Token::Open => {
                            i = read_paths(t, i + 2, &path, true, out);
                            path.clear();
                            break;
                        }
                        _ => break,
                    }
                }
                if !path.is_empty() && (joined || group) {
                    out.push(path);
                }
            }
            _ => i += 1,
        }
    }
    i
}

/// The identifiers a piece of code uses.
fn identifiers(code: &str) -> BTreeSet<String> {
    tokens(code)
        .into_iter()
        .filter_map(|t| match t {
            Token::Word(w) if w.starts_with(|c: char| c.is_alphabetic() || c == '_') => Some(w),
            _ => None,
        })
        .collect()
}

/// The paths a piece of code names (`a::b::c`), the groups of `use` statements expanded
/// (`use a::{b, c::d}` names `a::b` and `a::c::d`).
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    read_paths(&tokens(code), 0, &[], false, &mut out);
    out
}

/// The module files a path passes through, read from `file`: `crate::`, `super::`,
/// `self::` or a child module of the file's own.
fn modules_on(path: &[String], file: &Path) -> Vec<PathBuf> {
    let src = root().join("src");
    let mut dir = children_dir(file);
    let mut rest = path;
    match path[0].as_str() {
        "crate" => {
            dir = src;
            rest = &path[1..];
        }
        "self" => rest = &path[1..],
        _ => {}
    }
    while rest.first().is_some_and(|s| s == "super") {
        dir = dir.parent().unwrap().to_path_buf();
        rest = &rest[1..];
    }
    let mut passed = Vec::new();
    for segment in rest {
        let Some(module) = child_module(&dir, segment) else {
            break;
        };
        dir = children_dir(&module);
        passed.push(module);
    }
    passed
}

/// What names a left-out probe file in the files of the key: a path through its module,
/// or the name of an item its parent re-exports.  Its parent may declare and re-export
/// it, and the registry may name it.
fn uses_of_left_out(file: &Path, items: &BTreeSet<String>, kept: &[PathBuf]) -> Vec<String> {
    let (module, parent) = module_and_parent(file);
    let parent_code = code_of(&parent);
    let reexported: BTreeSet<String> = paths(&parent_code)
        .into_iter()
        .filter(|p| p[0] == module || p[..2] == ["self".to_string(), module.clone()])
        .flat_map(|p| match p.last().map(String::as_str) {
            Some("*") | Some("") => items.iter().cloned().collect::<Vec<_>>(),
            _ => vec![p.last().unwrap().clone()],
        })
        .collect();
    let mut uses = Vec::new();
    for k in kept.iter().filter(|k| relative(k) != NAMES_PROBES) {
        let code = code_of(k);
        let is_parent = *k == parent;
        for line in code.lines() {
            let declared = line.trim().ends_with(&format!("mod {module};"));
            let re_exports =
                line.trim_start().starts_with("pub") && line.contains(&format!("use {module}::"));
            if is_parent && (declared || re_exports) {
                continue;
            }
            for p in paths(line) {
                if modules_on(&p, k).iter().any(|m| m == file) {
                    uses.push(format!("{} names {}", relative(k), p.join("::")));
                }
            }
            for name in identifiers(line).intersection(&reexported) {
                uses.push(format!("{} uses {name} of {}", relative(k), relative(file)));
            }
        }
    }
    uses
}

/// CI keeps the test tables between runs under a key of the files `.ci/table-sources`
/// names.  That key is sound only if those files hold all the code that decides a table's
/// bytes: no module listed there may call a top-level module that is not.
#[test]
fn the_table_sources_name_every_module_tables_call() {
    let s = table_sources();
    let listed_module = |name: &str| {
        s.listed
            .iter()
            .any(|p| p == &format!("src/{name}") || p == &format!("src/{name}.rs"))
    };
    assert!(listed_module("tables") && listed_module("cube"));
    let src = root().join("src");
    let mut missing = BTreeSet::new();
    let (kept, _) = rust_sources(&s);
    for file in kept {
        let code = code_of(&file);
        for name in crate_modules_named(&code) {
            let is_module = src.join(&name).is_dir() || src.join(format!("{name}.rs")).is_file();
            if is_module && !listed_module(&name) {
                missing.insert(format!(
                    "{} calls crate::{name}",
                    file.strip_prefix(&src).unwrap().display()
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "add these modules to .ci/table-sources (or stop calling them from table code): {missing:?}"
    );
}

/// A file left out of the key is a test module, or a probe: nothing in the key names it or
/// what it defines (so nothing that builds a table can call it), and what it implements is
/// for its own types or a trait of a left-out file.  Every pattern leaves out a file.
#[test]
fn the_files_left_out_of_the_table_key_decide_no_table() {
    let s = table_sources();
    let (kept, left_out) = rust_sources(&s);
    for pattern in &s.left_out {
        assert!(
            left_out.iter().any(|f| matches(pattern, &relative(f))),
            ".ci/table-sources leaves out !{pattern}, which matches no file of a listed folder"
        );
    }
    let probes: Vec<(&PathBuf, _)> = left_out
        .iter()
        .filter(|f| !is_test_module(f))
        .map(|f| (f, top_level_items(&code_of(f))))
        .collect();
    let defined_left_out: BTreeSet<&String> =
        probes.iter().flat_map(|(_, (names, _))| names).collect();
    let mut problems = Vec::new();
    for (f, (items, impls)) in &probes {
        problems.extend(uses_of_left_out(f, items, &kept));
        for (ty, tr) in impls {
            let own = defined_left_out.contains(ty);
            let probe_trait = tr.as_ref().is_some_and(|t| defined_left_out.contains(t));
            if !own && !probe_trait {
                problems.push(format!(
                    "{} implements {} for {ty}, a type of the key",
                    relative(f),
                    tr.as_deref().unwrap_or("methods")
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "files .ci/table-sources leaves out are called by table code (list them again, or \
         move what the build calls into a file of the key): {problems:#?}"
    );
}

#[test]
fn a_table_source_pattern_matches_as_bash_does() {
    assert!(matches(
        "src/tables/*tests*.rs",
        "src/tables/coset/tests_flips.rs"
    ));
    assert!(matches(
        "src/tables/*/probe.rs",
        "src/tables/coset/probe.rs"
    ));
    assert!(!matches("src/tables/*/probe.rs", "src/tables/probe.rs"));
    assert!(!matches("a/b.rs", "a/b.rs.orig"));
}

#[test]
fn a_use_of_a_left_out_item_is_found() {
    let (names, impls) = top_level_items(
        "pub struct Probe<'a> {\n    x: u8,\n}\nimpl<'a, T: X<'a>> Walk<'a> for Kept<T> {\n}\nimpl super::a::Other {}\nfn helper() {}",
    );
    assert_eq!(names, ["Probe", "helper"].map(String::from).into());
    assert_eq!(
        impls,
        [
            ("Kept".to_string(), Some("Walk".to_string())),
            ("Other".to_string(), None)
        ]
    );
    assert!(identifiers("let p = super::Probe::new();").contains("Probe"));
    let named = paths("use super::{probe::{A, B}, side};\nlet x = crate::tables::side::f();");
    let named: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        named,
        [
            "super::probe::A",
            "super::probe::B",
            "super::side",
            "crate::tables::side::f"
        ]
    );
}

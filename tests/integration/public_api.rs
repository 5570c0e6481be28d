//! The library's public API, listed: every item a program that depends on `korf` can name
//! (public items of public modules, the re-exports, the public methods and fields of
//! public types), one line each, checked against `docs/public-api.txt`.  A change to the
//! API is then a visible diff in review: run `KORF_BLESS_API=1 cargo test --release --test
//! integration public_api` and commit the new listing with the change.
//!
//! Read from the source with `syn`, as rustdoc would see it without expanding macros:
//! items that a macro generates (the registry's `TableKind` and `HeuristicKind`, the
//! U/D-layer sizes) are listed by the macro's name, and their methods by the `impl`
//! blocks written out.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syn::{Item, Visibility};

fn root() -> PathBuf {
    crate::repo()
}

fn is_public(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// Whether attributes leave an item out of what users compile against: `#[cfg(test)]`.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Expr>()
                .is_ok_and(|e| quote_free(&e) == "test")
    })
}

/// An expression's text when it is a bare identifier.
fn quote_free(e: &syn::Expr) -> String {
    match e {
        syn::Expr::Path(p) => p
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// A `use` tree as the paths it brings in (`a::{b, c as d}` gives `a::b`, `a::c as d`).
fn use_paths(tree: &syn::UseTree, prefix: &str, out: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => use_paths(&p.tree, &format!("{prefix}{}::", p.ident), out),
        syn::UseTree::Name(n) => out.push(format!("{prefix}{}", n.ident)),
        syn::UseTree::Rename(r) => out.push(format!("{prefix}{} as {}", r.ident, r.rename)),
        syn::UseTree::Glob(_) => out.push(format!("{prefix}*")),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_paths(t, prefix, out)),
    }
}

/// The name of an `impl` block's type (its last path segment).
fn self_type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// What the walk gathers.
#[derive(Default)]
struct Api {
    lines: BTreeSet<String>,
    /// Names of the public types (their methods count only if the type is public).
    types: BTreeSet<String>,
    /// `(type, line)` for each public method of an inherent `impl`, and each public field
    /// or variant of a public type, wherever they are written.
    methods: Vec<(String, String)>,
}

/// The folder where the files of the modules that `file` declares live.
fn children_dir(file: &Path) -> PathBuf {
    match file.file_name().and_then(|n| n.to_str()) {
        Some("lib.rs" | "mod.rs") => file.parent().unwrap().to_path_buf(),
        _ => file.with_extension(""),
    }
}

/// The file of module `name` whose folder is `dir`.
fn module_file(dir: &Path, name: &str) -> PathBuf {
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        flat
    } else {
        dir.join(name).join("mod.rs")
    }
}

/// A public struct's public fields, as members of its type.
fn members_of_struct(api: &mut Api, st: &syn::ItemStruct) {
    let ty = st.ident.to_string();
    for f in st.fields.iter().filter(|f| is_public(&f.vis)) {
        if let Some(name) = &f.ident {
            api.methods.push((ty.clone(), format!("field {ty}.{name}")));
        }
    }
}

/// A public enum's variants, as members of its type.
fn members_of_enum(api: &mut Api, e: &syn::ItemEnum) {
    let ty = e.ident.to_string();
    for v in &e.variants {
        api.methods
            .push((ty.clone(), format!("variant {ty}::{}", v.ident)));
    }
}

/// Gather the items of one module (`path`, public or not) from `items`; the files of the
/// modules it declares are in `dir`.
fn walk(api: &mut Api, items: &[Item], dir: &Path, path: &str, public: bool) {
    for item in items {
        match item {
            Item::Mod(m) if !test_only(&m.attrs) => {
                let child = format!("{path}::{}", m.ident);
                let child_public = public && is_public(&m.vis);
                if child_public {
                    api.lines.insert(format!("mod {child}"));
                }
                match &m.content {
                    Some((_, inner)) => {
                        let inner_dir = dir.join(m.ident.to_string());
                        walk(api, inner, &inner_dir, &child, child_public)
                    }
                    None => {
                        let f = module_file(dir, &m.ident.to_string());
                        let text = std::fs::read_to_string(&f)
                            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                        let parsed = syn::parse_file(&text)
                            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                        walk(api, &parsed.items, &children_dir(&f), &child, child_public);
                    }
                }
            }
            Item::Impl(i) if i.trait_.is_none() && !test_only(&i.attrs) => {
                let Some(ty) = self_type_name(&i.self_ty) else {
                    continue;
                };
                for it in &i.items {
                    match it {
                        syn::ImplItem::Fn(f) if is_public(&f.vis) => {
                            let line = format!("fn {ty}::{}", f.sig.ident);
                            api.methods.push((ty.clone(), line));
                        }
                        syn::ImplItem::Const(c) if is_public(&c.vis) => {
                            let line = format!("const {ty}::{}", c.ident);
                            api.methods.push((ty.clone(), line));
                        }
                        _ => {}
                    }
                }
            }
            // A public type's fields and variants, wherever it is defined: they count if
            // the type is reachable (a public module's, or re-exported).
            Item::Struct(st) if is_public(&st.vis) && !public => members_of_struct(api, st),
            Item::Enum(e) if is_public(&e.vis) && !public => members_of_enum(api, e),
            _ if !public => {}
            Item::Fn(f) if is_public(&f.vis) && !test_only(&f.attrs) => {
                api.lines.insert(format!("fn {path}::{}", f.sig.ident));
            }
            Item::Struct(st) if is_public(&st.vis) => {
                api.types.insert(st.ident.to_string());
                api.lines.insert(format!("struct {path}::{}", st.ident));
                members_of_struct(api, st);
            }
            Item::Enum(e) if is_public(&e.vis) => {
                api.types.insert(e.ident.to_string());
                api.lines.insert(format!("enum {path}::{}", e.ident));
                members_of_enum(api, e);
            }
            Item::Trait(t) if is_public(&t.vis) => {
                api.lines.insert(format!("trait {path}::{}", t.ident));
            }
            Item::Type(t) if is_public(&t.vis) => {
                api.types.insert(t.ident.to_string());
                api.lines.insert(format!("type {path}::{}", t.ident));
            }
            Item::Const(c) if is_public(&c.vis) => {
                api.lines.insert(format!("const {path}::{}", c.ident));
            }
            Item::Static(s) if is_public(&s.vis) => {
                api.lines.insert(format!("static {path}::{}", s.ident));
            }
            Item::Use(u) if is_public(&u.vis) && !test_only(&u.attrs) => {
                let mut paths = Vec::new();
                use_paths(&u.tree, "", &mut paths);
                for p in paths {
                    // A re-exported type's methods are the API too.
                    let last = p.rsplit(" as ").next().unwrap_or(&p);
                    api.types
                        .insert(last.rsplit("::").next().unwrap_or(last).to_string());
                    api.lines.insert(format!("use {path}::{p}"));
                }
            }
            Item::Macro(m) if m.ident.is_none() => {
                // A macro call that writes items out (the registry's list): named, not
                // expanded.
                let name: Vec<String> = m
                    .mac
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect();
                api.lines
                    .insert(format!("items of {path}: {}!", name.join("::")));
            }
            _ => {}
        }
    }
}

/// The listing, one item per line, sorted.
fn listing() -> String {
    let lib = root().join("src/lib.rs");
    let parsed = syn::parse_file(&std::fs::read_to_string(&lib).unwrap()).unwrap();
    let mut api = Api::default();
    walk(&mut api, &parsed.items, &children_dir(&lib), "korf", true);
    // The registry's enums are generated by its macro: their methods are the API.
    api.types
        .extend(["TableKind", "HeuristicKind"].map(String::from));
    for (ty, line) in std::mem::take(&mut api.methods) {
        if api.types.contains(&ty) {
            api.lines.insert(line);
        }
    }
    let mut text = String::from("# The public API of the korf library, one item per line ");
    text.push_str("(written by tests/integration/public_api.rs).\n");
    for line in &api.lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

#[test]
fn the_public_api_is_the_listed_one() {
    let path = root().join("docs/public-api.txt");
    let now = listing();
    assert!(now.contains("struct korf::solver::Solver") || now.contains("use korf::solver::"));
    if std::env::var_os("KORF_BLESS_API").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let listed = std::fs::read_to_string(&path).unwrap_or_default();
    if listed != now {
        let old: BTreeSet<&str> = listed.lines().collect();
        let new: BTreeSet<&str> = now.lines().collect();
        let added: Vec<_> = new.difference(&old).collect();
        let removed: Vec<_> = old.difference(&new).collect();
        panic!(
            "the public API changed: added {added:#?}, removed {removed:#?}; if that is \
             meant, run `KORF_BLESS_API=1 cargo test --release --test integration public_api` \
             and commit docs/public-api.txt"
        );
    }
}

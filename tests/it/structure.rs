//! The shape of the code, held by a test so that it cannot drift from
//! ARCHITECTURE.md: no source file over 900 lines, no function over 120
//! lines but the search loops (whose docs say why each is one piece), the
//! library's rooms importing only the rooms below them, and no two files
//! of a crate importing each other, directly or round a longer circle.
//!
//! Imports are read from the text: every path that starts with `crate::`,
//! `super::` or `self::` (in `use` trees, braces expanded, and in code),
//! resolved to the deepest module file it names. A module's own
//! declaration and re-export of its children is ownership, not an import,
//! so the edges from a file to the files below it in the module tree are
//! left out; every other edge counts.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The longest source file, in lines.
const MAX_FILE_LINES: usize = 900;
/// The longest function, in lines, but for the search loops.
const MAX_FN_LINES: usize = 120;
/// What the doc of a longer function says: why it is one piece.
const ONE_PIECE: &str = "One piece";
/// The library's rooms, lowest first: a room imports only those before it.
const ROOMS: &[&str] = &["rng", "workers", "dlx", "sudoku", "format", "render"];

/// A module path inside one crate, `["dlx", "bits", "search"]`.
type Module = Vec<String>;

/// Every `.rs` file below `dir`, by its module path.
fn modules(dir: &Path) -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<Module, PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().with_extension("");
                let mut module: Module = rel
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    module.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    module.pop();
                }
                out.insert(module, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The crates whose sources are checked: the library, the command and the
/// Python bindings, each a folder of modules.
fn crates() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["src", "cli/src", "python/src"]
        .iter()
        .map(|d| root.join(d))
        .collect()
}

/// The text without comments (line comments only: the sources use no
/// block comments), so that a path in a doc does not count as an import.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from `crate`, `super` or `self`, as
/// segments, with `use` trees' braces expanded, and the line (0-based) it
/// is on.
fn paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    // `use` statements, braces and all: those that begin a line.
    let lines: Vec<&str> = code.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("pub ")
            .or_else(|| t.strip_prefix("pub(crate) "))
            .or_else(|| t.strip_prefix("pub(super) "))
            .unwrap_or(t);
        let Some(first) = t.strip_prefix("use ") else {
            continue;
        };
        let mut statement = first.to_owned();
        for more in &lines[i + 1..] {
            if statement.contains(';') {
                break;
            }
            statement.push_str(more);
        }
        let end = statement.find(';').unwrap_or(statement.len());
        let tree: String = statement[..end]
            .replace(" as ", "@")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let mut found = Vec::new();
        expand(&tree, &mut Vec::new(), &mut found);
        out.extend(found.into_iter().map(|p| (i, p)));
    }
    // Paths in code: `crate::a::b`, `super::super::c`.
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let line = code[..at].matches('\n').count();
            out.push((
                line,
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            ));
        }
    }
    out
}

/// Expands a `use` tree (no white space) after the segments in `prefix`.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let Some(brace) = tree.find('{') else {
        let mut path = prefix.clone();
        let tree = tree.split('@').next().unwrap_or(tree);
        path.extend(
            tree.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        out.push(path);
        return;
    };
    let head: Vec<String> = tree[..brace]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let close = tree.rfind('}').filter(|&c| c > brace).unwrap_or(tree.len());
    let inner = &tree[brace + 1..close];
    let depth = prefix.len();
    prefix.extend(head);
    let mut level = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                expand(&inner[start..i], prefix, out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        expand(&inner[start..], prefix, out);
    }
    prefix.truncate(depth);
}

/// The module file a path from `from` names: the deepest module it walks
/// through, or `None` outside the crate.
fn resolve(from: &Module, path: &[String], files: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let mut at: Module = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("super" | "self") => from.clone(),
        _ => return None,
    };
    let mut segments = path.iter().peekable();
    if path[0] == "crate" {
        segments.next();
    }
    while let Some(s) = segments.peek() {
        match s.as_str() {
            "super" => {
                at.pop()?;
            }
            "self" => {}
            _ => break,
        }
        segments.next();
    }
    for s in segments {
        let mut next = at.clone();
        next.push(s.clone());
        if files.contains_key(&next) {
            at = next;
        } else {
            break;
        }
    }
    files.contains_key(&at).then_some(at)
}

/// For each line of `code`, the inline modules (`mod tests { ... }`) it
/// is inside, outermost first: a path there is read from the module
/// they make.
fn inline_modules(code: &str) -> Vec<Vec<String>> {
    let mut open: Vec<(String, String)> = Vec::new();
    let mut out = Vec::new();
    for line in code.lines() {
        if let Some((_, indent)) = open.last()
            && line == format!("{indent}}}")
        {
            open.pop();
        }
        out.push(open.iter().map(|(name, _)| name.clone()).collect());
        let t = line.trim_start();
        let indent = &line[..line.len() - t.len()];
        let t = t
            .strip_prefix("pub ")
            .or_else(|| t.strip_prefix("pub(crate) "))
            .or_else(|| t.strip_prefix("pub(super) "))
            .unwrap_or(t);
        if let Some(name) = t.strip_prefix("mod ").and_then(|r| r.strip_suffix(" {")) {
            open.push((name.to_owned(), indent.to_owned()));
        }
    }
    out
}

/// Each file's imports of other files of its crate, without the edges to
/// its own descendants.
fn imports(files: &BTreeMap<Module, PathBuf>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut edges = BTreeMap::new();
    for (module, path) in files {
        let text = code(&fs::read_to_string(path).unwrap());
        let inline = inline_modules(&text);
        let targets: BTreeSet<Module> = paths(&text)
            .iter()
            .filter_map(|(line, p)| {
                let mut from = module.clone();
                from.extend(inline.get(*line).into_iter().flatten().cloned());
                resolve(&from, p, files)
            })
            .filter(|t| t != module && !t.starts_with(module))
            .collect();
        edges.insert(module.clone(), targets);
    }
    edges
}

/// A circle of imports, if the graph has one.
fn circle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        at: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        marks: &mut BTreeMap<Module, Mark>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        marks.insert(at.clone(), Mark::Open);
        stack.push(at.clone());
        for next in &edges[at] {
            match marks[next] {
                Mark::Open => {
                    let from = stack.iter().position(|m| m == next).unwrap();
                    return Some(stack[from..].to_vec());
                }
                Mark::New => {
                    if let Some(c) = visit(next, edges, marks, stack) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        stack.pop();
        marks.insert(at.clone(), Mark::Done);
        None
    }
    let mut marks: BTreeMap<Module, Mark> = edges.keys().map(|k| (k.clone(), Mark::New)).collect();
    for start in edges.keys() {
        if marks[start] == Mark::New
            && let Some(c) = visit(start, edges, &mut marks, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

fn show(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

#[test]
fn no_two_files_import_each_other() {
    for dir in crates() {
        let files = modules(&dir);
        let edges = imports(&files);
        if let Some(c) = circle(&edges) {
            let names: Vec<String> = c.iter().map(show).collect();
            panic!(
                "{}: a circle of imports: {} -> {}",
                dir.display(),
                names.join(" -> "),
                names[0]
            );
        }
    }
}

#[test]
fn the_library_rooms_import_only_rooms_below_them() {
    let files = modules(&crates()[0]);
    let room = |m: &Module| {
        m.first()
            .and_then(|r| ROOMS.iter().position(|&x| x == r.as_str()))
    };
    let mut wrong = Vec::new();
    for (from, targets) in imports(&files) {
        let Some(low) = room(&from) else { continue };
        for to in targets {
            match room(&to) {
                Some(r) if r > low => wrong.push(format!("{} -> {}", show(&from), show(&to))),
                // The crate root's items (lib.rs) are above every room.
                None if !from.is_empty() => {
                    wrong.push(format!("{} -> {}", show(&from), show(&to)));
                }
                _ => {}
            }
        }
    }
    assert!(wrong.is_empty(), "imports of a room above: {wrong:#?}");
    // Every room is a module of the library, and every module in a room.
    for m in files.keys() {
        assert!(
            m.is_empty() || room(m).is_some(),
            "{} is in no room of ARCHITECTURE.md ({ROOMS:?})",
            show(m)
        );
    }
}

#[test]
fn the_import_reader_finds_what_it_should() {
    let text = "use super::{a::b, c::{d, e as f}};\nuse crate::x::y;\nfn g() { crate::p::q(); }";
    let mut found: Vec<Vec<String>> = paths(&code(text)).into_iter().map(|(_, p)| p).collect();
    found.sort();
    let want: Vec<Vec<String>> = [
        "crate::p::q",
        "crate::x::y",
        "super::a::b",
        "super::c::d",
        "super::c::e",
    ]
    .iter()
    .map(|p| p.split("::").map(str::to_owned).collect())
    .collect();
    for w in &want {
        assert!(found.contains(w), "{w:?} not in {found:?}");
    }
    // A path inside `mod tests { ... }` is read from the tests' module.
    let text = "use a;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\nfn b() {}";
    let inline = inline_modules(text);
    assert_eq!(inline[3], vec!["tests".to_owned()]);
    assert!(inline[4].is_empty() && inline[0].is_empty());
    // A circle of three is found; without its last edge there is none.
    let m = |s: &str| vec![s.to_owned()];
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    edges.insert(m("a"), [m("b")].into());
    edges.insert(m("b"), [m("c")].into());
    edges.insert(m("c"), [m("a")].into());
    assert_eq!(circle(&edges).map(|c| c.len()), Some(3));
    edges.insert(m("c"), BTreeSet::new());
    assert_eq!(circle(&edges), None);
}

/// Every function's length in lines, with whether its doc says why it is
/// one piece: `fn` lines and the line that closes them at the same indent
/// (the sources are formatted by rustfmt).
fn functions(text: &str) -> Vec<(usize, String, usize, bool)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let signature = trimmed
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ");
        let signature = match signature.strip_prefix("pub(in ") {
            Some(rest) => rest.split_once(") ").map_or(rest, |(_, s)| s),
            None => signature,
        };
        let Some(name) = signature.strip_prefix("fn ") else {
            continue;
        };
        let name: String = name
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        let Some(end) = (i..lines.len()).find(|&j| {
            lines[j] == close || (j == i && (line.ends_with('}') || line.ends_with(';')))
        }) else {
            continue;
        };
        let doc = lines[..i]
            .iter()
            .rev()
            .take_while(|l| {
                let t = l.trim_start();
                t.starts_with("///") || t.starts_with("#[")
            })
            .any(|l| l.contains(ONE_PIECE));
        out.push((i + 1, name, end - i + 1, doc));
    }
    out
}

/// Whether a module is a test module (a `tests.rs` or under `tests/`),
/// where `use super::*` is the custom.
fn is_test_module(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "tests.rs")
        || path.components().any(|c| c.as_os_str() == "tests")
}

/// The lines of code (`code`: comments left out) of the modules under
/// `root`, test modules too where `tests` says so, that `hit` flags,
/// given each file's path and each line in order, as `path:line: text`.
fn lines_where(root: &Path, tests: bool, mut hit: impl FnMut(&Path, &str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for path in modules(root).values() {
        if !tests && is_test_module(path) {
            continue;
        }
        let text = code(&fs::read_to_string(path).unwrap());
        for (i, line) in text.lines().enumerate() {
            if hit(path, line) {
                found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn no_module_outside_the_tests_imports_its_parent_whole() {
    // A test module inside the file (`mod tests { use super::*; }`) is
    // indented; the file's own imports are not.
    let globs: Vec<String> = crates()
        .iter()
        .flat_map(|dir| lines_where(dir, false, |_, line| line.starts_with("use super::*;")))
        .collect();
    assert!(
        globs.is_empty(),
        "import what a module uses by name, not its parent whole: {globs:#?}"
    );
}

#[test]
fn the_engine_makes_no_tuning_constant_public() {
    // A public constant of the engine is a limit, a default of a setting
    // or a named value; the knobs the engine tunes itself by (subproblems
    // per thread, probe nodes, trial bits, ...) stay inside the crate, so
    // no caller recomputes a policy from them (issue 44). The door for the
    // fuzz targets and tests (`lib.rs`'s `__unstable`) is not the API.
    const ALLOWED: &[&str] = &[
        // Limits.
        "MAX_N",
        "MAX_THREADS",
        // Defaults of settings a caller passes (--memo-mib, --tries).
        "DEFAULT_MEMO_BYTES",
        "CLUE_TRIES",
        // Named values.
        "A4",
        "UNIT",
        "UNLIMITED",
        "NINE",
        "FOUR",
        "SIXTEEN",
        "ALL",
        "STOPPED",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // The file whose door has begun, from that line on.
    let mut door: Option<PathBuf> = None;
    let found = lines_where(&root, false, |path, line| {
        if line.starts_with("pub mod __unstable") {
            door = Some(path.to_owned());
        }
        let Some(rest) = line.trim_start().strip_prefix("pub const ") else {
            return false;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        door.as_deref() != Some(path) && !ALLOWED.contains(&name.as_str())
    });
    assert!(
        found.is_empty(),
        "a public constant that is neither a limit, a default nor a named value: {found:#?}"
    );
}

#[test]
fn the_command_has_one_enum_for_how_a_case_ended() {
    // How a case ended is `sudoku/record.rs`'s `Status`, mapped to the
    // exit code by `Status::exit` alone.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cli/src");
    let found = lines_where(&root, true, |_, line| {
        ["enum Status", "pub enum Status", "pub(super) enum Status"]
            .iter()
            .any(|d| line.trim_start().starts_with(d))
    });
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("record.rs"), "{found:#?}");
}

#[test]
fn no_file_or_function_is_too_long() {
    let mut long = Vec::new();
    for dir in crates() {
        for path in modules(&dir).values() {
            let text = fs::read_to_string(path).unwrap();
            let lines = text.lines().count();
            if lines > MAX_FILE_LINES {
                long.push(format!("{}: {lines} lines", path.display()));
            }
            for (line, name, len, one_piece) in functions(&text) {
                if len > MAX_FN_LINES && !one_piece {
                    long.push(format!("{}:{line}: fn {name}, {len} lines", path.display()));
                }
            }
        }
    }
    assert!(
        long.is_empty(),
        "over {MAX_FILE_LINES} lines a file or {MAX_FN_LINES} a function (a search loop's doc says \"{ONE_PIECE}\" and why): {long:#?}"
    );
}

#[test]
fn the_length_reader_measures_functions() {
    let text = "fn a() {}\n\n/// One piece: why.\nfn b() {\n    x();\n}\n    pub(in crate::dlx) fn c(\n        y: u32,\n    ) {\n    }\n";
    let found = functions(text);
    assert_eq!(
        found,
        vec![
            (1, "a".to_owned(), 1, false),
            (4, "b".to_owned(), 3, true),
            (7, "c".to_owned(), 4, false),
        ]
    );
}

/// The names of what a run reads or writes: every format's, and the
/// outputs that are no format (pictures, records, text).
fn output_kinds() -> Vec<&'static str> {
    let mut kinds: Vec<&'static str> = dlx_engine::format::ALL.iter().map(|f| f.name()).collect();
    kinds.extend(["svg", "pdf", "json", "text"]);
    kinds
}

/// Whether a line of code compares a string with one of `kinds` (`==`,
/// `!=`, `Some(..)`, a match arm or pattern), or declares a format or
/// output held as a string.
fn names_a_kind(line: &str, kinds: &[&str]) -> bool {
    let compared = kinds.iter().any(|kind| {
        let quoted = format!("\"{kind}\"");
        [
            format!("== {quoted}"),
            format!("!= {quoted}"),
            format!("Some({quoted})"),
            format!("{quoted} =>"),
            format!("{quoted} |"),
            format!("| {quoted}"),
        ]
        .iter()
        .any(|p| line.contains(p.as_str()))
    });
    let held = ["format", "output"].iter().any(|field| {
        [": String", ": Option<String>", ": Option<&str>", ": &str"]
            .iter()
            .any(|ty| line.contains(&format!("{field}{ty}")))
    });
    compared || held
}

#[test]
fn no_output_kind_is_compared_as_a_string() {
    // The flags resolve once into typed values (cli/src/args.rs): the
    // input format, the `Output` of a run (`sudoku::Output`,
    // `generate::Output`). Past parsing, nothing compares a format's or
    // an output's name, and no option holds one as a string.
    let kinds = output_kinds();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cli/src");
    let found = lines_where(&root, true, |_, line| names_a_kind(line, &kinds));
    assert!(
        found.is_empty(),
        "resolve an output or format once, to its type, not its name: {found:#?}"
    );
    // The reader finds what it should, and lets the rest be.
    for line in [
        "if opts.output == SVG || opts.output == \"pdf\" {",
        "let pdf = opts.output.as_deref() == Some(\"pdf\") && !opts.json;",
        "Some(\"svg\" | \"pdf\") => None,",
        "    pub format: Option<String>,",
        "    output: String,",
    ] {
        assert!(names_a_kind(line, &kinds), "{line}");
    }
    for line in [
        "#[arg(long, default_value = \"line\", value_parser = output_names())]",
        "PictureKind::Svg => \"svg\",",
        "    pub output: Output,",
    ] {
        assert!(!names_a_kind(line, &kinds), "{line}");
    }
}

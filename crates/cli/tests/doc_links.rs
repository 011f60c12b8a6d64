//! The docs and the Makefile say what is there: every file the README and ARCHITECTURE.md
//! link to exists (a commit once deleted the batch examples the README shows how to run),
//! and `make bench` runs every bench.

use std::path::Path;

const DOCS: [&str; 4] = [
    "README.md",
    "ARCHITECTURE.md",
    "docs/contracts.md",
    "docs/rubik-solver.md",
];

/// Folders at the repository's root that the docs name files in.
const ROOTS: [&str; 8] = [
    "crates/",
    "tests/",
    "benches/",
    "tools/",
    "styles/",
    "www/",
    "examples/",
    "docs/",
];

/// The repository's root, two folders above this crate.
fn workspace_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The targets of Markdown links `[text](target)` in `text`, without `#fragments`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("").trim();
        // A title after the address: `(path "title")`.
        let target = target.split_whitespace().next().unwrap_or("");
        targets.push(target.to_string());
        rest = &rest[end..];
    }
    targets
}

/// Paths the docs write in backticks (`crates/web/src/app/mod.rs`), from the root: every
/// one that starts in a root folder, without placeholders such as `<workbench>`.
fn code_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| ROOTS.iter().any(|r| t.starts_with(r)))
        .filter(|t| !t.contains(['<', '*', ' ', '{']))
        .map(|t| t.trim_end_matches([',', '.', ';', ':']).to_string())
        .collect()
}

#[test]
fn the_path_reader_takes_root_paths_and_skips_placeholders() {
    let text = "`crates/a.rs`, `tests/e2e/` and `crates/<x>/`, `knight/state.rs`, `x`";
    assert_eq!(code_paths(text), ["crates/a.rs", "tests/e2e/"]);
}

/// ARCHITECTURE.md is a map: a file it names that is gone (moved, renamed) misleads the
/// newcomer it is written for.
#[test]
fn every_path_the_docs_name_exists() {
    let root = &workspace_root();
    // What the builds and tests make (screenshots, dist/) is not in a fresh clone.
    let ignored = std::fs::read_to_string(root.join(".gitignore")).unwrap();
    let made = |path: &str| {
        ignored
            .lines()
            .map(|l| l.trim_start_matches('/'))
            .any(|l| !l.is_empty() && path.starts_with(l))
    };
    let mut checked = 0;
    let mut missing = Vec::new();
    for doc in DOCS {
        let text = std::fs::read_to_string(root.join(doc)).expect("the doc is in the repo");
        for path in code_paths(&text).into_iter().filter(|p| !made(p)) {
            checked += 1;
            if !root.join(&path).exists() {
                missing.push(format!("{doc} names {path}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing: {missing:#?}");
    assert!(checked >= 40, "only {checked} paths found");
}

/// Addresses elsewhere (the web, mail) or only an anchor on the same page.
fn is_local_file(target: &str) -> bool {
    !(target.is_empty() || target.contains("://") || target.starts_with("mailto:"))
}

#[test]
fn the_link_reader_finds_local_links_and_skips_the_rest() {
    let text =
        "see [a](examples/x.sh), [b](https://e.org/y) and [c](#top), [d](docs/z.md#part \"T\")";
    let local: Vec<String> = link_targets(text)
        .into_iter()
        .filter(|t| is_local_file(t))
        .collect();
    assert_eq!(local, ["examples/x.sh", "docs/z.md"]);
}

#[test]
fn every_file_the_docs_link_to_exists() {
    let root = &workspace_root();
    let mut checked = 0;
    let mut missing = Vec::new();
    for doc in DOCS {
        let text = std::fs::read_to_string(root.join(doc)).expect("the doc is in the repo");
        for target in link_targets(&text).into_iter().filter(|t| is_local_file(t)) {
            checked += 1;
            // A Markdown link is relative to the doc's own folder.
            let folder = root.join(doc).parent().unwrap().to_path_buf();
            if !folder.join(&target).exists() {
                missing.push(format!("{doc} links to {target}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
    // The batch examples at least: a reader that found nothing would pass above.
    assert!(checked >= 2, "only {checked} local links found");
}

/// `make bench` runs `cargo bench --workspace --benches` (every `[[bench]]` target) and then
/// `benches/browser.mjs`: every `crates/solver/benches/*.rs` must be such a target, with criterion's
/// harness (a file without its `[[bench]]` would be left to libtest's unstable benches).
#[test]
fn make_bench_runs_every_bench_file() {
    let root = &workspace_root();
    let manifest = std::fs::read_to_string(root.join("crates/solver/Cargo.toml")).unwrap();
    let targets: Vec<(String, bool)> = manifest
        .split("[[bench]]")
        .skip(1)
        .map(|section| {
            let section = section.split("\n[").next().unwrap_or("");
            let name = section
                .lines()
                .find_map(|l| l.trim().strip_prefix("name = "))
                .map(|n| n.trim_matches('"').to_string())
                .unwrap_or_default();
            (name, section.contains("harness = false"))
        })
        .collect();
    let mut files: Vec<String> = std::fs::read_dir(root.join("crates/solver/benches"))
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    files.sort();
    let mut names: Vec<String> = targets.iter().map(|(n, _)| n.clone()).collect();
    names.sort();
    assert_eq!(names, files, "[[bench]] targets against benches/*.rs");
    for (name, harness_off) in &targets {
        assert!(harness_off, "[[bench]] {name} needs harness = false");
    }
    let makefile = std::fs::read_to_string(root.join("Makefile")).unwrap();
    let bench = makefile
        .split("\nbench:")
        .nth(1)
        .expect("a bench target")
        .split("\n\n")
        .next()
        .unwrap();
    assert!(
        bench.contains("cargo bench --workspace --benches"),
        "{bench}"
    );
    assert!(bench.contains("node benches/browser.mjs"), "{bench}");
}

//! The docs and the Makefile say what is there: every file the README and ARCHITECTURE.md
//! link to exists (a commit once deleted the batch examples the README shows how to run),
//! and `make bench` runs every bench.

use std::path::Path;

const DOCS: [&str; 2] = ["README.md", "ARCHITECTURE.md"];

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
            if !root.join(&target).exists() {
                missing.push(format!("{doc} links to {target}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
    // The batch examples at least: a reader that found nothing would pass above.
    assert!(checked >= 2, "only {checked} local links found");
}

/// `make bench` runs `cargo bench --benches` (every `[[bench]]` target) and then
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
    assert!(bench.contains("cargo bench --benches"), "{bench}");
    assert!(bench.contains("node benches/browser.mjs"), "{bench}");
}

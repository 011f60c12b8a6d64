//! Every file the README and ARCHITECTURE.md link to exists (a commit once deleted the
//! batch examples the README shows how to run).

use std::path::Path;

const DOCS: [&str; 2] = ["README.md", "ARCHITECTURE.md"];

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
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

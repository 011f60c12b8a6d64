//! The pictures' colour table is the stylesheet's: each theme's variables as
//! `styles/main.css` sets them (light in `:root`, dark in `:root[data-theme="dark"]`
//! and in the system-dark media block).

use puzzlelab_pictures::Theme;

const CSS: &str = include_str!("../../../styles/main.css");

/// The declarations of the first block that opens with `selector {`.
fn block(selector: &str) -> &'static str {
    let at = CSS.find(&format!("{selector} {{")).expect("the block");
    let body = &CSS[at + selector.len() + 2..];
    &body[..body.find('}').expect("closed")]
}

fn value(block: &str, name: &str) -> Option<String> {
    let key = format!("--{name}:");
    let at = block.find(&key)?;
    let rest = &block[at + key.len()..];
    Some(rest[..rest.find(';')?].trim().to_string())
}

#[test]
fn light_and_dark_tables_match_the_stylesheet() {
    let sets = [
        (Theme::Light, block(":root")),
        (Theme::Dark, block(":root[data-theme=\"dark\"]")),
        (Theme::Dark, block(":root:not([data-theme=\"light\"])")),
    ];
    for (theme, css) in sets {
        for (name, ours) in theme.variables() {
            assert_eq!(
                value(css, name).as_deref(),
                Some(ours),
                "--{name} in {theme:?}"
            );
        }
    }
}

#[test]
fn the_fixed_colours_are_the_stylesheets_too() {
    use puzzlelab_pictures::theme::fixed;
    assert!(CSS.contains(&format!(
        ".square.conflict {{ background: {};",
        fixed::CONFLICT
    )));
    assert!(CSS.contains(".square.visited { background-image: linear-gradient(rgba(255,255,255,.25), rgba(255,255,255,.25)); }"));
    assert!(CSS.contains(".sticker { border: 1px solid rgba(0,0,0,.45);"));
    assert!(CSS.contains(&format!(
        ".search-tree .node.solved rect {{ fill: {}; }}",
        fixed::SOLVED
    )));
    assert!(CSS.contains(&format!(
        ".search-tree .cut rect {{ fill: {c}; fill-opacity: .28; stroke: {c};",
        c = fixed::CUT
    )));
    assert!(CSS.contains(&format!(
        ".search-tree .node text {{ font-size: 16px; fill: {};",
        fixed::TREE_TEXT
    )));
}

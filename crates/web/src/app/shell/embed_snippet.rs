//! The "Embed" action's two snippets for the state on screen: the element (with the
//! script tag) and an iframe of the chrome-less view. Plain Rust, tested natively.

use puzzlelab_links::{element_attributes, encode_embed, Route};

/// `<script …elements.js>` and `<puzzlelab-knight board="8x8" …>` for `route`, from the
/// app served at `site` (its folder, ending in `/`).
pub fn element_snippet(route: &Route, site: &str) -> Option<String> {
    let (name, attributes) = element_attributes(route)?;
    let attributes: String = attributes
        .iter()
        .map(|(k, v)| format!(" {}=\"{}\"", escape(k), escape(v)))
        .collect();
    Some(format!(
        "<script type=\"module\" src=\"{}elements.js\"></script>\n<puzzlelab-{name}{attributes}></puzzlelab-{name}>",
        escape(site)
    ))
}

/// An iframe of the chrome-less view of `route` (for pages that allow no scripts).
pub fn iframe_snippet(route: &Route, site: &str) -> Option<String> {
    let hash = encode_embed(route)?;
    let (name, _) = element_attributes(route)?;
    Some(format!(
        "<iframe src=\"{}{}\" title=\"PuzzleLab: {}\" width=\"900\" height=\"640\" style=\"border: 0\" loading=\"lazy\"></iframe>",
        escape(site),
        escape(&hash),
        title(name)
    ))
}

fn title(name: &str) -> &'static str {
    match name {
        "knight" => "knight's tour",
        "queens" => "N queens",
        "cube" => "pocket cube",
        "rubik" => "Rubik's cube",
        _ => "counting lab",
    }
}

/// Text as an HTML attribute value (in double quotes).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_links::decode_route;

    #[test]
    fn the_element_carries_the_links_keys_escaped_for_html() {
        let route = decode_route("#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R%20U%27&step=1").value;
        let snippet = element_snippet(&route, "https://x.org/lab/").unwrap();
        assert!(snippet.starts_with("<script type=\"module\" src=\"https://x.org/lab/elements.js\"></script>\n<puzzlelab-rubik state=\"UUUU"));
        assert!(
            snippet.contains(" solution=\"R U'\" step=\"1\""),
            "{snippet}"
        );
        assert!(snippet.ends_with("></puzzlelab-rubik>"));
    }

    #[test]
    fn the_iframe_shows_the_embedded_view() {
        let route = decode_route("#/knight?board=5x5&start=a1").value;
        let snippet = iframe_snippet(&route, "http://h/").unwrap();
        assert!(
            snippet.starts_with("<iframe src=\"http://h/#/embed/knight?board=5x5&amp;start=a1"),
            "{snippet}"
        );
        assert!(snippet.contains("title=\"PuzzleLab: knight's tour\""));
    }

    #[test]
    fn quotes_and_angles_cannot_leave_the_attribute() {
        assert_eq!(escape("a\"<b>&"), "a&quot;&lt;b&gt;&amp;");
        assert_eq!(element_snippet(&Route::Home, "/"), None);
    }
}

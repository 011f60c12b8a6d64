//! A workbench outside the app: the chrome-less view `#/embed/<workbench>?…` (for an
//! iframe) and an element's attributes (`<puzzlelab-knight board="8x8" …>`), both the
//! workbench's own link keys, so either opens exactly what the link opens.

use crate::{decode_route, encode_route, query_pairs, Decoded, Route};

const PREFIX: &str = "#/embed/";

/// The workbench an embedded view shows: `#/embed/knight?board=5x5` opens what
/// `#/knight?board=5x5` opens. `None` if `hash` is not an embedded view.
pub fn decode_embed(hash: &str) -> Option<Decoded<Route>> {
    let rest = hash
        .strip_prefix('#')
        .unwrap_or(hash)
        .strip_prefix("/embed/")?;
    Some(decode_route(&format!("#/{rest}")))
}

/// The embedded view's hash for `route` (`None` for the home page and the lessons, which
/// are not embedded).
pub fn encode_embed(route: &Route) -> Option<String> {
    element_name(route)?;
    let hash = encode_route(route);
    Some(format!("{PREFIX}{}", hash.strip_prefix("#/")?))
}

/// The element for `route` (`knight`, …, the tag's suffix) and its attributes: the
/// link's keys and values as typed (decoded), in the link's order.
pub fn element_attributes(route: &Route) -> Option<(&'static str, Vec<(String, String)>)> {
    let name = element_name(route)?;
    let hash = encode_route(route);
    let query = hash.split_once('?').map_or("", |(_, q)| q);
    Some((name, query_pairs(query)))
}

fn element_name(route: &Route) -> Option<&'static str> {
    Some(match route {
        Route::Knight(_) => "knight",
        Route::Queens(_) => "queens",
        Route::Cube(_) => "cube",
        Route::Rubik(_) => "rubik",
        Route::Count(_) => "count",
        Route::Home | Route::Learn(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINKS: [&str; 5] = [
        "#/knight?board=6x5&start=c3&tie=first&closed=0&step=7",
        "#/queens?n=6&mode=search&step=12",
        "#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY&solution=R%20U%27&step=1",
        "#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R%20U&step=1",
        "#/count?board=5x5&start=all&closed=0&workers=2",
    ];

    /// What an element does with its attributes (`www/elements.js`): each escaped into
    /// a query, then decoded as a link.
    fn as_element_query(attributes: &[(String, String)]) -> String {
        attributes
            .iter()
            .map(|(k, v)| format!("{}={}", crate::encode_value(k), crate::encode_value(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    #[test]
    fn the_embedded_view_and_the_element_open_what_the_link_opens() {
        for link in LINKS {
            let decoded = decode_route(link);
            assert!(
                decoded.problems.is_empty(),
                "{link}: {:?}",
                decoded.problems
            );
            let route = decoded.value;
            let embed = encode_embed(&route).expect("an embeddable workbench");
            assert!(embed.starts_with(PREFIX), "{embed}");
            assert_eq!(decode_embed(&embed).unwrap().value, route, "{embed}");
            let (name, attributes) = element_attributes(&route).unwrap();
            let again = decode_route(&format!("#/{name}?{}", as_element_query(&attributes)));
            assert_eq!(again.value, route, "{link}");
            assert!(again.problems.is_empty());
        }
    }

    #[test]
    fn attributes_are_the_values_as_typed() {
        let route = decode_route(LINKS[2]).value;
        let (_, attributes) = element_attributes(&route).unwrap();
        assert!(attributes.contains(&("solution".into(), "R U'".into())));
    }

    #[test]
    fn only_workbenches_are_embedded() {
        assert_eq!(encode_embed(&Route::Home), None);
        assert_eq!(decode_embed("#/knight?board=5x5"), None);
        let bad = decode_embed("#/embed/knight?board=banana").unwrap();
        assert!(!bad.problems.is_empty());
        let learn = decode_route("#/learn");
        assert_eq!(element_attributes(&learn.value), None);
    }
}

//! A small XML reader for the tests of pictures (SVG), written apart from the code that
//! writes them: every element with its attributes, its parent and its own text, in
//! document order. Enough for what the pictures hold (no DTDs, no CDATA).

use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Element {
    pub name: String,
    pub attrs: BTreeMap<String, String>,
    /// The text directly inside it (entities decoded).
    pub text: String,
    /// Index of its parent in the document's list.
    pub parent: Option<usize>,
}

impl Element {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.get(name).map(String::as_str)
    }

    /// A polygon's or polyline's `points` as (x, y) pairs; `None` without the attribute or
    /// with a point that is not two numbers.
    pub fn points(&self) -> Option<Vec<(f64, f64)>> {
        self.attr("points")?
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',')?;
                Some((x.parse().ok()?, y.parse().ok()?))
            })
            .collect()
    }
}

/// Every element of `xml`, in document order; an error for markup that does not nest.
pub fn read(xml: &str) -> Result<Vec<Element>, String> {
    let mut all: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut rest = xml;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            text_into(&mut all, &open, rest);
            break;
        };
        text_into(&mut all, &open, &rest[..lt]);
        rest = &rest[lt..];
        let gt = rest.find('>').ok_or("a tag is not closed")?;
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let top = open.pop().ok_or("a closing tag with nothing open")?;
            if all[top].name != name.trim() {
                return Err(format!("</{name}> closes <{}>", all[top].name));
            }
            continue;
        }
        let selfclosing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let element = parse_tag(tag, open.last().copied())?;
        all.push(element);
        if !selfclosing {
            open.push(all.len() - 1);
        }
    }
    if let Some(&top) = open.last() {
        return Err(format!("<{}> is never closed", all[top].name));
    }
    Ok(all)
}

fn text_into(all: &mut [Element], open: &[usize], text: &str) {
    if let Some(&top) = open.last() {
        all[top].text.push_str(&decode(text));
    }
}

fn parse_tag(tag: &str, parent: Option<usize>) -> Result<Element, String> {
    let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
    let mut element = Element {
        name: tag[..name_end].to_string(),
        parent,
        ..Element::default()
    };
    let mut rest = tag[name_end..].trim_start();
    while !rest.is_empty() {
        let eq = rest
            .find('=')
            .ok_or_else(|| format!("bad attribute in <{tag}>"))?;
        let key = rest[..eq].trim().to_string();
        let after = rest[eq + 1..].trim_start();
        let quote = after.chars().next().ok_or("attribute without a value")?;
        if quote != '"' && quote != '\'' {
            return Err(format!("unquoted attribute {key}"));
        }
        let end = after[1..].find(quote).ok_or("attribute value not closed")? + 1;
        element.attrs.insert(key, decode(&after[1..end]));
        rest = after[end + 1..].trim_start();
    }
    Ok(element)
}

fn decode(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_elements_with_attributes_and_text() {
        let doc =
            read("<svg a=\"1\"><g id='x'><text k=\"a&amp;b\">12</text></g><rect/></svg>").unwrap();
        assert_eq!(doc.len(), 4);
        assert_eq!(doc[2].attr("k"), Some("a&b"));
        assert_eq!(doc[2].text, "12");
        assert_eq!(doc[2].parent, Some(1));
        assert_eq!(doc[3].parent, Some(0));
        assert!(read("<svg><g></svg>").is_err());
    }
}

//! A step's text with its numbers filled in: `{name}` stands for the fact called `name`.

use super::lessons::Fact;

/// A piece of a filled-in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Fact(&'a Fact),
    /// A fact not known yet (the worker has not answered), or misspelt (a test finds it).
    Pending(&'a str),
}

/// Splits `text` at its `{name}` placeholders and looks each up in `facts`.
pub fn render<'a>(text: &'a str, facts: &'a [Fact]) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        if open > 0 {
            out.push(Piece::Text(&rest[..open]));
        }
        let name = &rest[open + 1..open + len];
        out.push(match facts.iter().find(|f| f.name == name) {
            Some(f) => Piece::Fact(f),
            None => Piece::Pending(name),
        });
        rest = &rest[open + len + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// The placeholders of a template, in order (the tests hold them to the facts).
#[cfg(test)]
pub fn placeholders(text: &str) -> Vec<&str> {
    render(text, &[])
        .into_iter()
        .filter_map(|p| match p {
            Piece::Pending(name) => Some(name),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_facts_or_pending() {
        let facts = vec![Fact {
            name: "n".into(),
            value: "1234".into(),
            shown: "1,234".into(),
            hook: "count x".into(),
        }];
        let pieces = render("a {n} b {m}.", &facts);
        assert_eq!(
            pieces,
            vec![
                Piece::Text("a "),
                Piece::Fact(&facts[0]),
                Piece::Text(" b "),
                Piece::Pending("m"),
                Piece::Text(".")
            ]
        );
        assert_eq!(render("{n}", &facts), vec![Piece::Fact(&facts[0])]);
        assert_eq!(render("plain", &facts), vec![Piece::Text("plain")]);
        assert_eq!(
            render("open { only", &facts),
            vec![Piece::Text("open { only")]
        );
        assert_eq!(placeholders("a {n} b {m}."), vec!["n", "m"]);
    }
}

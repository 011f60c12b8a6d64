//! A finished tour as text (copy it) and as an SVG picture (download it).

use yew::prelude::*;

use puzzlelab_solver::board::Board;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub board: Board,
    pub path: Vec<u32>,
}

/// The tour drawn as SVG: the board, the path, and the start and end marked.
pub fn tour_svg(board: Board, path: &[u32]) -> String {
    let (w, h) = (board.width(), board.height());
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{}\" height=\"{}\">",
        w * 40,
        h * 40
    );
    for y in 0..h {
        for x in 0..w {
            let fill = if (x + y) % 2 == 0 {
                "#b48a5a"
            } else {
                "#efe3c8"
            };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"1\" height=\"1\" fill=\"{fill}\"/>",
                h - 1 - y
            ));
        }
    }
    let points: Vec<String> = path
        .iter()
        .map(|&sq| {
            let (x, y) = board.coords(sq);
            format!("{x}.5,{}.5", h - 1 - y)
        })
        .collect();
    out.push_str(&format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#b4412f\" stroke-width=\"0.08\" stroke-linejoin=\"round\"/>",
        points.join(" ")
    ));
    for (i, &sq) in [path.first(), path.last()].iter().flatten().enumerate() {
        let (x, y) = board.coords(*sq);
        let colour = if i == 0 { "#2ea043" } else { "#1f6feb" };
        out.push_str(&format!(
            "<circle cx=\"{x}.5\" cy=\"{}.5\" r=\"0.2\" fill=\"{colour}\"/>",
            h - 1 - y
        ));
    }
    out.push_str("</svg>");
    out
}

#[component]
pub fn TourExport(props: &ExportProps) -> Html {
    let copied = use_state(|| false);
    let (board, path) = (props.board, props.path.clone());
    let as_text = move || {
        path.iter()
            .map(|&sq| board.name(sq))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Millions of squares make tens of megabytes of text: build it only when copied.
    let shown_text = (props.board.squares() <= 250_000).then(&as_text);
    let onclick = {
        let copied = copied.clone();
        Callback::from(move |_| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&as_text());
                copied.set(true);
            }
        })
    };
    // A picture with one rectangle per square is only sensible for boards drawn as squares.
    let small = props.board.squares() <= 64 * 64;
    let href = small.then(|| {
        let svg = tour_svg(props.board, &props.path);
        format!(
            "data:image/svg+xml;charset=utf-8,{}",
            String::from(js_sys::encode_uri_component(&svg))
        )
    });
    let name = format!(
        "knights-tour-{}x{}-{}.svg",
        props.board.width(),
        props.board.height(),
        props
            .path
            .first()
            .map(|&s| props.board.name(s))
            .unwrap_or_default()
            .replace(',', "-")
    );
    html! {
        <details class="export">
            <summary>{"The tour as text and as a picture"}</summary>
            if let Some(text) = shown_text {
                <textarea readonly=true rows="3" aria-label="The tour, square by square" data-tour-text="" value={text} />
            }
            <div class="row">
                <button type="button" {onclick} data-action="copy-tour">{ if *copied { "Copied" } else { "Copy tour" } }</button>
                if let Some(href) = href {
                    <a {href} download={name} data-action="download-svg">{"Download SVG"}</a>
                }
            </div>
        </details>
    }
}

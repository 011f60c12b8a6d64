//! An N×N board of queens: squares with the page hooks (`data-square`, `data-queen`,
//! `data-attacked`, `data-conflict`), attacked squares shaded, clashing queens in red.

use yew::prelude::*;

use puzzlelab_solver::queens::square_name_on;

#[derive(Properties, PartialEq)]
pub struct QueensBoardProps {
    pub n: u32,
    /// (column, row) of each queen.
    pub queens: Vec<(u32, u32)>,
    /// The square the search is looking at, if any.
    #[prop_or_default]
    pub focus: Option<(u32, u32)>,
    pub onclick: Callback<(u32, u32)>,
}

fn attacks(a: (u32, u32), b: (u32, u32)) -> bool {
    a != b && (a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1))
}

#[component]
pub fn QueensBoard(props: &QueensBoardProps) -> Html {
    let n = props.n;
    let style = format!("--cols: {n}; --rows: {n};");
    html! {
        <div class="board-frame" style={style}>
            <div class="ranks" aria-hidden="true">
                { for (0..n).rev().map(|y| html! { <span>{ y + 1 }</span> }) }
            </div>
            <div class="board queens" role="group" aria-label={format!("{n} by {n} board")}>
                { for (0..n).rev().flat_map(|y| (0..n).map(move |x| (x, y))).map(|sq| {
                    let (x, y) = sq;
                    let name = square_name_on(n, x, y);
                    let queen = props.queens.contains(&sq);
                    let attacked = props.queens.iter().any(|&q| attacks(q, sq));
                    let conflict = queen && attacked;
                    let mut class = classes!("square", if (x + y) % 2 == 0 { "dark" } else { "light" });
                    if attacked && !queen { class.push("attacked"); }
                    if conflict { class.push("conflict"); }
                    if props.focus == Some(sq) { class.push("current"); }
                    let label = match (queen, conflict, attacked) {
                        (true, true, _) => format!("{name}, queen, attacked"),
                        (true, false, _) => format!("{name}, queen"),
                        (false, _, true) => format!("{name}, attacked"),
                        _ => name.clone(),
                    };
                    let onclick = props.onclick.reform(move |_| sq);
                    let onkeydown = Callback::from(move |e: KeyboardEvent| {
                        crate::app::widgets::board_keys::move_focus(&e, sq, (n, n), |a, b| square_name_on(n, a, b));
                    });
                    html! {
                        <button type="button" {class} data-square={name} aria-label={label} {onkeydown}
                            data-queen={queen.then_some("true")}
                            data-attacked={(attacked && !queen).then_some("true")}
                            data-conflict={conflict.then_some("true")} {onclick}>
                            if queen { <span class="queen" aria-hidden="true">{"♛"}</span> }
                        </button>
                    }
                }) }
            </div>
            <div class="files" aria-hidden="true">
                { for (0..n).map(|x| html! { <span>{ ((b'a' + x as u8) as char).to_string() }</span> }) }
            </div>
        </div>
    }
}

//! Rules compared from every start square: a table (`[data-rule]` rows with
//! `data-solved` and `data-most-steps`) and the chosen rule's map on the knight page's
//! board (`data-outcome` on each square).

use yew::prelude::*;

use super::bench_common::open_link;
use super::try_it::Signal;
use crate::app::knight::board_view::BoardView;
use puzzlelab_links::{encode_route, KnightLink, Route};
use puzzlelab_solver::knight::Rule;
use puzzlelab_solver::lessons::knight_rules::board;
use puzzlelab_solver::lessons::starts::{rules, table, Row, Table};

#[derive(Properties, PartialEq)]
pub struct StartsBenchProps {
    pub table: Table,
    pub shown: usize,
    pub onsignal: Callback<Signal>,
}

#[component]
pub fn StartsBench(props: &StartsBenchProps) -> Html {
    let which = props.table;
    let rows = use_memo(which, |t| table(*t));
    let shown = use_state(|| props.shown);
    let row: &Row = &rows[(*shown).min(rows.len() - 1)];
    let board = board();
    let outcomes: Vec<&'static str> = row.outcomes.iter().map(|o| o.as_str()).collect();
    let config = rules(which)[(*shown).min(rows.len() - 1)].1;
    let base = row.name.split('+').next().unwrap_or("warnsdorff/first");
    let versus = Rule::parse(base).ok();
    let knight_link = KnightLink {
        rule: config.rule,
        versus,
        ..KnightLink::default()
    };
    html! {
        <div class="bench starts-bench">
            <table class="starts-table" data-compare="">
                <caption>{ format!("Tours found from the {} starts of the board", board.squares()) }</caption>
                <thead><tr><th scope="col">{"rule"}</th><th scope="col">{"starts solved"}</th><th scope="col">{"most steps"}</th><th scope="col">{"map"}</th></tr></thead>
                <tbody>
                    { for rows.iter().enumerate().map(|(i, r)| {
                        let on = i == *shown;
                        let onclick = {
                            let (shown, onsignal, name) = (shown.clone(), props.onsignal.clone(), r.name.clone());
                            Callback::from(move |_| {
                                shown.set(i);
                                onsignal.emit(Signal::Choose("rule", name.clone()));
                            })
                        };
                        html! {
                            <tr data-rule={r.name.clone()} data-solved={r.solved.to_string()} data-most-steps={r.most_steps.to_string()}
                                class={classes!(on.then_some("shown"))}>
                                <th scope="row">{ r.name.replace("+backtracking", " with backtracking") }</th>
                                <td>{ r.solved }</td>
                                <td>{ r.most_steps }</td>
                                <td><button type="button" aria-pressed={on.to_string()} data-action="show-rule" {onclick}>{"Show"}</button></td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            <p class="hint">{ format!("The map of {}: each square is a start, coloured by whether the rule finds a tour from it.", row.name) }</p>
            <BoardView {board} path={Vec::<u32>::new()} onclick={Callback::from(|_| ())} {outcomes} />
            { open_link(&encode_route(&Route::Knight(knight_link)), "knight's tour") }
        </div>
    }
}

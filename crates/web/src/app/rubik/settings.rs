//! The Rubik's cube page's settings column: scramble, solve and prove, turns, facelets.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::rubik::state::{Busy, Edit, RubikState};
use crate::app::rubik::table_choice;
use crate::app::rubik::turns::TurnButtons;
use crate::app::rubik::{Msg, RubikPage};
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::workbench::Group;
use puzzlelab_solver::rubik::optimal_tables::stored;
use puzzlelab_solver::rubik::Facelets;

/// The settings column; `invalid`: the cube shown is not a real cube.
pub fn settings(
    state: &RubikState,
    link: &Scope<RubikPage>,
    shown: &Facelets,
    invalid: bool,
) -> Html {
    let on_moves = link.callback(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Msg::Edit(Edit::MovesText(input.value()))
    });
    let on_state = link.callback(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Msg::Edit(Edit::StateText(input.value()))
    });
    html! {
        <>
            // Scramble and Solve first: the start hint names their buttons.
            <Group legend="Scramble">
                <div class="row">
                    <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={state.seed.to_string()} onchange={link.callback(|t| Msg::Edit(Edit::Seed(t)))} /></label>
                    <button type="button" onclick={link.callback(|_| Msg::Scramble)} data-action="scramble">{"Random state"}</button>
                </div>
                <div class="scramble-slot">
                if let Some((seed, moves)) = &state.scrambled {
                    <p class="scramble" data-scramble={seed.to_string()} data-scramble-moves={moves.clone().unwrap_or_default()}>
                        { format!("Random state (seed {seed}), every position equally likely: ") }
                        { moves.clone().unwrap_or_else(|| "working out moves that reach it…".into()) }
                    </p>
                }
                </div>
            </Group>
            <Group legend="Solve">
                <label>{"Longest solution "}<DraftInput kind="number" name="max-length" min="1" max="30"
                    value={state.max_length.to_string()} onchange={link.callback(|t| Msg::Edit(Edit::MaxLength(t)))} />{" moves"}</label>
                <div class="row">
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Solve)}
                        disabled={invalid || state.busy != Busy::Idle} data-action="solve">{"Solve"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Prove)}
                        disabled={invalid || state.busy != Busy::Idle} data-action="prove"
                        aria-describedby="prove-note">{"Prove optimal"}</button>
                </div>
                <label>{"Table "}<select name="proof-table" disabled={state.busy != Busy::Idle}
                    onchange={link.batch_callback(|e: Event| table_choice::from_word(&e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()).map(|t| Msg::Edit(Edit::Table(t)).into()))}>
                    { for table_choice::offered(state.table).into_iter().map(|t| html! {
                        <option value={table_choice::word(t)} selected={t == state.table}>{ table_choice::label(t) }</option>
                    }) }
                </select></label>
                <p class="hint" id="prove-note" data-tables-bytes={stored::tables_bytes(state.table).to_string()}>{ state.tables_note() }</p>
            </Group>
            <Group legend="Turn" more="Face turns, wide turns, slices and whole-cube rotations in WCA notation; type several moves to apply them at once.">
                <TurnButtons onturn={link.callback(|m| Msg::Edit(Edit::Turn(m)))} />
                <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::Edit(Edit::ApplyText) })}>
                    <label>{"Moves "}<input name="moves" value={state.moves_text.clone()} oninput={on_moves}
                        placeholder="R U R' U' Rw M2 x" aria-label="Moves to apply" spellcheck="false" autocomplete="off" /></label>
                    <button type="submit" data-action="apply">{"Apply"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Edit(Edit::Undo))} disabled={state.undo.is_empty()} data-action="undo">{"Undo"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Edit(Edit::Redo))} disabled={state.redo.is_empty()} data-action="redo">{"Redo"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Edit(Edit::Reset))} data-action="reset-cube">{"Solved cube"}</button>
                </form>
            </Group>
            <Group legend="Facelets" more="54 letters in URFDLB order, each face row by row as seen from outside (Kociemba's order).">
                <form class="row facelets-row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::Edit(Edit::LoadState) })}>
                    <input name="facelets" class="facelets" spellcheck="false" autocomplete="off"
                        value={state.state_draft.clone().unwrap_or_else(|| shown.to_string())} oninput={on_state}
                        aria-label="54 facelets in URFDLB order (U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9)"
                        data-facelets={shown.to_string()} />
                    <button type="submit" data-action="load-state">{"Load"}</button>
                    <button type="button" data-action="copy-state" onclick={link.callback(|_| Msg::Copy)}>
                        { if state.copied { "Copied" } else { "Copy" } }
                    </button>
                </form>
            </Group>
        </>
    }
}

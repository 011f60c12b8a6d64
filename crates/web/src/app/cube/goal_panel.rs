//! The pocket cube's goal: solved (however held) or a cube of its own, painted, typed or
//! copied from the cube shown.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::cube::net::CubeNet;
use crate::app::cube::state::{CubeState, Msg};
use crate::app::cube::CubePage;
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube_common::colours::colour_name;
use puzzlelab_solver::cube_view::Kind;

pub fn goal_panel(state: &CubeState, link: &Scope<CubePage>) -> Html {
    let on_text = link.callback(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Msg::GoalText(input.value())
    });
    let problem = state
        .target
        .and_then(|g| analyse(&g).err())
        .map(|e| format!("The goal is not a real cube: {e}."))
        .or_else(|| state.hints_error.clone());
    html! {
        <fieldset class="goal-panel" data-goal={state.target.map(|g| g.to_string()).unwrap_or_else(|| "solved".into())}>
            <legend>{"Goal"}</legend>
            if let Some(goal) = state.target {
                <CubeNet goal={true} stickers={goal} onclick={link.callback(Msg::GoalSticker)}
                    action={state.paint.map(|c| AttrValue::from(format!("click to paint {}", colour_name(Kind::Pocket, c))))} />
            } else {
                <p class="goal-solved">{"Solved, however it is held. Set a goal to solve toward any other cube."}</p>
            }
            if let Some(message) = problem {
                <p class="invalid" role="alert" data-goal-problem="">{ message }</p>
            }
            <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::ApplyGoalText })}>
                <label>{"Goal "}<input name="goal-state" value={state.target_text.clone()} oninput={on_text}
                    placeholder="24 letters, e.g. WWWWGGRRBBOOGGRRBBOOYYYY" aria-label="Goal stickers (24 letters)"
                    spellcheck="false" autocomplete="off" /></label>
                <button type="submit" data-action="set-goal">{"Set goal"}</button>
            </form>
            <div class="row">
                <button type="button" data-action="goal-from-cube" onclick={link.callback(|_| Msg::GoalFromCube)}>{"Use this cube as the goal"}</button>
                if state.target.is_none() {
                    <button type="button" data-action="paint-goal" onclick={link.callback(|_| Msg::PaintGoal)}>{"Paint a goal"}</button>
                } else {
                    <button type="button" data-action="clear-goal" onclick={link.callback(|_| Msg::ClearGoal)}>{"Back to solved"}</button>
                }
            </div>
        </fieldset>
    }
}

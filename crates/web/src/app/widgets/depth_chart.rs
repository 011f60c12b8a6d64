//! The depth of a search against its steps (the sawtooth of backtracking), drawn from the
//! solver's bounded columns; clicking or dragging on it seeks the search there. Marks:
//! solutions, dead ends and jumps.

use yew::prelude::*;

use puzzlelab_solver::chart::Bucket;

#[derive(Properties, PartialEq)]
pub struct DepthChartProps {
    pub buckets: Vec<Bucket>,
    /// The deepest a search can go (the chart's top), e.g. the squares of the board.
    pub max_depth: u32,
    /// The step shown (drawn as a cursor).
    pub step: u64,
    pub onseek: Callback<u64>,
    /// What the depth counts, in words ("queens placed", "squares numbered").
    #[prop_or(AttrValue::Static("depth"))]
    pub depth_label: AttrValue,
}

const W: f64 = 600.0;
const H: f64 = 120.0;

/// The step under a pointer at `x` pixels of a chart `width` pixels wide.
fn step_at(buckets: &[Bucket], x: f64, width: f64) -> u64 {
    let total: u64 = buckets.iter().map(|b| b.steps).sum();
    ((x / width.max(1.0)).clamp(0.0, 1.0) * total as f64).round() as u64
}

#[component]
pub fn DepthChart(props: &DepthChartProps) -> Html {
    let total: u64 = props.buckets.iter().map(|b| b.steps).sum::<u64>().max(1);
    let top = props.max_depth.max(1) as f64;
    let x = |step: u64| step as f64 / total as f64 * W;
    let y = |depth: u32| H - depth as f64 / top * H;
    let dragging = use_state(|| false);
    let seek = |e: &MouseEvent, buckets: &[Bucket]| {
        let target: web_sys::Element = e.target_unchecked_into();
        let svg = target.closest("svg").ok().flatten().unwrap_or(target);
        let rect = svg.get_bounding_client_rect();
        step_at(buckets, e.client_x() as f64 - rect.left(), rect.width())
    };
    let onmousedown = {
        let (onseek, buckets, dragging) = (
            props.onseek.clone(),
            props.buckets.clone(),
            dragging.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            dragging.set(true);
            onseek.emit(seek(&e, &buckets));
        })
    };
    let onmousemove = {
        let (onseek, buckets, dragging) = (
            props.onseek.clone(),
            props.buckets.clone(),
            dragging.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            if *dragging && e.buttons() & 1 == 1 {
                onseek.emit(seek(&e, &buckets));
            }
        })
    };
    let onmouseup = {
        let dragging = dragging.clone();
        Callback::from(move |_: MouseEvent| dragging.set(false))
    };
    let cursor = x(props.step.min(total));
    let dead_ends = props.buckets.iter().filter(|b| b.dead_end).count();
    let jumps = props.buckets.iter().filter(|b| b.jump).count();
    let solutions = props.buckets.iter().filter(|b| b.solution).count();
    html! {
        <figure class="depth-chart" data-chart="depth" data-steps={total.to_string()}>
            <svg viewBox={format!("0 0 {W} {H}")} preserveAspectRatio="none" role="img"
                aria-label={format!("Depth of the path over {total} steps of the search: click to go to a step")}
                {onmousedown} {onmousemove} onmouseup={onmouseup.clone()} onmouseleave={onmouseup}>
                // The area under the path's length, so a short search reads as a shape.
                { for props.buckets.iter().map(|b| {
                    let (x0, x1) = (x(b.first - 1), x(b.first - 1 + b.steps));
                    let top = y(b.max_depth);
                    html! {
                        // (half a unit wider, so neighbours overlap instead of leaving hairlines)
                        <rect class="area" x={format!("{x0:.2}")} y={format!("{top:.2}")}
                            width={format!("{:.2}", (x1 - x0).max(0.6) + 0.5)} height={format!("{:.2}", H - top)} />
                    }
                }) }
                { for props.buckets.iter().enumerate().map(|(i, b)| {
                    let (x0, x1) = (x(b.first - 1), x(b.first - 1 + b.steps));
                    let (low, high) = b.joined_span(i.checked_sub(1).map(|j| &props.buckets[j]));
                    let (y0, y1) = (y(high), y(low));
                    html! {
                        <rect class={classes!("depth", b.dead_end.then_some("dead-end"), b.jump.then_some("jump"), b.solution.then_some("solution"))}
                            x={format!("{x0:.2}")} y={format!("{y0:.2}")}
                            width={format!("{:.2}", (x1 - x0).max(0.6))} height={format!("{:.2}", (y1 - y0).max(1.0))} />
                    }
                }) }
                { for props.buckets.iter().filter(|b| b.solution || b.jump).map(|b| {
                    let mid = x(b.first - 1) + 0.5 * (x(b.first - 1 + b.steps) - x(b.first - 1));
                    let class = if b.solution { "mark solution" } else { "mark jump" };
                    html! { <line class={class} x1={format!("{mid:.2}")} x2={format!("{mid:.2}")} y1="0" y2={H.to_string()} /> }
                }) }
                <line class="cursor" x1={format!("{cursor:.2}")} x2={format!("{cursor:.2}")} y1="0" y2={H.to_string()} />
            </svg>
            <figcaption>
                { format!("The path's length ({}) over {total} steps: {solutions} columns with a solution, {dead_ends} with dead ends, {jumps} with jumps. Click or drag to go there.",
                    props.depth_label) }
            </figcaption>
        </figure>
    }
}

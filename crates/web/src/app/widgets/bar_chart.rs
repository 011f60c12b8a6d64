//! Positions at each distance as a bar chart, with the current position's distance marked.

use yew::prelude::*;

use crate::app::widgets::numbers::group;

#[derive(Properties, PartialEq)]
pub struct ChartProps {
    pub counts: Vec<u64>,
    pub current: Option<u32>,
    pub metric: AttrValue,
}

#[component]
pub fn DistanceChart(props: &ChartProps) -> Html {
    let max = props.counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let total: u64 = props.counts.iter().sum();
    let n = props.counts.len().max(1) as f64;
    let (w, h) = (100.0 / n, 34.0);
    html! {
        // Without counts (the table still being built) the empty frame keeps the chart's
        // size, under another class so "the chart is shown" still means "the table is ready".
        <figure class={if props.counts.is_empty() { "distance-chart-pending" } else { "distance-chart" }}
            data-metric={props.metric.clone()}>
            <svg viewBox="0 -7 100 48" role="img"
                aria-label={format!("Positions at each distance ({}), {} in all", props.metric, total)}>
                { for props.counts.iter().enumerate().map(|(d, &count)| {
                    let bar = (count as f64 / max * h).max(0.6);
                    let here = props.current == Some(d as u32);
                    let x = d as f64 * w;
                    html! {
                        <g class={classes!("bar", here.then_some("here"))} data-distance={d.to_string()} data-count={count.to_string()}>
                            <rect x={format!("{:.2}", x + w * 0.1)} y={format!("{:.2}", h - bar)}
                                width={format!("{:.2}", w * 0.8)} height={format!("{bar:.2}")} />
                            <text x={format!("{:.2}", x + w / 2.0)} y="39" text-anchor="middle">{ d }</text>
                            if here {
                                <text x={format!("{:.2}", x + w / 2.0)} y={format!("{:.2}", h - bar - 2.0)} text-anchor="middle" class="marker">{"▼"}</text>
                            }
                        </g>
                    }
                }) }
            </svg>
            <figcaption>
                if props.counts.is_empty() {
                    { format!("Positions at each distance ({}): the table is being built.", props.metric) }
                } else {
                    { format!("Positions at each distance ({}); {} in all.", props.metric, group(total)) }
                }
                if let Some(d) = props.current {
                    { format!(" This cube is {d} moves from solved, one of {} such positions.",
                        group(props.counts.get(d as usize).copied().unwrap_or(0))) }
                }
            </figcaption>
            <table class="counts" tabindex="0" aria-label="positions at each distance">
                <tr><th scope="row">{"distance"}</th>{ for (0..props.counts.len()).map(|d| html! { <td>{ d }</td> }) }</tr>
                <tr><th scope="row">{"positions"}</th>{ for props.counts.iter().map(|c| html! { <td>{ group(*c) }</td> }) }</tr>
            </table>
        </figure>
    }
}

//! The count's bars in its panel, drawn from the same [`CountBars`] as the saved picture
//! (`puzzlelab_pictures::count_bars`): one `[data-bar]` per start class or part with its
//! `data-label` and, once counted, `data-count`, the short figure over it and the label
//! under it; a bar still counting in the visited colour.

use yew::prelude::*;

use puzzlelab_pictures::count_bars::CountBars;
use puzzlelab_pictures::heatmap::compact;

pub fn bars_view(b: &CountBars) -> Html {
    html! {
        <figure class="count-bars" data-chart="count-bars" data-method={b.method.key()}
            data-total={b.total().to_string()}>
            <figcaption>{ b.caption() }</figcaption>
            <div class="bars" style={format!("--bars: {}", b.bars.len())}>
                { for b.bars.iter().map(|bar| html! {
                    <div class="bar-slot">
                        <span class="bar-count">{ bar.count.map(compact).unwrap_or_default() }</span>
                        <div class={classes!("bar", bar.running.then_some("running"))} data-bar=""
                            data-label={bar.label.clone()} data-count={bar.count.map(|n| n.to_string())}
                            style={format!("height: {:.1}%", b.height(bar) * 100.0)}></div>
                        <span class="bar-label">{ bar.label.clone() }</span>
                    </div>
                }) }
            </div>
        </figure>
    }
}

//! "Save picture" on every workbench: a small menu (SVG, PNG 1×, PNG 2×) that saves the
//! stage as it is now, in the theme shown. The picture is drawn by `puzzlelab-pictures`
//! (the command line's `--svg` draws the same); a PNG is that SVG drawn on a canvas (an
//! image from a `data:` URL: the page's policy lets images come only from itself and
//! `data:`), so the wasm carries no image encoder; a big board's tour is the exception,
//! a PNG of one pixel a square written in Rust (`puzzlelab_pictures::png`).
//!
//! `Page` hands what the stage shows down as a context ([`PictureSource`], from the
//! workbench's `scene`), and the layout's header draws this menu wherever there is one.

use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use puzzlelab_pictures::{Scene, Theme};

/// What the stage shows and the link to it, for the menu in the header.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureSource {
    pub scene: Option<Rc<Scene>>,
    /// The other figures shown (a chart, a tree), each saved from its own row.
    pub figures: Vec<Rc<Scene>>,
    /// The workbench's link (`#/knight?…`), made whole with the page's address on saving.
    pub route: String,
}

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Svg,
    Png(u32),
}

impl Format {
    fn ext(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png(_) => "png",
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct SavePictureProps {
    pub source: PictureSource,
}

#[component]
pub fn SavePicture(props: &SavePictureProps) -> Html {
    let error = use_state(|| None::<String>);
    let Some(scene) = props.source.scene.clone() else {
        return html! {};
    };
    let save = |scene: &Rc<Scene>, format: Format| {
        let (scene, route, error) = (scene.clone(), props.source.route.clone(), error.clone());
        Callback::from(move |e: MouseEvent| {
            error.set(save(&scene, &route, format).err());
            // Chosen: the menu closes.
            let menu = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|b| b.closest("details").ok().flatten());
            if let Some(menu) = menu {
                let _ = menu.remove_attribute("open");
            }
        })
    };
    html! {
        <details class="save-picture">
            <summary data-action="save-picture">{"Save picture"}</summary>
            <div class="save-menu" role="group" aria-label="Save the stage as">
                // The stage's formats first and unlabelled: a figure's row arriving later
                // (the cube's table) goes below them and moves none of them. Keyed like
                // the rows, so that a row arriving keeps every button its own node (in a
                // list keyed only in part, yew re-used the SVG button's node as PNG 1×'s).
                <button type="button" key="svg" data-format="svg" onclick={save(&scene, Format::Svg)}>{"SVG"}</button>
                <button type="button" key="png-1x" data-format="png-1x" onclick={save(&scene, Format::Png(1))}>{"PNG 1×"}</button>
                <button type="button" key="png-2x" data-format="png-2x" onclick={save(&scene, Format::Png(2))}>{"PNG 2×"}</button>
                { for props.source.figures.iter().map(|figure| {
                    let (key, label) = figure_name(figure);
                    html! {
                        // Keyed: a row arriving (the chart once the table lands) is a new
                        // node, and the rows already shown keep theirs and their clicks.
                        <div class="save-figure" key={key} data-figure={key} role="group" aria-label={format!("Save the {label} as")}>
                            <span>{ label }</span>
                            <button type="button" data-figure-format="svg" onclick={save(figure, Format::Svg)}>{"SVG"}</button>
                            <button type="button" data-figure-format="png-1x" onclick={save(figure, Format::Png(1))}>{"PNG 1×"}</button>
                            <button type="button" data-figure-format="png-2x" onclick={save(figure, Format::Png(2))}>{"PNG 2×"}</button>
                        </div>
                    }
                }) }
            </div>
            if let Some(e) = &*error {
                <p role="alert" class="invalid">{ format!("No picture: {e}.") }</p>
            }
        </details>
    }
}

/// A figure's page hook and its words in the menu.
fn figure_name(scene: &Scene) -> (&'static str, &'static str) {
    match scene {
        Scene::Distances { .. } => ("distance", "distance chart"),
        Scene::Tree { .. } => ("tree", "search tree"),
        Scene::Layers(_) => ("layers", "search's bars"),
        Scene::View3d { .. } => ("view3d", "3D view"),
        Scene::Heatmap(_) => ("heatmap", "counting board"),
        Scene::CountBars(_) => ("count-bars", "count's bars"),
        Scene::Race(_) => ("race", "race boards"),
        _ => ("stage", "stage"),
    }
}

/// The theme the page is shown in: the one chosen, or the system's.
pub fn shown_theme() -> Theme {
    let window = web_sys::window();
    let chosen = window
        .as_ref()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|root| root.get_attribute("data-theme"));
    match chosen.as_deref().and_then(Theme::parse) {
        Some(theme) => theme,
        None => {
            let dark = window
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
                .is_some_and(|m| m.matches());
            if dark {
                Theme::Dark
            } else {
                Theme::Light
            }
        }
    }
}

/// The page's address with `route` as its hash: the link a figure leads back to.
fn whole_link(route: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default();
    format!("{base}{route}")
}

fn save(scene: &Scene, route: &str, format: Format) -> Result<(), String> {
    let link = whole_link(route);
    let name = scene.file_name(format.ext());
    // A big board's PNG is written here, one pixel a square (no canvas that size).
    if let Format::Png(scale) = format {
        if let Some(png) = scene.png(scale, &link) {
            let png = png?;
            let blob = gloo_file::Blob::new_with_options(png.as_slice(), Some("image/png"));
            download(&gloo_file::ObjectUrl::from(blob), &name);
            return Ok(());
        }
    }
    let svg = scene.svg(shown_theme(), &link)?;
    match format {
        Format::Svg => {
            let blob = gloo_file::Blob::new_with_options(svg.as_str(), Some("image/svg+xml"));
            download(&gloo_file::ObjectUrl::from(blob), &name);
            Ok(())
        }
        Format::Png(scale) => {
            png(&svg, name, scale).map_err(|_| "the browser could not draw it".into())
        }
    }
}

/// Draws `svg` on a canvas `scale` times its size and saves that as PNG.
fn png(svg: &str, name: String, scale: u32) -> Result<(), JsValue> {
    let image = web_sys::HtmlImageElement::new()?;
    let src = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    );
    let drawn = image.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        if let Ok(data) = draw(&drawn, scale) {
            download(&data, &name);
        }
    });
    image.set_onload(Some(onload.unchecked_ref()));
    image.set_src(&src);
    Ok(())
}

fn draw(image: &web_sys::HtmlImageElement, scale: u32) -> Result<String, JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(JsValue::NULL)?;
    let canvas: web_sys::HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    let (w, h) = (image.natural_width(), image.natural_height());
    canvas.set_width(w * scale);
    canvas.set_height(h * scale);
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d")?.ok_or(JsValue::NULL)?.dyn_into()?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(
        image,
        0.0,
        0.0,
        (w * scale) as f64,
        (h * scale) as f64,
    )?;
    canvas.to_data_url_with_type("image/png")
}

/// Saves `url` as `name` (a link clicked for the person).
pub fn download(url: &str, name: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(a) = doc
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let _ = a.set_attribute("href", url);
    let _ = a.set_attribute("download", name);
    a.click();
}

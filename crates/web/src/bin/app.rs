//! The browser app's entry (trunk bin "app"), and the elements' entry points: exported
//! here, not from the library, so the worker's wasm (which links the same library) does
//! not carry the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab_web::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in the browser: build it with `make serve`");
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
mod elements {
    use puzzlelab_web::app::embed::Embedding;
    use wasm_bindgen::prelude::*;

    /// A workbench mounted in an element (`www/elements.js` holds one per element).
    #[wasm_bindgen]
    pub struct Mounted(Embedding);

    /// Draws workbench `kind` (knight, queens, cube, rubik, count) in `container`, opened
    /// from `query` (a link's query); `on_report(json)` hears each change of what it
    /// shows; `assets` is the folder the app's files are served from.
    #[wasm_bindgen]
    pub fn mount(
        kind: String,
        container: web_sys::Element,
        query: String,
        on_report: js_sys::Function,
        assets: String,
    ) -> Mounted {
        Mounted(Embedding::mount(kind, container, query, on_report, assets))
    }

    /// Where the solver worker's files are, when a bundler renamed them (the npm
    /// package's elements): the classic script and its wasm, as URLs.
    #[wasm_bindgen(js_name = setWorkerFiles)]
    pub fn set_worker_files(script: String, wasm: String) {
        Embedding::set_worker_files(script, wasm);
    }

    #[wasm_bindgen]
    impl Mounted {
        /// Opens the workbench afresh from another query (an attribute changed).
        #[wasm_bindgen(js_name = setLink)]
        pub fn set_link(&mut self, query: String) {
            self.0.set_link(query);
        }

        /// Takes the workbench out (the element left the page).
        pub fn unmount(&mut self) {
            self.0.unmount();
        }
    }
}

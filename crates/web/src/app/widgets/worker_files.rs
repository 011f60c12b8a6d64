//! Where the solver worker's two files (trunk's `worker.js` and `worker_bg.wasm`) are,
//! and the loader that starts a worker from them. The app finds them beside its page; an
//! element on another site is told the folder; a bundled package (npm) is told each
//! file's URL, as a bundler renames them apart.

use std::cell::RefCell;

use gloo_file::{Blob, ObjectUrl};

/// The worker's script (a classic `--target no-modules` script) and its wasm, as URLs.
#[derive(Clone, PartialEq, Debug)]
pub struct WorkerFiles {
    pub script: String,
    pub wasm: String,
}

impl WorkerFiles {
    /// The files as trunk names them, in `folder` (a URL ending in `/`).
    pub fn in_folder(folder: &str) -> WorkerFiles {
        WorkerFiles {
            script: format!("{folder}worker.js"),
            wasm: format!("{folder}worker_bg.wasm"),
        }
    }

    /// The worker's first script: load the worker's module, then its wasm.
    pub fn loader_script(&self) -> String {
        format!(
            "importScripts({});wasm_bindgen({{module_or_path:{}}});",
            js_string(&self.script),
            js_string(&self.wasm)
        )
    }
}

/// `text` as a JavaScript string literal (URLs: no line breaks survive a URL parser, but
/// a hand-given one is quoted safely all the same).
fn js_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

thread_local! {
    /// The files as told (by an element's host); none: beside the app's page.
    static TOLD: RefCell<Option<WorkerFiles>> = const { RefCell::new(None) };
    /// The loader's blob URL for those files, kept while workers may still start.
    static LOADER: RefCell<Option<(WorkerFiles, ObjectUrl)>> = const { RefCell::new(None) };
}

/// The worker's files are in `folder` (an element's host tells where the site is).
pub fn set_folder(folder: &str) {
    set_files(WorkerFiles::in_folder(folder));
}

/// The worker's files are at these URLs (a bundler named them).
pub fn set_files(files: WorkerFiles) {
    TOLD.with(|t| *t.borrow_mut() = Some(files));
}

/// A URL of the loader script for the worker's files: as told, or beside the page.
pub fn loader_url() -> String {
    let files = TOLD
        .with(|t| t.borrow().clone())
        .unwrap_or_else(|| WorkerFiles::in_folder(&page_folder()));
    LOADER.with(|l| {
        let mut l = l.borrow_mut();
        if l.as_ref().is_none_or(|(made_for, _)| *made_for != files) {
            let blob =
                Blob::new_with_options(files.loader_script().as_str(), Some("text/javascript"));
            *l = Some((files, ObjectUrl::from(blob)));
        }
        l.as_ref()
            .map(|(_, url)| url.to_string())
            .unwrap_or_default()
    })
}

/// The folder the page is in (whatever path the app is served from).
fn page_folder() -> String {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let dir = base.split(['#', '?']).next().unwrap_or("");
    dir[..dir.rfind('/').map_or(0, |i| i + 1)].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_names_both_files_quoted() {
        let files = WorkerFiles {
            script: "https://x.test/assets/worker-1a2b.js".into(),
            wasm: "https://x.test/a\"b\\c.wasm".into(),
        };
        assert_eq!(
            files.loader_script(),
            r#"importScripts("https://x.test/assets/worker-1a2b.js");wasm_bindgen({module_or_path:"https://x.test/a\"b\\c.wasm"});"#
        );
        assert_eq!(
            WorkerFiles::in_folder("https://x.test/pl/"),
            WorkerFiles {
                script: "https://x.test/pl/worker.js".into(),
                wasm: "https://x.test/pl/worker_bg.wasm".into()
            }
        );
    }
}

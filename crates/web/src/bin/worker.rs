//! The web worker's entry (trunk bin "worker", data-type="worker").

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab_web::worker_run::register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser: build it with `make serve`");
    std::process::exit(2);
}

//! The browser app's entry (trunk bin "app").

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab_web::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in the browser: build it with `make serve`");
    std::process::exit(2);
}

//! The JavaScript API on its own (the npm package's wasm, `tools/build-npm.sh`): the
//! step machines, counters and solvers of `src/bindings/`, and no page — importing it
//! starts nothing, so it runs in Node as in a browser.

// Linked for its exports (the JS API), which nothing here calls.
extern crate puzzlelab_web;

fn main() {}

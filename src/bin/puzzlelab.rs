//! `puzzlelab <command> [options]`: one JSON object on stdout, or a message and status 2.

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match puzzlelab::cli::run(&args) {
        Ok(value) => {
            // A reader that stops early (`| head`) is not an error worth a panic.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{value}").and_then(|_| out.flush());
        }
        Err(e) => {
            eprintln!("puzzlelab: {e}");
            std::process::exit(2);
        }
    }
}

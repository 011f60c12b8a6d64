//! `puzzlelab <command> [options]`: one JSON object on stdout; bad input prints a one-line
//! reason on stderr and exits with status 2; `--help` and `--version` print on stdout and
//! exit 0; Ctrl-C stops long work with a message on stderr and status 130. Native only.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use puzzlelab_cli::{execute, progress, Stop};
    use std::io::Write;

    // First Ctrl-C: the loops stop at their next check and the command ends cleanly.
    // A second one ends the process at once.
    let _ = ctrlc::set_handler(|| {
        if progress::cancelled() {
            std::process::exit(130);
        }
        progress::request_cancel();
    });
    let args: Vec<String> = std::env::args().skip(1).collect();
    match execute(&args) {
        Ok(value) => {
            // A reader that stops early (`| head`) is not an error worth a panic.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{value}").and_then(|_| out.flush());
        }
        Err(Stop::Info(text)) => {
            let mut out = std::io::stdout().lock();
            let _ = write!(out, "{text}").and_then(|_| out.flush());
        }
        Err(Stop::Usage(reason)) => {
            let _ = writeln!(std::io::stderr(), "puzzlelab: {}", reason.trim_end());
            std::process::exit(2);
        }
        Err(Stop::Interrupted) => {
            let _ = writeln!(
                std::io::stderr(),
                "puzzlelab: interrupted (Ctrl-C): stopped before the answer, nothing printed"
            );
            std::process::exit(130);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

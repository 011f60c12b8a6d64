//! `puzzlelab <command> [options]`: one JSON object on stdout, or a message and status 2.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match puzzlelab::cli::run(&args) {
        Ok(value) => println!("{value}"),
        Err(e) => {
            eprintln!("puzzlelab: {e}");
            std::process::exit(2);
        }
    }
}

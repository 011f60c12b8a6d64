//! The page's stepped build of the tetrad-slice table (level 0, 1.33 GB) gives the command
//! line's bytes, byte for byte: against the CLI's cache file
//! (`$XDG_CACHE_HOME/puzzlelab/rubik-h16-0.bin`, else `~/.cache/…`, its magic and
//! checksum checked) when there is one, else against the threaded build on two threads.
//! Minutes on one thread and 2.7 GB, so on request:
//! `cargo test -p puzzlelab-solver --profile checked --test rubik_h16_steps -- --ignored --nocapture`
//! (it prints each layer's seconds, the stepped build's cost table).

use std::io::Read;
use std::path::PathBuf;
use std::time::Instant;

use puzzlelab_solver::rubik::optimal_tables::h16::{H16Syms, H16Table, Level};
use puzzlelab_solver::rubik::optimal_tables::h16_build::H16Build;
use puzzlelab_solver::rubik::optimal_tables::stored::{self, checksum};
use puzzlelab_solver::rubik::Tables;

/// The CLI's kept level-0 table, if there is one with the right magic, length and checksum.
fn cli_file(table: stored::StoredTable) -> Option<Vec<u8>> {
    let dir = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    let mut f = std::fs::File::open(dir.join("puzzlelab").join(table.file)).ok()?;
    let mut header = [0u8; 16];
    f.read_exact(&mut header).ok()?;
    assert_eq!(&header[..8], table.key.as_bytes(), "the CLI's magic");
    let mut data = Vec::with_capacity(table.len);
    f.read_to_end(&mut data).ok()?;
    assert_eq!(data.len(), table.len, "the CLI's file length");
    let sum = u64::from_le_bytes(header[8..].try_into().unwrap());
    assert_eq!(checksum(&data), sum, "the CLI's file checksum");
    Some(data)
}

#[test]
#[ignore = "builds the 1.33 GB table on one thread: minutes and 2.7 GB"]
fn the_stepped_build_writes_the_command_lines_bytes() {
    let base = Tables::new();
    let level = Level::new(0).unwrap();
    let began = Instant::now();
    let mut build = H16Build::new(&base.moves, H16Syms::new(level));
    let (mut layer, mut layer_began, mut last_fraction) = (0u8, Instant::now(), 0.0f32);
    let mut steps = 0u64;
    while !build.step(&base.moves, 16) {
        steps += 1;
        let f = build.fraction();
        assert!(f >= last_fraction && f < 1.0, "the bar never goes back");
        last_fraction = f;
        let (depth, filled) = build.progress();
        if depth != layer {
            eprintln!(
                "layer {layer}: {:.1} s, {filled} entries known, fraction {f:.3}",
                layer_began.elapsed().as_secs_f64()
            );
            (layer, layer_began) = (depth, Instant::now());
        }
    }
    eprintln!(
        "layer {layer}: {:.1} s; built in steps in {:.0} s ({steps} steps)",
        layer_began.elapsed().as_secs_f64(),
        began.elapsed().as_secs_f64()
    );
    assert!(steps > 10_000, "{steps} steps: small enough for a batch");
    let stepped = build.finish();
    let table = stored::h16(level, stepped.syms.table_bytes());
    assert_eq!(stepped.bytes().len(), table.len);
    let want = cli_file(table).unwrap_or_else(|| {
        eprintln!("no CLI cache file: comparing with the threaded build");
        H16Table::build(&base.moves, H16Syms::new(level), 2, |_| {})
            .bytes()
            .to_vec()
    });
    assert_eq!(checksum(stepped.bytes()), checksum(&want));
    assert!(stepped.bytes() == want.as_slice(), "byte for byte");
}

/// Two workers' builds, each its own copy, sharing the heavy layers as the page's proof
/// workers do: pieces traded a step late (as messages between batches arrive), one
/// worker twice as fast as the other, so it also steals much of the other's work. Both
/// end with the command line's bytes.
#[test]
#[ignore = "builds the 1.33 GB table twice, on one thread: minutes and 4 GB"]
fn two_workers_sharing_the_last_layers_both_write_the_command_lines_bytes() {
    let base = Tables::new();
    let level = Level::new(0).unwrap();
    let began = Instant::now();
    let mut crew: Vec<H16Build> = (0..2)
        .map(|i| {
            let mut b = H16Build::new(&base.moves, H16Syms::new(level));
            b.share_with(i, 2);
            b
        })
        .collect();
    let mut in_flight: [Vec<_>; 2] = [Vec::new(), Vec::new()];
    let (mut steps, mut received) = ([0u64; 2], [0usize; 2]);
    while !crew.iter().all(H16Build::is_done) {
        for (i, parts) in [(0, 32), (1, 16)] {
            // What the mate sent last round arrives now.
            for piece in std::mem::take(&mut in_flight[i]) {
                crew[i].receive(piece);
                received[i] += 1;
            }
            if !crew[i].is_done() {
                crew[i].step(&base.moves, parts);
                steps[i] += 1;
            }
            in_flight[1 - i].extend(crew[i].take_finished());
        }
    }
    eprintln!(
        "built by two in {:.0} s: steps {steps:?}, blocks received {received:?}",
        began.elapsed().as_secs_f64()
    );
    assert!(
        received.iter().all(|&r| r > 100),
        "each took in the other's blocks"
    );
    let built: Vec<H16Table> = crew.into_iter().map(H16Build::finish).collect();
    let table = stored::h16(level, built[0].syms.table_bytes());
    let want = cli_file(table).unwrap_or_else(|| {
        eprintln!("no CLI cache file: comparing with the threaded build");
        H16Table::build(&base.moves, H16Syms::new(level), 2, |_| {})
            .bytes()
            .to_vec()
    });
    for t in &built {
        assert_eq!(checksum(t.bytes()), checksum(&want));
        assert!(t.bytes() == want.as_slice(), "byte for byte");
    }
}

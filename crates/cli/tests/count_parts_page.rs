//! The counting lab's parts are the command line's: a part counted by the page's step
//! machine (`FrontierCounter::for_part`, what a browser worker runs) has the tours the
//! CLI's `knight-count --method frontier --part I/K` prints, the page writes the same part
//! JSON and fingerprint, `merge` sums the page's export to the published total, and the
//! page reads the CLI's parts back.

use puzzlelab_checkers::published::published_closed;
use puzzlelab_cli::{execute, merge::merge};
use puzzlelab_links::count_parts::{fingerprint, CountParts, PartDone};
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::frontier::{self, parts::work_of, FrontierCounter, PartOf};
use puzzlelab_solver::{Status, StepMachine};
use serde_json::Value;

fn run(line: &[&str]) -> Value {
    let args: Vec<String> = line.iter().map(|s| s.to_string()).collect();
    execute(&args).unwrap_or_else(|e| panic!("{line:?}: {e:?}"))
}

/// Part `index` (from 0) as a browser worker counts it: the step machine to the end.
fn stepped(spec: CountSpec, index: u32, of: u32) -> frontier::FrontierResult {
    let mut m = FrontierCounter::for_part(spec, PartOf { index, of })
        .unwrap()
        .with_chunk(1000);
    while !m.status().is_finished() {
        m.run(10_000);
    }
    assert_eq!(m.status(), Status::Exhausted, "{:?}", m.error());
    m.result().unwrap()
}

#[test]
fn the_page_counts_each_part_as_the_command_line_does() {
    for (s, board, flags, splits) in [
        (
            CountSpec::new(6, 6, None, true),
            "6x6",
            vec!["--closed"],
            vec![1u32, 7],
        ),
        (CountSpec::new(5, 6, None, false), "5x6", vec![], vec![3]),
        (
            CountSpec::new(5, 5, Some(12), false),
            "5x5",
            vec!["--start", "c3"],
            vec![2],
        ),
    ] {
        for of in splits {
            let mut page = CountParts::new(s, of).unwrap();
            for index in 0..of {
                let r = stepped(s, index, of);
                let tours = frontier::tours_of(s, &r) as u64;
                let part = format!("{}/{of}", index + 1);
                let mut line = vec![
                    "knight-count",
                    "--board",
                    board,
                    "--method",
                    "frontier",
                    "--part",
                    &part,
                    "--threads",
                    "1",
                ];
                line.extend(flags.iter().copied());
                let cli = run(&line);
                assert_eq!(
                    cli["partial"]["class_totals"][0].as_u64(),
                    Some(tours),
                    "{board} {flags:?} part {part}"
                );
                assert_eq!(cli["part"]["fingerprint"], page.fingerprint.as_str());
                page.add(&[(
                    index + 1,
                    PartDone {
                        tours,
                        nodes: work_of(&r),
                        seconds: 0.1,
                    },
                )])
                .unwrap();
                // The page's JSON of the part is the CLI's but for what the run measured.
                let mine =
                    serde_json::to_value(page.json(index + 1, &page.done[&(index + 1)])).unwrap();
                for field in ["command", "board", "start", "closed", "method", "part"] {
                    assert_eq!(mine[field], cli[field], "{field} of {board} part {part}");
                }
                // And the page reads the CLI's part.
                let (k, read) = page.read(&cli.to_string()).unwrap();
                assert_eq!((k, read[0].0, read[0].1.tours), (of, index + 1, tours));
            }
            // The page's export, merged by the command line: the whole count.
            let (directed, undirected) = page.total().unwrap().unwrap();
            let lines: Vec<(String, Value)> = page
                .export()
                .lines()
                .map(|l| ("page".to_string(), serde_json::from_str(l).unwrap()))
                .collect();
            let merged = merge(lines).unwrap();
            assert_eq!(merged["directed"].as_u64(), Some(directed as u64));
            assert_eq!(merged["undirected"].as_u64(), undirected.map(|u| u as u64));
            let whole = frontier::count(s, 1).unwrap();
            assert_eq!((directed, undirected), (whole.directed, whole.undirected));
            if board == "6x6" {
                assert_eq!(
                    undirected,
                    published_closed("6x6").undirected.map(u128::from)
                );
            }
        }
    }
}

#[test]
fn fingerprints_differ_between_counts() {
    let a = fingerprint(CountSpec::new(6, 6, None, true)).unwrap();
    assert_ne!(a, fingerprint(CountSpec::new(6, 6, None, false)).unwrap());
    assert_ne!(a, fingerprint(CountSpec::new(6, 5, None, true)).unwrap());
    assert!(fingerprint(CountSpec::new(0, 6, None, true)).is_err());
    assert!(FrontierCounter::for_part(
        CountSpec::new(6, 6, None, true),
        PartOf { index: 3, of: 3 }
    )
    .is_err());
}

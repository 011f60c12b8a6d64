//! The lessons' texts against the solver: every figure a text names is computed and has a
//! page hook, and the text reads with the machines' numbers in it.

use super::super::template::{placeholders, render, Piece};
use super::*;

/// The worker's answers, as far as the facts need them (their values are the solver's
/// business, tested there).
fn answered() -> Inputs {
    Inputs {
        cube_qtm: Some(vec![1, 9, 54]),
        cube_htm: Some(vec![1, 9]),
        cube_paths: None,
    }
}

#[test]
fn every_lesson_has_its_text_and_the_solvers_steps() {
    let lessons = all();
    assert_eq!(lessons.len(), machines::all().len());
    for (l, plan) in lessons.iter().zip(machines::all()) {
        assert_eq!(l.slug, plan.slug);
        assert_eq!(l.steps.len(), plan.steps.len(), "{}", l.slug);
        assert!(!l.title.is_empty() && !l.summary.is_empty() && !l.source.is_empty());
        for step in &l.steps {
            assert!(
                !step.title.is_empty() && !step.text.is_empty(),
                "{}",
                l.slug
            );
            assert!(step.try_it.is_some(), "{}: {}", l.slug, step.title);
        }
        assert_eq!(find(&l.slug).as_ref(), Some(l));
    }
    assert_eq!(find("nowhere"), None);
}

/// Each name a text uses has a hook and a value, and each hook is used by some step.
#[test]
fn every_placeholder_is_a_computed_fact_with_a_hook() {
    for l in all() {
        let facts = l.facts(&answered());
        let named: Vec<&str> = l.steps.iter().flat_map(|s| placeholders(&s.text)).collect();
        for name in &named {
            assert!(
                facts.iter().any(|f| f.name == *name),
                "{}: {name} has no fact",
                l.slug
            );
        }
        for f in &facts {
            assert!(
                named.contains(&f.name.as_str()),
                "{}: {} unused",
                l.slug,
                f.name
            );
            let kind = f.hook.split(' ').next().unwrap_or("");
            assert!(["count", "attr", "text"].contains(&kind), "{}", f.hook);
        }
        assert_eq!(
            facts.len(),
            l.hooks.len(),
            "{}: a hook without a value",
            l.slug
        );
    }
}

/// The late facts are exactly those missing until the worker answers.
#[test]
fn only_the_late_facts_wait_for_the_worker() {
    for l in all() {
        let early = l.facts(&Inputs::default());
        let missing: Vec<&String> = l
            .hooks
            .keys()
            .filter(|name| early.iter().all(|f| &f.name != *name))
            .collect();
        let mut late: Vec<&String> = l.late.iter().collect();
        late.sort();
        assert_eq!(missing, late, "{}", l.slug);
    }
    assert_eq!(find("pocket-cube").map(|l| l.late.len()), Some(4));
}

/// A step reads with the machines' figures written in.
#[test]
fn a_step_reads_with_its_figures() {
    let l = find("knight-graph").expect("the first lesson");
    let facts = l.facts(&Inputs::default());
    let text: String = render(&l.steps[0].text, &facts)
        .into_iter()
        .map(|p| match p {
            Piece::Text(t) => t.to_string(),
            Piece::Fact(f) => f.shown.clone(),
            Piece::Pending(name) => format!("?{name}"),
        })
        .collect();
    assert!(
        text.contains("a graph with 64 vertices and 168 edges"),
        "{text}"
    );
    assert!(text.contains("has only 2 squares to go to"), "{text}");
}

/// What build.rs made of each file says what the file says: read the file as JSON here
/// and compare every word the page shows.
#[test]
fn the_page_shows_each_files_words_as_written() {
    let files = [
        include_str!("knight-graph.json"),
        include_str!("backtracking.json"),
        include_str!("brute-force.json"),
        include_str!("eight-queens.json"),
        include_str!("pocket-cube.json"),
    ];
    for (lesson, file) in all().iter().zip(files) {
        let json: serde_json::Value = serde_json::from_str(file).unwrap();
        let text = |v: &serde_json::Value| v.as_str().unwrap().to_string();
        assert_eq!(lesson.slug, text(&json["slug"]));
        assert_eq!(lesson.title, text(&json["title"]));
        assert_eq!(lesson.summary, text(&json["summary"]));
        assert_eq!(lesson.source, text(&json["source"]));
        let hooks = json["hooks"].as_object().unwrap();
        assert_eq!(lesson.hooks.len(), hooks.len());
        for (name, hook) in hooks {
            assert_eq!(lesson.hooks[name], text(hook), "{name}");
        }
        let steps = json["steps"].as_array().unwrap();
        for (step, written) in lesson.steps.iter().zip(steps) {
            assert_eq!(step.title, text(&written["title"]));
            assert_eq!(step.text, text(&written["text"]));
            let try_it = &written["try"];
            match &step.try_it {
                None => assert!(try_it.is_null(), "{}", step.title),
                Some(t) => {
                    assert_eq!(t.label(), try_it["label"].as_str().unwrap());
                    let kind = match t {
                        TryIt::Click { .. } => "click",
                        TryIt::Press { times, .. } => {
                            assert_eq!(u64::from(*times), try_it["times"].as_u64().unwrap());
                            "press"
                        }
                        TryIt::Choose { .. } => "choose",
                        TryIt::Reach { .. } => "reach",
                    };
                    assert_eq!(kind, try_it["kind"].as_str().unwrap());
                }
            }
        }
    }
}

/// A step's "see it in the code" opens the workbench at a step whose machine runs the
/// line it names (the knight and the pocket cube through the real worker loop, the
/// queens on the page).
#[test]
fn each_code_link_lights_the_line_it_names() {
    use crate::app::page::Workbench;
    use crate::app::page_tests::Served;
    use puzzlelab_links::{decode_route, Route};
    let mut linked = 0;
    for (l, step) in all()
        .iter()
        .flat_map(|l| l.steps.iter().map(move |s| (l, s)))
    {
        let Some((href, line)) = &step.code else {
            continue;
        };
        linked += 1;
        let decoded = decode_route(href);
        assert!(
            decoded.problems.is_empty(),
            "{href}: {:?}",
            decoded.problems
        );
        let lit = match decoded.value {
            Route::Knight(link) => {
                assert!(link.code, "{href} opens the code view");
                let (mut state, out) =
                    <crate::app::knight::state::KnightState as Workbench>::open(link, Vec::new());
                Served::default().run(&mut state, out);
                state.frame.as_ref().map(|f| f.line.number())
            }
            Route::Queens(link) => {
                assert_eq!(link.view, puzzlelab_links::QueensView::Code, "{href}");
                let mut state = crate::app::queens::state::QueensState::new(&link, Vec::new());
                state.player.jump_to(link.step);
                Some(state.player.machine().line().number())
            }
            Route::Cube(link) => cube_line(link, href),
            other => panic!("{href}: no code view for {other:?}"),
        };
        assert_eq!(lit, Some(*line), "{}: {} ({href})", l.slug, step.title);
    }
    assert!(
        linked >= 8,
        "the queens, backtracking and pocket cube lessons link their code, forward checking, fast backtracking, the breadth-first search and the solve included"
    );
}

/// The line the pocket cube's code view lights on `link`: the breadth-first search's at
/// its step (`bfs=`, the search the player steps), else the solve's walk, which the
/// worker sends with the solution the link restores.
fn cube_line(link: puzzlelab_links::CubeLink, href: &str) -> Option<u8> {
    use crate::app::code::cube_solve_at;
    use crate::app::page::Workbench;
    use crate::app::page_tests::Served;
    use puzzlelab_solver::cube::LayerBfs;
    use puzzlelab_solver::StepMachine;
    if let Some(step) = link.bfs {
        let mut bfs = LayerBfs::new(link.metric, crate::app::cube::bfs::BATCH);
        bfs.run(step);
        return Some(bfs.line().number());
    }
    let (mut state, out) = crate::app::cube::state::CubeState::open(link, Vec::new());
    Served::default().run(&mut state, out);
    assert!(!state.walk.is_empty(), "{href}: the solution is the walk's");
    cube_solve_at(&state.walk, state.walk_cursor()).map(|(line, _)| line)
}

//! N-queens count slices (the page hands them out to all its workers) and the fundamental
//! count from a finished total; the backtracking player's run as an animated GIF.

use super::batch::Handled;
use super::protocol::Answer;
use crate::protocol::{QueensAnswer, QueensAsk};
use puzzlelab_pictures::search_film::Searched;
use puzzlelab_solver::queens::classes::{run_class_task, ClassTask};
use puzzlelab_solver::queens::count::{unique_from_total, MAX_COUNT_N};

pub(super) fn handle(ask: QueensAsk) -> Handled {
    match ask {
        QueensAsk::Task {
            index,
            tasks: batch,
        } => tasks(index, batch),
        QueensAsk::Unique { n, total } => unique(n, total),
        QueensAsk::Animation { n, animation } => {
            super::animation::search(&Searched::Queens(n), animation, |gif, frames| {
                Answer::Queens(QueensAnswer::Animation { gif, frames })
            })
        }
    }
}

fn out_of_range() -> Handled {
    Handled::Answer(Answer::Error {
        message: format!("N must be 1 to {MAX_COUNT_N} for a count"),
    })
}

/// A batch of slices, answered with the sums of its solutions and classes.
fn tasks(index: u32, tasks: Vec<ClassTask>) -> Handled {
    let (mut count, mut unique) = (0u64, 0u64);
    for task in &tasks {
        if !(1..=MAX_COUNT_N).contains(&task.n) || task.placed.len() > task.n as usize {
            return out_of_range();
        }
        let (c, u) = run_class_task(task);
        count += c;
        unique += u;
    }
    Handled::Answer(Answer::Queens(QueensAnswer::Task {
        index,
        count,
        unique,
    }))
}

fn unique(n: u32, total: u64) -> Handled {
    if !(1..=MAX_COUNT_N).contains(&n) {
        return out_of_range();
    }
    Handled::Answer(Answer::Queens(QueensAnswer::Unique {
        unique: unique_from_total(n, total),
    }))
}

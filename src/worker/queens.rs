//! N-queens count slices (the page hands them out to all its workers) and the fundamental
//! count from a finished total.

use super::protocol::Response;
use super::run::Handled;
use crate::solver::queens::count::{run_task, unique_from_total, Task, MAX_COUNT_N};

fn out_of_range(job: u32) -> Handled {
    Handled::Answer(Response::Error {
        job,
        message: format!("N must be 1 to {MAX_COUNT_N} for a count"),
    })
}

pub(super) fn task(job: u32, index: u32, task: Task) -> Handled {
    if !(1..=MAX_COUNT_N).contains(&task.n) || task.depth > task.n {
        return out_of_range(job);
    }
    Handled::Answer(Response::QueensTask {
        job,
        index,
        count: run_task(&task),
    })
}

pub(super) fn unique(job: u32, n: u32, total: u64) -> Handled {
    if !(1..=MAX_COUNT_N).contains(&n) {
        return out_of_range(job);
    }
    Handled::Answer(Response::QueensUnique {
        job,
        unique: unique_from_total(n, total),
    })
}

//! Test support: a count's state served by the worker's real loop (`Served`), one request
//! at a time, so a test can act between answers (cancel mid-count, say).

use std::collections::VecDeque;

use crate::app::contract::Out;
use crate::app::page::Worker;
use crate::app::page_tests::Served;
use puzzlelab_worker::{Answer, Request, Response};

/// A worker's error for `job`.
pub fn error(job: u32, message: &str) -> Response {
    let message = message.to_string();
    Response::new(job, Answer::Error { message })
}

/// The published directed and undirected counts of knight's tours for a board (and
/// start), from `tests/reference/knight.json`.
pub fn knight_reference(board: &str, start: Option<&str>) -> (u64, Option<u64>) {
    let facts: serde_json::Value =
        serde_json::from_str(include_str!("../../../../../tests/reference/knight.json")).unwrap();
    let rows = facts
        .as_object()
        .unwrap()
        .values()
        .filter_map(|v| v.as_array());
    let row = rows
        .flatten()
        .find(|r| r["board"] == board && r["start"].as_str() == start && r["directed"].is_u64())
        .expect("a reference row");
    (
        row["directed"].as_u64().unwrap(),
        row["undirected"].as_u64(),
    )
}

/// The published N-queens counts (`key`: `all` or `fundamental`) for N, from
/// `tests/reference/queens.json`.
pub fn queens_reference(key: &str, n: u32) -> u64 {
    let facts: serde_json::Value =
        serde_json::from_str(include_str!("../../../../../tests/reference/queens.json")).unwrap();
    facts[key][n as usize - 1].as_u64().unwrap()
}

#[derive(Default)]
pub struct PoolServed {
    served: Served,
    /// Requests sent and not yet served, in order.
    pending: VecDeque<(Worker, Request)>,
    /// Every outcome the state returned for an answer.
    pub outs: Vec<Out>,
}

impl PoolServed {
    /// Queues what `out` sends.
    pub fn send(&mut self, out: &Out) {
        let main = out.send.iter().map(|r| (Worker::Main, r.clone()));
        let helpers = out
            .send_to
            .iter()
            .map(|(i, r)| (Worker::Helper(*i), r.clone()));
        self.pending.extend(main.chain(helpers));
    }

    /// Workers `0..n` answer their start-up ping: their answers.
    pub fn pings(&mut self, n: usize) -> Vec<(usize, Response)> {
        (0..n)
            .flat_map(|i| {
                let answers = self.served.answer(Worker::Helper(i), Request::ping());
                answers.into_iter().map(move |(_, r)| (i, r))
            })
            .collect()
    }

    /// Serves the oldest request, handing each answer to `answer`; whether one was left.
    pub fn step(&mut self, answer: &mut impl FnMut(usize, Response) -> Out) -> bool {
        let Some((to, request)) = self.pending.pop_front() else {
            return false;
        };
        let i = match to {
            Worker::Main => 0,
            Worker::Helper(i) => i,
        };
        for (_, response) in self.served.answer(to, request) {
            let out = answer(i, response);
            self.send(&out);
            self.outs.push(out);
        }
        true
    }

    /// Serves what is left (after a cancel, say): whether answers came and every one was
    /// ignored (nothing drawn, nothing sent).
    pub fn all_ignored(&mut self, answer: impl FnMut(usize, Response) -> Out) -> bool {
        self.outs.clear();
        self.drain(answer);
        !self.outs.is_empty() && self.outs.iter().all(|o| o == &Out::nothing())
    }

    /// Serves requests until none is left.
    pub fn drain(&mut self, mut answer: impl FnMut(usize, Response) -> Out) {
        while self.step(&mut answer) {}
    }
}

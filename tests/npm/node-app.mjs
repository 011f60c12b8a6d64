// Run from a fresh project with the packed `puzzlelab` installed (tests/npm/run.sh):
// the package as a Node 20 program uses it, every answer checked independently.
// REPO points at this repository, for the checkers and the published counts.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as puzzlelab from 'puzzlelab';

const repo = process.env.REPO;
const { checkTour } = await import(`${repo}/tests/e2e/tour-check.mjs`);
const { RUBIK } = await import(`${repo}/tests/e2e/cube-models.mjs`);
const queensFacts = JSON.parse(await readFile(`${repo}/tests/reference/queens.json`, 'utf8'));
const knightFacts = JSON.parse(await readFile(`${repo}/tests/reference/knight.json`, 'utf8'));

// Importing the elements' entry in Node defines nothing and says why when asked.
const elements = await import('puzzlelab/elements');
assert.equal(elements.supported, false);
await assert.rejects(elements.defineElements(), /needs a browser/);

// An 8x8 tour, in a worker, checked from the rules alone.
const path = await puzzlelab.findKnightTour('8x8', 'a1');
const steps = Object.fromEntries(path.map((square, i) => [square, i + 1]));
assert.equal(checkTour(8, 8, 'a1', steps), null);

// 8 queens counted, against the published numbers.
const queens = await puzzlelab.countAllQueens(8);
assert.equal(queens.all, BigInt(queensFacts.solutions[7]));
assert.equal(queens.unique, BigInt(queensFacts.unique[7]));

// A scramble solved: the solution, applied by the sticker model, solves it.
await puzzlelab.ready();
const scramble = "R U2 F' L D2 B R' U F2 D L' B2";
const state = RUBIK.apply(RUBIK.solved, scramble);
const solution = await puzzlelab.solveRubik(state);
assert.equal(RUBIK.apply(state, solution), RUBIK.solved, `${solution} does not solve ${scramble}`);

// The shortest solution, proven in a worker: it solves, and is no longer than the
// scramble; a 4-turn scramble's is 4 turns, the length every shorter depth was refuted to.
const short = "R U F' L2";
const depths = [];
const proven = await puzzlelab.solveRubik(RUBIK.apply(RUBIK.solved, short), {
  optimal: true,
  onProgress: (p) => p.stage === 'proof' && depths.push(p.depth),
});
assert.equal(RUBIK.apply(RUBIK.apply(RUBIK.solved, short), proven), RUBIK.solved);
assert.equal(proven.split(' ').length, 4, proven);
assert.ok(depths.length > 0, 'no depth reported');
// An aborted proof rejects at once with an AbortError.
const stopProof = new AbortController();
const aborted = puzzlelab.solveRubik(state, { optimal: true, signal: stopProof.signal });
setTimeout(() => stopProof.abort(), 200);
await assert.rejects(aborted, { name: 'AbortError' });

// The step machines run on this thread once loaded.
const tour = new puzzlelab.KnightTour('5x5', 'a1');
assert.equal(tour.run(1e9), 'solved');
tour.free();

// A count with progress, against the published count; then one aborted mid-way.
const progress = [];
const open6 = knightFacts.open_counts.find((r) => r.board === '5x5' && r.start === undefined);
const count = await puzzlelab.countKnightTours('5x5', { onProgress: (p) => progress.push(p) });
assert.equal(count.directed, BigInt(open6.directed));
assert.ok(progress.length > 1 && progress.at(-1).done === progress.at(-1).total, JSON.stringify(progress.slice(-2)));
const stop = new AbortController();
const long = puzzlelab.countKnightTours('6x6', { onProgress: () => stop.abort() , signal: stop.signal });
await assert.rejects(long, (e) => e.name === 'AbortError');
await assert.rejects(puzzlelab.countKnightTours('9x9'), /64|squares/);
console.log(`node-app: ok (tour from a1, ${queens.all} queens, solution ${solution.split(' ').length} moves, ${progress.length} progress reports)`);

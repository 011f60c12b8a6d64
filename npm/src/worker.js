// The async API's worker: loads the solvers, runs one job, posts its progress and then
// its result (or its error). The caller ends the worker when it is done or aborted.
import { ready } from './load.js';
import { TourCounter, KnightTour, RubiksCube, OptimalProof, countQueens, uniqueQueens } from './wasm/api.js';

const inNode = typeof process !== 'undefined' && Boolean(process.versions && process.versions.node);

const jobs = {
  countKnightTours(post, board, start, closed) {
    const counter = new TourCounter(board, start ?? undefined, closed);
    const total = counter.tasks();
    // A few tasks a turn, so progress arrives often enough to watch.
    while (!counter.run(4)) post({ progress: { done: counter.done(), total } });
    post({ progress: { done: total, total } });
    const result = counter.result();
    counter.free();
    return result;
  },
  countQueens(_post, n) {
    const all = countQueens(n);
    return { all, unique: uniqueQueens(n, all) };
  },
  findKnightTour(_post, board, start) {
    const tour = new KnightTour(board, start);
    const status = tour.run(1e12);
    const path = tour.path();
    tour.free();
    if (status !== 'solved') throw new Error(`no tour found on ${board} from ${start} (${status})`);
    return path;
  },
  solveRubik(post, state, maxLength, optimal) {
    if (optimal) return proveRubik(post, state);
    const cube = new RubiksCube(state);
    const moves = cube.solve(maxLength);
    cube.free();
    return moves;
  },
};

/** The shortest solution, proven depth by depth; each depth reported as it starts. */
function proveRubik(post, state) {
  post({ progress: { stage: 'tables' } });
  const proof = new OptimalProof(state);
  let depth = -1;
  while (!proof.run(1)) {
    if (proof.depth() !== depth) {
      depth = proof.depth();
      post({ progress: { stage: 'proof', depth, best: proof.best().split(' ').filter(Boolean).length, nodes: proof.nodes() } });
    }
  }
  const best = proof.best();
  proof.free();
  return best;
}

async function run({ job, args }, post) {
  try {
    await ready();
    post({ result: jobs[job](post, ...args) });
  } catch (error) {
    post({ error: String(error?.message ?? error) });
  }
}

// No top-level await: bundlers may build this worker as a classic script.
if (inNode) {
  const threads = 'node:worker_threads';
  import(/* @vite-ignore */ threads).then(({ parentPort }) => {
    parentPort.once('message', (m) => run(m, (x) => parentPort.postMessage(x)));
  });
} else {
  self.addEventListener('message', (e) => run(e.data, (x) => self.postMessage(x)), { once: true });
}

// A page built by Vite from the packed package: the async API in a worker, a step
// machine on the page's thread; the test reads what it wrote into #result.
import { ready, KnightTour, countKnightTours, solveRubik, RubiksCube } from 'puzzlelab';
import { supported } from 'puzzlelab/elements';

const out = document.getElementById('result');
try {
  const progress = [];
  const count = await countKnightTours('5x5', { onProgress: (p) => progress.push(p.done) });
  await ready();
  const tour = new KnightTour('8x8', 'a1');
  const status = tour.run(1e9);
  const path = tour.path();
  const state = RubiksCube.random(7).state();
  const solution = await solveRubik(state);
  out.dataset.result = JSON.stringify({
    directed: String(count.directed), progress: progress.length, status, path, state, solution, elements: supported,
  });
  out.textContent = 'done';
} catch (error) {
  out.dataset.error = String(error?.stack ?? error);
  out.textContent = 'failed';
}

// A page built by Vite from the packed package: the async API in a worker, a step
// machine on the page's thread, and an element; the test reads what it wrote into #result.
import { ready, KnightTour, countKnightTours, solveRubik, RubiksCube } from 'puzzlelab';
import { supported } from 'puzzlelab/elements';

const out = document.getElementById('result');

/** The element's first tour, from its `puzzlelab-done` event. */
function elementTour(element) {
  return new Promise((resolve, reject) => {
    element.addEventListener('puzzlelab-done', (e) => resolve(e.detail), { once: true });
    setTimeout(() => reject(new Error('the element reported no tour in 60 s')), 60_000);
  });
}

try {
  const element = elementTour(document.getElementById('knight'));
  const progress = [];
  const count = await countKnightTours('5x5', { onProgress: (p) => progress.push(p.done) });
  await ready();
  const tour = new KnightTour('8x8', 'a1');
  const status = tour.run(1e9);
  const path = tour.path();
  const state = RubiksCube.random(7).state();
  const solution = await solveRubik(state);
  const scramble = "R U2 F' L D B'";
  const scrambled = new RubiksCube();
  scrambled.apply(scramble);
  const depths = [];
  const optimal = await solveRubik(scrambled.state(), { optimal: true, onProgress: (p) => depths.push(p.depth) });
  const done = await element;
  out.dataset.result = JSON.stringify({
    directed: String(count.directed), progress: progress.length, status, path, state, solution, elements: supported,
    element: { board: done.board, tour: done.tour, link: document.getElementById('knight').link },
    optimal: { scramble, state: scrambled.state(), solution: optimal, depths },
    squares: document.getElementById('knight').shadowRoot.querySelectorAll('[data-square]').length,
  });
  out.textContent = 'done';
} catch (error) {
  out.dataset.error = String(error?.stack ?? error);
  out.textContent = 'failed';
}

// PuzzleLab for JavaScript. `await ready()`, then use the step machines as the page does
// (`new KnightTour('8x8', 'a1')`, `new QueensSearch(8)`, `new RubiksCube(state)` …), or
// call the async API, which runs in a worker with progress and an AbortSignal and needs
// no `ready()`. Nothing here touches the DOM: it imports in Node and in server-side code.
export { ready } from './load.js';
export {
  KnightTour, SearchTimeline, NaiveCounter, TourCounter, QueensSearch, PocketCube,
  CubeTable, CubeSearch, RubiksCube, OptimalProof, countQueens, uniqueQueens,
  countKnightTours as countKnightToursNow,
} from './wasm/api.js';
export { countKnightTours, countAllQueens, findKnightTour, solveRubik } from './async.js';

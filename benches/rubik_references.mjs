// Reference solvers on the same random states as `puzzlelab rubik speed` (seeds 0..N-1,
// states from `puzzlelab rubik scramble --seed N`): min2phase.js (cstimer's solver, one
// MIT-licensed file, in node), cubing.js (npm `cubing`, in node) and the `kociemba` C
// package (pip, through Python). None is vendored: install them outside the repository
// and point at them (MIN2PHASE is the path of min2phase.js):
//   npm install --prefix /work/refs/cubingjs cubing
//   python3 -m venv /work/refs/kociemba/venv && /work/refs/kociemba/venv/bin/pip install kociemba
//   MIN2PHASE=/path/to/min2phase.js CUBINGJS=/work/refs/cubingjs KOCIEMBA_PYTHON=/work/refs/kociemba/venv/bin/python \
//     node benches/rubik_references.mjs [N]
// Prints each solver's mean and worst wall time per state (after its set-up, which is
// reported apart) and mean length.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const n = Number(process.argv[2] || 100);
const scrambles = [];
for (let seed = 0; seed < n; seed++) {
  scrambles.push(JSON.parse(execFileSync('target/release/puzzlelab',
    ['rubik', 'scramble', '--seed', String(seed)]).toString()));
}
const summary = (name, setupMs, times, lengths) => {
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${name.padEnd(36)} set-up ${setupMs.toFixed(0).padStart(6)} ms   mean ${mean(times).toFixed(2).padStart(8)} ms   median ${sorted[Math.floor(n / 2)].toFixed(2).padStart(8)} ms   worst ${sorted[n - 1].toFixed(2).padStart(8)} ms   mean length ${mean(lengths).toFixed(2)}`);
};

if (process.env.MIN2PHASE) {
  const min2phase = createRequire(import.meta.url)(path.resolve(process.env.MIN2PHASE));
  let t = performance.now();
  min2phase.initFull();
  const setup = performance.now() - t;
  const times = [], lengths = [];
  for (const s of scrambles) {
    t = performance.now();
    const sol = new min2phase.Search().solution(s.state, 20);
    times.push(performance.now() - t);
    // Checked by our own CLI: the moves must take the state to solved.
    const after = JSON.parse(execFileSync('target/release/puzzlelab',
      ['rubik', 'apply', '--state', s.state, '--moves', sol]).toString()).state;
    if (!/^(U{9}R{9}F{9}D{9}L{9}B{9})$/.test(after)) throw new Error(`min2phase did not solve seed ${s.seed}: ${sol}`);
    lengths.push(sol.split(' ').filter(Boolean).length);
  }
  summary('min2phase.js (first <= 20, node)', setup, times, lengths);
}

if (process.env.CUBINGJS) {
  const from = (m) => pathToFileURL(path.join(process.env.CUBINGJS, 'node_modules', 'cubing', 'dist', 'lib', 'cubing', m, 'index.js')).href;
  const { experimentalSolve3x3x3IgnoringCenters } = await import(from('search'));
  const { cube3x3x3 } = await import(from('puzzles'));
  const kpuzzle = await cube3x3x3.kpuzzle();
  // The scramble's moves reach the state (tests/rubik.rs checks that), so applying them
  // to cubing.js's solved cube gives it the same position.
  const pattern = (s) => kpuzzle.defaultPattern().applyAlg(s.moves);
  let t = performance.now();
  await experimentalSolve3x3x3IgnoringCenters(pattern(scrambles[0]));
  const setup = performance.now() - t;
  const times = [], lengths = [];
  for (const s of scrambles) {
    const p = pattern(s);
    t = performance.now();
    const alg = await experimentalSolve3x3x3IgnoringCenters(p);
    times.push(performance.now() - t);
    // It must solve the cube.
    if (!p.applyAlg(alg).experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true })) {
      throw new Error(`cubing.js did not solve seed ${s.seed}`);
    }
    lengths.push(alg.toString().split(' ').filter(Boolean).length);
  }
  summary('cubing.js (random-state solve)', setup, times, lengths);
}

if (process.env.KOCIEMBA_PYTHON) {
  const script = `
import json, sys, time
import kociemba
states = json.load(sys.stdin)
t = time.perf_counter(); kociemba.solve(states[0]); setup = (time.perf_counter() - t) * 1000
out = {"setup": setup}
for depth in (24, 20):
    times, lengths = [], []
    for s in states:
        t = time.perf_counter()
        moves = kociemba.solve(s, max_depth=depth)
        times.append((time.perf_counter() - t) * 1000)
        lengths.append(len(moves.split()))
    out[str(depth)] = {"times": times, "lengths": lengths}
print(json.dumps(out))
`;
  const out = JSON.parse(execFileSync(process.env.KOCIEMBA_PYTHON, ['-c', script],
    { input: JSON.stringify(scrambles.map((s) => s.state)) }).toString());
  for (const depth of ['24', '20']) {
    summary(`kociemba C, max_depth ${depth}${depth === '24' ? ' (default)' : ''}`, out.setup,
      out[depth].times, out[depth].lengths);
  }
}

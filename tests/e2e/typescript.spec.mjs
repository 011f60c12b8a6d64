// The TypeScript declarations trunk writes beside the app (dist/app-<hash>.d.ts): wasm-bindgen
// declares the classes, tsify the options and results from the serde structs that cross the
// boundary. These checks read that file and hold it against what window.wasmBindings really
// has and returns, so a type that drifts from the code, or a hand-written copy beside the
// generated one, fails here.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);

function declarations() {
  const files = readdirSync(dist).filter((f) => /^app-[0-9a-f]+\.d\.ts$/.test(f));
  expect(files, 'one app-<hash>.d.ts in dist/').toHaveLength(1);
  // Doc comments say things like `{ steps, nodes }`; only the declarations count here.
  return readFileSync(new URL(files[0], dist), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
}

const CLASSES = ['KnightTour', 'SearchTimeline', 'QueensSearch', 'NaiveCounter', 'PocketCube',
  'CubeTable', 'CubeSearch', 'RubiksCube', 'Mounted'];
const FUNCTIONS = ['countKnightTours', 'countQueens', 'uniqueQueens', 'mount'];
const TYPES = ['KnightOptions', 'NaiveOptions', 'SearchStats', 'QueensStats', 'TourCount',
  'SearchFrame', 'NaiveProgress', 'OptimalPathCount', 'CubeHint', 'CubeSolveStep',
  'CubeSearchCode'];

const count = (text, re) => (text.match(re) || []).length;

/** `export interface Name { a: number; b?: string; }` → { a: true, b: false } (required?). */
function members(dts, name) {
  const body = dts.match(new RegExp(`export interface ${name} \\{([^}]*)\\}`));
  expect(body, `interface ${name}`).not.toBeNull();
  return Object.fromEntries([...body[1].matchAll(/(\w+)(\??):/g)].map(([, key, opt]) => [key, opt !== '?']));
}

/** The keys a real result carries (with a value), held against its interface. */
function expectShape(dts, name, value) {
  const declared = members(dts, name);
  const present = Object.keys(value).filter((k) => value[k] !== undefined);
  expect(present.filter((k) => !(k in declared)), `${name}: keys not declared`).toEqual([]);
  const required = Object.keys(declared).filter((k) => declared[k]);
  expect(required.filter((k) => !present.includes(k)), `${name}: declared keys missing`).toEqual([]);
}

test('the declarations name every class, function and result type once, and nothing undeclared', () => {
  const dts = declarations();
  for (const name of CLASSES) expect(count(dts, new RegExp(`export class ${name} \\{`, 'g')), name).toBe(1);
  for (const name of FUNCTIONS) expect(count(dts, new RegExp(`export function ${name}\\(`, 'g')), name).toBe(1);
  for (const name of TYPES) {
    expect(count(dts, new RegExp(`export (interface|type) ${name}\\b`, 'g')), name).toBe(1);
  }
  // Every type a signature names is declared (a misspelt type would be `any` to a user).
  const api = dts.slice(dts.indexOf('export class'), dts.indexOf('export type InitInput'));
  // JavaScript's and the DOM's own (`mount` takes an Element and a Function).
  const builtins = ['Symbol', 'Float64Array', 'Uint32Array', 'Uint8Array', 'Element', 'Function'];
  const named = new Set([...api.matchAll(/:\s*([A-Z]\w*)/g)].map((m) => m[1]));
  const undeclared = [...named].filter((n) => !builtins.includes(n)
    && !new RegExp(`export (class|interface|type) ${n}\\b`).test(dts));
  expect(undeclared).toEqual([]);
  // The methods return the generated types, not `any`.
  expect(api).toMatch(/stats\(\): SearchStats;/);
  expect(api).toMatch(/frame\(step: number\): SearchFrame;/);
  expect(api).toMatch(/hints\([^)]*\): CubeHint\[\];/);
  expect(api).toMatch(/optimalPaths\([^)]*\): OptimalPathCount;/);
  expect(api).toMatch(/countKnightTours\([^)]*\): TourCount;/);
  expect(api).toMatch(/constructor\(board: string, start: string, options\?: KnightOptions/);
  expect(members(dts, 'TourCount')).toEqual({ directed: true, undirected: false });
  expect(dts).toMatch(/directed: bigint;/);
});

test('the page\'s JS API has what the declarations say, and its results their shapes', async ({ page }) => {
  const dts = declarations();
  await page.goto('/#/knight');
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.KnightTour);
  const seen = await page.evaluate(() => {
    const b = window.wasmBindings;
    const known = (make) => {
      try { make({ notAKey: 1 }); return null; } catch (e) { return /known: ([^)]*)/.exec(e.message)[1].split(', '); }
    };
    const tour = new b.KnightTour('5x5', 'c1');
    tour.run(1e9);
    const timeline = new b.SearchTimeline('5x5', 'c1', { tieBreak: 'first', backtrack: true });
    timeline.run(1e9);
    const queens = new b.QueensSearch(6);
    queens.run(1e9);
    const naive = new b.NaiveCounter('3x4', { start: 'a1', method: 'backtracking' });
    naive.run(1e9);
    const table = new b.CubeTable('htm');
    table.run(1e9);
    const cube = new b.PocketCube();
    cube.apply("R U");
    return {
      directedType: typeof b.countKnightTours('5x5', 'a1').directed,
      exports: Object.keys(b).filter((k) => k !== 'default' && k !== 'initSync'),
      knightKeys: known((o) => new b.KnightTour('5x5', 'c1', o)),
      naiveKeys: known((o) => new b.NaiveCounter('3x4', o)),
      results: {
        SearchStats: tour.stats(),
        SearchFrame: timeline.frame(7),
        KnightCode: tour.code(),
        QueensStats: queens.stats(),
        NaiveProgress: naive.progress(),
        TourCount: b.countKnightTours('5x5', 'a1'),
        OptimalPathCount: cube.optimalPaths(table),
        CubeHint: cube.hints(table)[0],
        CubeSolveStep: cube.solveTrace(table)[0],
      },
    };
  });
  // Every export is declared (the test hooks too: they are part of what loads).
  const undeclared = seen.exports.filter((n) => !new RegExp(`export (class|function) ${n}\\b`).test(dts));
  expect(undeclared).toEqual([]);
  for (const name of [...CLASSES, ...FUNCTIONS]) expect(seen.exports).toContain(name);
  // The keys an options object may have are the keys its interface declares.
  expect(seen.knightKeys.sort()).toEqual(Object.keys(members(dts, 'KnightOptions')).sort());
  expect(seen.naiveKeys.sort()).toEqual(Object.keys(members(dts, 'NaiveOptions')).sort());
  for (const [name, value] of Object.entries(seen.results)) expectShape(dts, name, value);
  expect(seen.directedType).toBe('bigint');
});

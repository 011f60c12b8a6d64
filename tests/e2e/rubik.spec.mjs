// The Rubik's cube workbench as a person uses it: turn, paint, a refused flipped edge,
// a scramble, the anytime solve in the worker, playback, links good and bad. Every cube
// the page shows is checked against a sticker model written here, apart from the solver.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

// ---- An independent 3x3x3 sticker model: 54 stickers as 3D positions and normals. ----
// x to the right (R), y up (U), z to the front (F). Facelets U1..U9 R1..R9 F1..F9 D1..D9
// L1..L9 B1..B9, each face read row by row as seen from outside.
const FACES = 'URFDLB';
const SOLVED = FACES.split('').map((f) => f.repeat(9)).join('');
const NORMAL = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1], D: [0, -1, 0], L: [-1, 0, 0], B: [0, 0, -1] };
function position(face, r, c) {
  switch (face) {
    case 'U': return [c - 1, 1, r - 1];
    case 'R': return [1, 1 - r, 1 - c];
    case 'F': return [c - 1, 1 - r, 1];
    case 'D': return [c - 1, -1, 1 - r];
    case 'L': return [-1, 1 - r, c - 1];
    default: return [1 - c, 1 - r, -1];
  }
}
const STICKERS = [];
for (const face of FACES) {
  for (let k = 0; k < 9; k++) STICKERS.push({ name: `${face}${k + 1}`, pos: position(face, Math.floor(k / 3), k % 3), normal: NORMAL[face] });
}
const key = (p, n) => `${p}|${n}`;
const INDEX = new Map(STICKERS.map((s, i) => [key(s.pos, s.normal), i]));
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
// A quarter turn clockwise seen from the tip of axis a: v -> -(a x v) + a (a.v).
const quarter = (a, v) => { const c = cross(a, v), d = dot(a, v); return [0, 1, 2].map((i) => -c[i] + a[i] * d); };
// Each layer: its axis, and which slabs (a.pos) turn.
const LAYERS = {
  U: ['U', [1]], R: ['R', [1]], F: ['F', [1]], D: ['D', [1]], L: ['L', [1]], B: ['B', [1]],
  Uw: ['U', [0, 1]], Rw: ['R', [0, 1]], Fw: ['F', [0, 1]], Dw: ['D', [0, 1]], Lw: ['L', [0, 1]], Bw: ['B', [0, 1]],
  M: ['L', [0]], E: ['D', [0]], S: ['F', [0]], x: ['R', [-1, 0, 1]], y: ['U', [-1, 0, 1]], z: ['F', [-1, 0, 1]],
};
function turn(state, layer) {
  const [face, slabs] = LAYERS[layer];
  const a = NORMAL[face];
  const out = state.split('');
  STICKERS.forEach((s, i) => {
    if (!slabs.includes(dot(a, s.pos))) return;
    out[INDEX.get(key(quarter(a, s.pos), quarter(a, s.normal)))] = state[i];
  });
  return out.join('');
}
function applyMoves(state, text) {
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const m = token.match(/^([URFDLB]w?|[MESxyz])(2|')?$/);
    if (!m) throw new Error(`the model does not read '${token}'`);
    const times = m[2] === '2' ? 2 : m[2] === "'" ? 3 : 1;
    for (let t = 0; t < times; t++) state = turn(state, m[1]);
  }
  return state;
}
const isSolved = (s) => [0, 9, 18, 27, 36, 45].every((o) => s.slice(o, o + 9).split('').every((c) => c === s[o + 4]));

// ---- The page ----
async function readNet(page) {
  const colours = await page.locator('[data-sticker]:not([data-view])').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.sticker, el.dataset.color])));
  return STICKERS.map((s) => colours[s.name]).join('');
}

async function openRubik(page, hash = '#/rubik') {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-sticker]:not([data-view])')).toHaveCount(54);
}

/** Clicks Solve and waits for the first solution; returns it and the cube it solves. */
async function solve(page) {
  const start = await readNet(page);
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-solution]')).toBeVisible({ timeout: 60_000 });
  return start;
}

test('every turn button agrees with the sticker model; moves box, undo and redo', async ({ page }) => {
  await openRubik(page);
  expect(await readNet(page)).toBe(SOLVED);
  const moves = await page.locator('[data-move]').evaluateAll((els) => els.map((el) => el.dataset.move));
  expect(moves).toHaveLength(54);
  let model = SOLVED;
  let previous = model;
  for (const m of moves) {
    await page.locator(`[data-move="${m}"]`).click();
    previous = model;
    model = applyMoves(model, m);
    expect(await readNet(page), `after ${m}`).toBe(model);
  }
  await expect(page).toHaveURL(new RegExp(`state=${model}`));
  await page.locator('[data-action="undo"]').click();
  expect(await readNet(page)).toBe(previous);
  await page.locator('[data-action="redo"]').click();
  expect(await readNet(page)).toBe(model);
  await page.locator('[data-action="reset-cube"]').click();
  await page.locator('input[name="moves"]').fill("R U R' U' Rw2 M' x E S2 y' z Fw");
  await page.locator('[data-action="apply"]').click();
  expect(await readNet(page)).toBe(applyMoves(SOLVED, "R U R' U' Rw2 M' x E S2 y' z Fw"));
  // The facelet string exports what the net shows, and Copy puts it on the clipboard.
  await expect(page.locator('input[name="facelets"]')).toHaveValue(await readNet(page));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-action="copy-state"]').click();
  await expect(page.locator('[data-action="copy-state"]')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await readNet(page));
  await page.locator('input[name="moves"]').fill('R Q');
  await page.locator('[data-action="apply"]').click();
  await expect(page.getByRole('alert').first()).toContainText('moves:');
});

test('a painted real cube is solved, and the solution really solves it', async ({ page }) => {
  // Paint a solved cube into R U F' sticker by sticker, as a person copies a cube.
  await openRubik(page);
  const target = applyMoves(SOLVED, "R U F'");
  for (let i = 0; i < 54; i++) {
    if (target[i] === SOLVED[i]) continue;
    await page.locator(`[data-paint="${target[i]}"]`).click();
    await page.locator(`[data-sticker="${STICKERS[i].name}"]:not([data-view])`).click();
  }
  expect(await readNet(page)).toBe(target);
  await expect(page.locator('[data-validity]')).toHaveCount(0);
  await page.locator('[data-action="solve"]').click();
  // The first solve builds the search tables in the worker, and says so meanwhile.
  await expect(page.locator('[data-status]')).toContainText('Building the search tables');
  await page.locator('[data-status]').screenshot({ path: `${shots}rubik-tables.png` });
  await expect(page.locator('[data-solution]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.rubik-search')).toContainText('tables built first in');
  const start = target;
  const solution = await page.locator('[data-solution]').getAttribute('data-solution');
  expect(isSolved(applyMoves(start, solution)), `${solution} from ${start}`).toBe(true);
  // Three moves made it; the search proves three is optimal (or finds its equal).
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', 'optimal', { timeout: 60_000 });
  expect(solution.split(' ').length).toBeLessThanOrEqual(3);
  await page.locator('[data-action="end"]').click();
  expect(isSolved(await readNet(page))).toBe(true);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  // With a limit below the cube's distance, the search proves there is nothing that short.
  await page.locator('[data-action="reset"]').click();
  await page.locator('input[name="max-length"]').fill('2');
  await page.locator('input[name="max-length"]').blur();
  await expect(page).toHaveURL(/max=2/);
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', 'none', { timeout: 60_000 });
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'impossible');
  await expect(page.locator('.rubik-search')).toContainText('No solution of at most 2 moves');
  expect(await readNet(page)).toBe(target);
});

test('a flipped edge is refused by name, and the cube is kept', async ({ page }) => {
  await openRubik(page);
  // Paint U8 with F's colour: now the colours do not count nine each.
  await page.locator('[data-paint="F"]').click();
  await page.locator('[data-sticker="U8"]:not([data-view])').click();
  await expect(page.locator('[data-validity]')).toHaveAttribute('data-fault', 'ColourCount');
  // ... and F2 with U's: one edge flipped in place.
  await page.locator('[data-paint="U"]').click();
  await page.locator('[data-sticker="F2"]:not([data-view])').click();
  const alert = page.locator('[role="alert"][data-validity]');
  await expect(alert).toHaveAttribute('data-fault', 'FlippedEdge');
  await expect(alert).toContainText('the edge U8/F2 is flipped');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'error');
  await expect(page.locator('[data-action="solve"]')).toBeDisabled();
  const flipped = SOLVED.slice(0, 7) + 'F' + SOLVED.slice(8, 19) + 'U' + SOLVED.slice(20);
  expect(await readNet(page)).toBe(flipped);
  await expect(page).toHaveURL(new RegExp(`state=${flipped}`));
  // The page keeps working: a turn still turns the painted cube.
  await page.locator('[data-move="R"]').click();
  expect(await readNet(page)).toBe(applyMoves(flipped, 'R'));
  // A twisted corner typed in as facelets is named too.
  const twisted = applyMoves(SOLVED, '').split('');
  [twisted[8], twisted[9], twisted[20]] = [twisted[20], twisted[8], twisted[9]];
  await page.locator('input[name="facelets"]').fill(twisted.join(''));
  await page.locator('[data-action="load-state"]').click();
  await expect(alert).toHaveAttribute('data-fault', 'TwistedCorner');
  await expect(alert).toContainText('the corner U9/R1/F3 is twisted');
  await page.screenshot({ path: `${shots}rubik-flipped.png`, fullPage: true });
});

test('scramble, anytime solve, playback and the shared link', async ({ page, browser }) => {
  await openRubik(page);
  await page.locator('input[name="seed"]').fill('7');
  await page.locator('input[name="seed"]').blur();
  await page.locator('[data-action="scramble"]').click();
  await expect(page).toHaveURL(/seed=7/);
  const scrambled = await readNet(page);
  expect(isSolved(scrambled)).toBe(false);
  // The moves shown reach the state shown (the model applies them to a solved cube).
  const scramble = page.locator('[data-scramble="7"]');
  await expect(scramble).not.toHaveAttribute('data-scramble-moves', '', { timeout: 60_000 });
  const moves = await scramble.getAttribute('data-scramble-moves');
  expect(moves.split(' ').length).toBeLessThanOrEqual(20);
  expect(applyMoves(SOLVED, moves)).toBe(scrambled);

  const start = await solve(page);
  expect(start).toBe(scrambled);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'running');
  await expect(page.locator('[data-improvement]').first()).toBeVisible();
  // The best so far is in the link while the search goes on.
  await expect(page).toHaveURL(/solution=/);
  const first = Number(await page.locator('[data-improvement]').first().getAttribute('data-length'));
  expect(first).toBeLessThanOrEqual(20);
  // Let it improve for two seconds, then stop: the best so far stays.
  await page.waitForTimeout(2000);
  const stop = page.locator('[data-action="stop"]');
  if (await stop.count()) await stop.click();
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', /stopped|optimal/);
  const lengths = await page.locator('[data-improvement]').evaluateAll((els) => els.map((el) => Number(el.dataset.length)));
  for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeLessThan(lengths[i - 1]);
  const solution = await page.locator('[data-solution]').getAttribute('data-solution');
  expect(solution.split(' ').length).toBe(lengths.at(-1));
  expect(isSolved(applyMoves(scrambled, solution)), solution).toBe(true);
  await page.screenshot({ path: `${shots}rubik-solved-search.png`, fullPage: true });

  // Playback: step by step the net follows the model; the end is solved.
  await page.locator('[data-action="step"]').click();
  await page.locator('[data-action="step"]').click();
  const two = solution.split(' ').slice(0, 2).join(' ');
  expect(await readNet(page)).toBe(applyMoves(scrambled, two));
  await expect(page).toHaveURL(/step=2/);
  const link = page.url();
  await page.locator('[data-action="end"]').click();
  expect(isSolved(await readNet(page))).toBe(true);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');

  // The link carries cube, solution and step: a fresh page shows the same view.
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.locator('[data-sticker]:not([data-view])')).toHaveCount(54);
  expect(await readNet(other)).toBe(applyMoves(scrambled, two));
  await expect(other.locator('[data-solution]')).toHaveAttribute('data-solution', solution);
  await expect(other.locator('.playback .position')).toContainText(`move 2 of ${lengths.at(-1)}`);
  await expect(other.locator('[data-scramble="7"]')).toBeVisible();
  await other.locator('[data-action="end"]').click();
  expect(isSolved(await readNet(other))).toBe(true);
  await other.close();
});

test('a bad link opens the workbench with messages and sane defaults', async ({ page }) => {
  await openRubik(page, '#/rubik?state=UUUX&solution=R%20Q&step=9&seed=x&max=99');
  const alert = page.getByRole('alert').first();
  await expect(alert).toContainText('54 facelets');
  await expect(alert).toContainText('solution');
  await expect(alert).toContainText('seed');
  await expect(alert).toContainText('1 to 30');
  expect(await readNet(page)).toBe(SOLVED);
  await expect(page.locator('input[name="max-length"]')).toHaveValue('20');
  await page.locator('[data-move="F"]').click();
  expect(await readNet(page)).toBe(applyMoves(SOLVED, 'F'));
  await expect(page).toHaveURL(/#\/rubik\?state=/);
  // A seed that did not make the link's cube is named and left out.
  await openRubik(page, `#/rubik?state=${applyMoves(SOLVED, 'R')}&seed=3`);
  await expect(page.getByRole('alert').first()).toContainText('seed 3 scrambles to a different cube');
  await expect(page).not.toHaveURL(/seed=/);
  await expect(page.locator('[data-scramble]')).toHaveCount(0);
});

test('looks right: light, dark and a 375 px phone', async ({ browser }) => {
  const hash = '#/rubik?state=' + applyMoves(SOLVED, "R U2 F' L D B2 M x") + "&solution=R%20U&step=1";
  for (const [name, options, dark] of [
    ['light', { viewport: { width: 1200, height: 900 } }, false],
    ['dark', { viewport: { width: 1200, height: 900 }, colorScheme: 'dark' }, true],
    ['375', { viewport: { width: 375, height: 800 } }, false],
  ]) {
    const page = await browser.newPage(options);
    if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
    await openRubik(page, hash);
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    expect(overflow, name).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${shots}rubik-${name}.png`, fullPage: true });
    await page.close();
  }
  const page = await browser.newPage();
  await page.goto('/index.html#/');
  await expect(page.locator('a.card[href="#/rubik"]')).toBeVisible();
  await page.locator('nav a[href="#/rubik"]').click();
  await expect(page.locator('[data-sticker]:not([data-view])')).toHaveCount(54);
  await page.close();
});

test('no serious accessibility problems, light and dark', async ({ browser }) => {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  const flipped = SOLVED.slice(0, 7) + 'F' + SOLVED.slice(8, 19) + 'U' + SOLVED.slice(20);
  for (const [hash, dark] of [[`#/rubik?state=${flipped}`, false], ['#/rubik?solution=R%20U&step=0', true]]) {
    // axe is injected as an inline script, which the page's CSP rightly refuses.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
    await openRubik(page, hash);
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
    expect(bad, hash).toEqual([]);
    await context.close();
  }
});

test('a worker that crashes mid-search is replaced and the search sent again', async ({ page }) => {
  // A random state (rubik scramble, seed 1): its search runs on well past the crash.
  const start = 'BURLUFUFDFUDLRULFUBRRDFFBRDLDFDDDURLUBRLLBFLDBBLRBUFBR';
  await openRubik(page, `#/rubik?state=${start}`);
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'running');
  expect(await page.evaluate(() => window.wasmBindings.crashWorkersForTesting())).toBeGreaterThan(0);
  await expect(page.locator('[data-notice="worker-restarted"]')).toContainText('sent again');
  const solution = page.locator('[data-solution]');
  await expect(solution).toBeVisible({ timeout: 60_000 });
  expect(isSolved(applyMoves(start, await solution.getAttribute('data-solution')))).toBe(true);
  await page.locator('[data-action="stop"]').click();
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', /stopped|optimal/);
});

test('a Stop that reaches the replacement worker before it has run the resent search ends it', async ({ page }) => {
  // The order that once left the search unended: a report is shown, the worker crashes,
  // the search is resent, and Stop follows at once, while the fresh worker is still
  // loading or building its tables (so its search has not begun).
  const start = 'BURLUFUFDFUDLRULFUBRRDFFBRDLDFDDDURLUBRLLBFLDBBLRBUFBR';
  await openRubik(page, `#/rubik?state=${start}`);
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', '', { timeout: 60_000 });
  expect(await page.evaluate(() => window.wasmBindings.crashWorkersForTesting())).toBeGreaterThan(0);
  await expect(page.locator('[data-notice="worker-restarted"]')).toContainText('sent again');
  await page.locator('[data-action="stop"]').click();
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', 'stopped');
  await expect(page.locator('[data-status]')).not.toHaveAttribute('data-status', 'running');
  await expect(page.locator('[data-action="stop"]')).toHaveCount(0);
});

test('the JavaScript API keeps phase 1\'s exact table across a reload, and solves the same with it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/index.html#/rubik');
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.RubiksCube);
  const seeds = [0, 1, 2, 3, 4, 5];
  const solveAll = () => page.evaluate((seeds) => seeds.map((s) => {
    const cube = window.wasmBindings.RubiksCube.random(s);
    return { state: cube.state(), moves: cube.solve(20) };
  }), seeds);
  const plain = await solveAll();
  // Build it once and keep it where a page would (IndexedDB), with its checksum.
  const built = await page.evaluate(async () => {
    const { RubiksCube } = window.wasmBindings;
    const before = RubiksCube.phase1TableBytes();
    const ms = RubiksCube.buildPhase1Table();
    const bytes = RubiksCube.phase1TableBytes();
    const checksum = RubiksCube.phase1TableChecksum();
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open('phase1-test', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('t');
      r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    await new Promise((ok, no) => {
      const tx = db.transaction('t', 'readwrite');
      tx.objectStore('t').put(bytes, 'bytes'); tx.objectStore('t').put(checksum, 'sum');
      tx.oncomplete = ok; tx.onerror = () => no(tx.error);
    });
    db.close();
    return { before: before === undefined, ms, length: bytes.length, checksum, again: RubiksCube.buildPhase1Table() };
  });
  expect(built.before).toBe(true); // nothing before it is built
  expect(built.ms).toBeGreaterThan(0);
  expect(built.again).toBe(0); // once a page
  expect(built.length).toBe(35227103);
  const withBuilt = await solveAll();
  expect(withBuilt).toEqual(plain);

  // A reload starts with no table; a wrong one is refused by name; the kept one is used.
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.RubiksCube);
  const kept = await page.evaluate(async () => {
    const { RubiksCube } = window.wasmBindings;
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open('phase1-test', 1);
      r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    const read = (key) => new Promise((ok, no) => {
      const r = db.transaction('t').objectStore('t').get(key);
      r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    const bytes = await read('bytes'), sum = await read('sum');
    db.close();
    const refused = [];
    for (const [b, s] of [[bytes.slice(0, 1000), sum], [bytes, '12345']]) {
      try { RubiksCube.usePhase1Table(b, s); refused.push(null); } catch (e) { refused.push(e.message); }
    }
    const after = RubiksCube.phase1TableBytes();
    const ms = RubiksCube.usePhase1Table(bytes, sum);
    return { refused, after: after === undefined, ms, now: RubiksCube.phase1TableChecksum() };
  });
  expect(kept.refused[0]).toContain('bytes, not 35227103');
  expect(kept.refused[1]).toContain('checksum');
  expect(kept.after).toBe(true); // a reload starts without it
  expect(kept.ms).toBeGreaterThan(0);
  expect(kept.now).toBe(built.checksum);
  const withKept = await solveAll();
  expect(withKept).toEqual(plain);
  // Every solution, checked by this file's sticker model.
  for (const { state, moves } of withKept) expect(isSolved(applyMoves(state, moves))).toBe(true);
});

// The pocket cube as the SQL article's graph: any start to any goal, every shortest path,
// hints that lead to the goal, and the breadth-first search watched layer by layer.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const reference = JSON.parse(readFileSync(new URL('../reference/cube.json', import.meta.url)));

const NET = ['U0', 'U1', 'U2', 'U3', 'L0', 'L1', 'F0', 'F1', 'R0', 'R1', 'B0', 'B1',
  'L2', 'L3', 'F2', 'F3', 'R2', 'R3', 'B2', 'B3', 'D0', 'D1', 'D2', 'D3'];
const FACES = [['U0', 'U1', 'U2', 'U3'], ['L0', 'L1', 'L2', 'L3'], ['F0', 'F1', 'F2', 'F3'],
  ['R0', 'R1', 'R2', 'R3'], ['B0', 'B1', 'B2', 'B3'], ['D0', 'D1', 'D2', 'D3']];

async function stickers(page) {
  return page.locator('[data-sticker]:not([data-view])').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.sticker, el.dataset.color])));
}
async function readNet(page) {
  const c = await stickers(page);
  return NET.map((s) => c[s]).join('');
}
async function facesUniform(page) {
  const c = await stickers(page);
  return FACES.every((f) => f.every((s) => c[s] === c[f[0]]));
}
async function openCube(page, hash = '#/cube') {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-sticker]:not([data-view])')).toHaveCount(24);
  await expect(page.locator('.distance-chart')).toBeVisible({ timeout: 30_000 });
}
async function applyMoves(page, moves) {
  await page.locator('input[name="moves"]').fill(moves);
  await page.locator('[data-action="apply"]').click();
}
async function solveAndRead(page) {
  await page.locator('[data-action="solve"]').click();
  const solution = page.locator('[data-solution]');
  await expect(solution).toContainText('Optimal solution', { timeout: 30_000 });
  return solution.getAttribute('data-solution');
}
async function playToEnd(page) {
  // The solution's own playback (the search player is closed here).
  await page.locator('input[aria-label="Moves per second"]').fill('60');
  await page.locator('[data-action="play"]').click();
  await expect(page.locator('.playback .position')).toHaveText(/move (\d+) of \1$/, { timeout: 10_000 });
}

test('a goal set, solved, and played back reaches exactly the goal\'s stickers', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openCube(page);
  // The goal: a scrambled cube, held differently (whole-cube turns x y at the end).
  await applyMoves(page, "F2 U' R B x y");
  const goal = await readNet(page);
  await page.locator('[data-action="goal-from-cube"]').click();
  await expect(page.locator('[data-goal]')).toHaveAttribute('data-goal', goal);
  await expect(page.locator('[data-goal-sticker]')).toHaveCount(24);
  await expect(page).toHaveURL(new RegExp(`goal=${goal}`));
  // The start: another cube.
  await page.locator('[data-action="reset-cube"]').click();
  await applyMoves(page, "R U2 F' L D");
  const start = await readNet(page);
  await expect(page.locator('[data-hints="ready"]')).toBeVisible({ timeout: 30_000 });
  const distance = Number(await page.locator('[data-goal-distance]').getAttribute('data-goal-distance'));
  const moves = (await solveAndRead(page)).split(' ');
  const turns = moves.filter((m) => /^[UDLRFB]/.test(m));
  expect(turns.length).toBe(distance); // optimal in the half-turn metric
  await expect(page.locator('[data-paths]')).toBeVisible();
  await page.screenshot({ path: `${shots}cube-goal.png`, fullPage: true });
  await playToEnd(page);
  expect(await readNet(page)).toBe(goal);
  await expect(page.locator('[data-goal-distance]')).toHaveAttribute('data-goal-distance', '0');

  // The same cube held differently is the goal in 0 moves (only the whole-cube turn).
  await page.locator('[data-action="reset-cube"]').click();
  await applyMoves(page, "F2 U' R B x y z'");
  expect(await readNet(page)).not.toBe(goal);
  const held = (await solveAndRead(page)).split(' ');
  expect(held.every((m) => /^[xyz]/.test(m))).toBe(true);
  await expect(page.locator('[data-solution]')).toContainText('0 turns');
  await playToEnd(page);
  expect(await readNet(page)).toBe(goal);

  // Typing a goal in another colouring explains itself, and nothing is lost.
  await page.locator('input[name="goal-state"]').fill('AAAABBCCDDEEBBCCDDEEFFFF');
  await page.locator('[data-action="set-goal"]').click();
  await expect(page.locator('[data-goal-problem]')).toContainText('different colours', { timeout: 10_000 });
  await page.locator('input[name="goal-state"]').fill('WWW');
  await page.locator('[data-action="set-goal"]').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.locator('[data-goal]')).toHaveAttribute('data-goal', 'AAAABBCCDDEEBBCCDDEEFFFF');
  // A bad goal in a link opens with a message and the solved goal.
  await openCube(page, `#/cube?state=${start}&goal=XYZ`);
  await expect(page.getByRole('alert').first()).toContainText('goal');
  await expect(page.locator('[data-goal]')).toHaveAttribute('data-goal', 'solved');
  expect(errors).toEqual([]);
});

test('every optimal solution: counted, walked with next and previous, its index in the link', async ({ page, context }) => {
  // An antipode (11 half turns from solved) has several optimal solutions.
  await openCube(page);
  const state = await page.evaluate(() => {
    const { CubeTable } = window.wasmBindings;
    const table = new CubeTable('htm');
    table.run(1e9);
    return table.randomAntipode(3);
  });
  await openCube(page, `#/cube?state=${state}`);
  const first = await solveAndRead(page);
  const paths = page.locator('[data-paths]');
  const count = Number(await paths.getAttribute('data-paths'));
  expect(count).toBeGreaterThan(3);
  await expect(paths).toHaveAttribute('data-path', '0');
  await expect(page.locator('[data-action="path-prev"]')).toBeDisabled();
  const seen = [first];
  for (let i = 1; i <= 3; i++) {
    await page.locator('[data-action="path-next"]').click();
    await expect(paths).toHaveAttribute('data-path', String(i), { timeout: 10_000 });
    const s = await page.locator('[data-solution]').getAttribute('data-solution');
    expect(seen).not.toContain(s);
    expect(s.split(' ').length).toBe(11);
    seen.push(s);
  }
  await expect(page).toHaveURL(/path=3/);
  await page.locator('[data-action="path-prev"]').click();
  await expect(paths).toHaveAttribute('data-path', '2', { timeout: 10_000 });
  await expect(page.locator('[data-solution]')).toHaveAttribute('data-solution', seen[2]);
  await page.locator('[data-action="path-next"]').click();
  await expect(paths).toHaveAttribute('data-path', '3', { timeout: 10_000 });
  // Each one solves the cube, checked through the JS API on its own.
  const solves = await page.evaluate(([start, list]) => list.map((s) => {
    const c = new window.wasmBindings.PocketCube(start);
    c.apply(s);
    return c.isSolved();
  }), [state, seen]);
  expect(solves).toEqual([true, true, true, true]);

  // The link reopens the same solution, with its index and the count.
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await expect(fresh.locator('[data-paths]')).toHaveAttribute('data-path', '3', { timeout: 30_000 });
  await expect(fresh.locator('[data-paths]')).toHaveAttribute('data-paths', String(count));
  await expect(fresh.locator('[data-solution]')).toHaveAttribute('data-solution', seen[3]);
  await fresh.locator('input[aria-label="Moves per second"]').fill('60');
  await fresh.locator('[data-action="play"]').click();
  await expect(fresh.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 10_000 });
  await fresh.screenshot({ path: `${shots}cube-paths.png`, fullPage: true });
});

test('the hint key, pressed until solved, solves in exactly the distance', async ({ page }) => {
  await openCube(page);
  await page.locator('[data-action="scramble-moves"]').click();
  const ready = page.locator('[data-hints="ready"]');
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const distanceNow = async () => Number(await page.locator('[data-goal-distance]').getAttribute('data-goal-distance'));
  const start = await distanceNow();
  expect(start).toBeGreaterThan(3);
  // Every face turn says where it leads; at least one is one closer.
  const after = await page.locator('.turn[data-distance-after]').evaluateAll((els) =>
    els.map((el) => Number(el.dataset.distanceAfter)));
  expect(after.length).toBe(18);
  expect(after).toContain(start - 1);
  expect(after.every((d) => Math.abs(d - start) <= 1)).toBe(true);
  await page.screenshot({ path: `${shots}cube-hints.png`, fullPage: true });
  let presses = 0;
  while (!(await facesUniform(page))) {
    const before = await distanceNow();
    await page.keyboard.press('h');
    presses += 1;
    await expect(page.locator('[data-goal-distance]')).toHaveAttribute('data-goal-distance', String(before - 1), { timeout: 10_000 });
    expect(presses).toBeLessThanOrEqual(start);
  }
  expect(presses).toBe(start);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  await expect(page.locator('[data-action="hint"]')).toBeDisabled();
});

test('the breadth-first search, played layer by layer, ends at the known distribution', async ({ page, context }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openCube(page);
  await page.locator('[data-action="watch-bfs"]').click();
  const player = page.locator('[data-search]');
  await expect(player).toHaveAttribute('data-search-step', '0');
  await expect(player).toHaveAttribute('data-event', 'start');
  const steps = Number(await player.getAttribute('data-search-steps'));
  expect(steps).toBeGreaterThan(100);
  const bars = player.locator('[data-bfs-chart] .bar');
  const counts = async () => bars.evaluateAll((els) => els.map((el) => Number(el.dataset.count)));
  // One step per small layer: 1 → 9 → 54 → 321.
  for (const [d, want] of [[1, 9], [2, 54], [3, 321]]) {
    await player.locator('[data-action="step"]').click();
    await expect(player).toHaveAttribute('data-search-step', String(d));
    await expect(player).toHaveAttribute('data-event', 'layer');
    expect((await counts())[d]).toBe(want);
  }
  await expect(player.locator('[data-bfs="frontier"]')).toHaveText('321');
  await expect(page).toHaveURL(/bfs=3/);
  // Played: the bars only grow, the frontier is worked through.
  let previous = await counts();
  await player.locator('[data-action="play"]').click();
  await page.waitForTimeout(1200);
  await player.locator('[data-action="pause"]').click();
  const at = Number(await player.getAttribute('data-search-step'));
  expect(at).toBeGreaterThan(6);
  const now = await counts();
  expect(now.slice(0, previous.length).every((c, d) => c >= previous[d])).toBe(true);
  expect(now.reduce((a, b) => a + b, 0)).toBeGreaterThan(previous.reduce((a, b) => a + b, 0));
  previous = now;
  const notYet = Number((await player.locator('[data-bfs="not-yet-processed"]').innerText()).replace(/,/g, ''));
  const frontier = Number((await player.locator('[data-bfs="frontier"]').innerText()).replace(/,/g, ''));
  expect(notYet).toBeLessThanOrEqual(frontier);
  await page.screenshot({ path: `${shots}cube-bfs-playing.png`, fullPage: true });
  // To the end of the layer, then back a step and forward again.
  await player.locator('[data-action="layer"]').click();
  await expect(player).toHaveAttribute('data-event', 'layer', { timeout: 10_000 });
  await expect(player.locator('[data-bfs="not-yet-processed"]')).toHaveText(await player.locator('[data-bfs="frontier"]').innerText());
  const layerEnd = Number(await player.getAttribute('data-search-step'));
  await player.locator('[data-action="step-back"]').click();
  await expect(player).toHaveAttribute('data-search-step', String(layerEnd - 1), { timeout: 10_000 });
  await player.locator('[data-action="step"]').click();
  await expect(player).toHaveAttribute('data-search-step', String(layerEnd));
  // To the end: the published distribution, every position reached.
  await player.locator('[data-action="end"]').click();
  await expect(player).toHaveAttribute('data-event', 'solved', { timeout: 30_000 });
  await expect(player).toHaveAttribute('data-search-step', String(steps));
  expect(await counts()).toEqual(reference.distance_counts.htm);
  expect(await counts()).toEqual([1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]);
  await expect(player.locator('[data-bfs="unreached"]')).toHaveText('0');
  await expect(page).toHaveURL(new RegExp(`bfs=${steps}`));
  await page.screenshot({ path: `${shots}cube-bfs-done.png`, fullPage: true });

  // The last bar opens a random antipode: 11 half turns from solved.
  await player.locator('[data-action="bfs-antipode"]').click();
  await expect(page.locator('[data-scramble]')).toContainText('antipode', { timeout: 10_000 });
  await expect(page.locator('[data-goal-distance]')).toHaveAttribute('data-goal-distance', '11', { timeout: 10_000 });

  // A link opens the player at its step.
  const fresh = await context.newPage();
  await fresh.goto('/index.html#/cube?bfs=5');
  await expect(fresh.locator('[data-search]')).toHaveAttribute('data-search-step', '5', { timeout: 30_000 });
  await expect(fresh.locator('[data-search] .bar[data-distance="5"]')).toHaveAttribute('data-count', '9992');
  expect(errors).toEqual([]);
});

test('the quarter-turn search ends at its own distribution, and screenshots in every theme', async ({ page }) => {
  await openCube(page, '#/cube?metric=qtm&bfs=0');
  const player = page.locator('[data-search]');
  // The metric is on the BFS's own wrapper: the shared player carries only shared hooks.
  await expect(page.locator('.bfs-player')).toHaveAttribute('data-metric', 'qtm');
  await player.locator('[data-action="end"]').click();
  await expect(player).toHaveAttribute('data-event', 'solved', { timeout: 30_000 });
  expect(await player.locator('[data-bfs-chart] .bar').evaluateAll((els) => els.map((el) => Number(el.dataset.count))))
    .toEqual(reference.distance_counts.qtm);

  await openCube(page, `#/cube?state=${'WWWWOOGGRRBBGGRRBBOOYYYY'}&goal=WWWWRRBBOOGGGGRRBBOOYYYY&bfs=40`);
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', '40', { timeout: 30_000 });
  await expect(page.locator('[data-hints="ready"]')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${shots}cube-graph-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}cube-graph-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}cube-graph-375.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the JavaScript API solves to a goal, counts and walks optimal solutions, and hints', async ({ page }) => {
  await openCube(page);
  const r = await page.evaluate(() => {
    const { CubeTable, PocketCube } = window.wasmBindings;
    const table = new CubeTable('qtm');
    table.run(1e9);
    const goal = new PocketCube();
    goal.apply("F2 U' R B x y");
    const start = new PocketCube();
    start.apply("R U2 F' L D");
    const way = start.solve(table, goal.state());
    const played = new PocketCube(start.state());
    played.apply(way);
    const { count, length } = start.optimalPaths(table, goal.state());
    const last = start.optimalPath(table, count - 1, goal.state());
    const lastPlayed = new PocketCube(start.state());
    lastPlayed.apply(last);
    const hints = start.hints(table, goal.state());
    const errors = [];
    for (const f of [() => start.optimalPath(table, count, goal.state()),
      () => start.solve(table, 'AAAABBCCDDEEBBCCDDEEFFFF'), () => start.solve(table, 'WWW'),
      () => start.optimalPath(table, -1)]) {
      try { f(); errors.push(null); } catch (e) { errors.push(e.message); }
    }
    const far = new PocketCube(table.randomAntipode(5));
    return { exact: played.state() === goal.state(), lastExact: lastPlayed.state() === goal.state(),
      count, length, lastTurns: last.split(' ').filter((m) => /^[UDLRFB]/.test(m)).length,
      hints: hints.length, closer: hints.some((h) => h.change === -1), errors,
      far: far.solve(table).split(' ').reduce((n, m) => n + (m.endsWith('2') ? 2 : 1), 0) };
  });
  expect(r.exact).toBe(true);
  expect(r.lastExact).toBe(true);
  expect(r.count).toBeGreaterThanOrEqual(1);
  expect(r.lastTurns).toBe(r.length); // qtm: only quarter turns, as counted
  expect(r.hints).toBe(18);
  expect(r.closer).toBe(true);
  expect(r.errors[0]).toContain('past the last');
  expect(r.errors[1]).toContain('different colours');
  expect(r.errors[2]).toContain('24 stickers');
  expect(r.errors[3]).toContain('whole number');
  expect(r.far).toBe(14); // an antipode in the quarter-turn metric
});

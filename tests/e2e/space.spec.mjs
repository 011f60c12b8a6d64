// The search space made visible: the notebook's counters on the board at its verbose
// levels, the race, the N-queens search tree, and the one search player they share.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const player = (page) => page.locator('[data-search]');
const step = async (page) => Number(await player(page).getAttribute('data-search-step'));
const sequence = async (page) => page.locator('[data-sequence]').getAttribute('data-sequence');
const visits = (page, live) => page.locator(`[data-live="${live}"] [data-visit]`)
  .evaluateAll((els) => els.map((el) => `${el.dataset.at}:${el.dataset.visit}`).sort().join(' '));

/** Light, dark and phone-width screenshots of the page as it stands. */
async function shoot(page, name) {
  await page.screenshot({ path: `${shots}${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}${name}-375.png`, fullPage: true });
  await page.setViewportSize(size);
}

test('brute force on 3x4 at level 2: the odometer counts up on the board, and flat out it ends at the fast count', async ({ page }) => {
  await page.goto('/index.html#/count?board=3x4&start=a1&closed=0&watch=brute&level=2');
  await expect(player(page)).toHaveAttribute('data-search', 'brute');
  await expect(player(page)).toHaveAttribute('data-level', '2');
  expect(await sequence(page)).toBe('0'.repeat(11));
  // Each step checks the next sequence: the odometer counts up in base 8 and the board
  // shows how far each one gets before it leaves the board or revisits a square.
  const seen = [];
  const boards = new Set();
  for (let i = 0; i < 12; i++) {
    await page.locator('[data-action="step"]').click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(i + 1));
    seen.push(parseInt(await sequence(page), 8));
    boards.add(`${await visits(page, 'brute')} / ${await page.locator('[data-off-moves]').getAttribute('data-off-moves')}`);
  }
  expect(seen).toEqual([...Array(12).keys()]);
  // Every move of the sequence is drawn, so the board changes with its last digit.
  expect(boards.size).toBeGreaterThan(2);
  await expect(page.locator('[data-off-board="true"], [data-twice="true"]').first()).toBeVisible();
  await expect(player(page)).toHaveAttribute('data-event', 'check');
  await expect(page).toHaveURL(/watch=brute&level=2&step=12/);
  // Playing at the chosen speed keeps counting.
  await page.locator('[data-action="play"]').click();
  await expect.poll(() => step(page)).toBeGreaterThan(14);
  await page.locator('[data-action="pause"]').click();
  await shoot(page, 'space-brute-3x4');
  // Flat out: all 8^11 sequences, and the tours the fast counter counts.
  await page.locator('[data-action="end"]').click();
  await expect(player(page)).toHaveAttribute('data-search-steps', String(8 ** 11), { timeout: 60_000 });
  await expect(player(page)).toHaveAttribute('data-search-step', String(8 ** 11));
  await page.locator('[data-action="count"]').click();
  const fast = await page.locator('.count-result').getAttribute('data-directed', { timeout: 20_000 });
  await expect(page.locator('[data-live="brute"]')).toHaveAttribute('data-tours', fast);
  await expect(page.locator('[data-live="brute"]')).toHaveAttribute('data-checked', String(8 ** 11));
  await expect(page.locator('[data-live="brute"]')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-chart="depth"]')).toBeVisible();
});

test('level 1 shows each tour as it is found; backtracking walks the same counts', async ({ page }) => {
  await page.goto('/index.html#/count?board=3x4&start=a1&closed=0&watch=backtrack&level=1');
  await expect(player(page)).toHaveAttribute('data-search', 'backtrack');
  await page.locator('[data-action="step"]').click();
  await expect(player(page)).toHaveAttribute('data-event', 'tour', { timeout: 20_000 });
  await expect(page.locator('[data-live="backtrack"]')).toHaveAttribute('data-tours', '1');
  // The tour on the board: all 12 squares numbered 0..11.
  const numbers = await page.locator('[data-live="backtrack"] [data-visit]').evaluateAll((els) => els.map((e) => Number(e.dataset.visit)).sort((a, b) => a - b));
  expect(numbers).toEqual([...Array(12).keys()]);
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-live="backtrack"]')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await page.locator('[data-action="count"]').click();
  const fast = await page.locator('.count-result').getAttribute('data-directed', { timeout: 20_000 });
  await expect(page.locator('[data-live="backtrack"]')).toHaveAttribute('data-tours', fast);
});

test('the counting lab\'s player answers the same keys as the knight\'s', async ({ page }) => {
  await page.goto('/index.html#/count?board=3x3&start=a1&closed=0&watch=race&level=2');
  await expect(player(page)).toHaveAttribute('data-search', 'race');
  await page.locator('h2').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(player(page)).toHaveAttribute('data-search-step', '3');
  await page.keyboard.press('ArrowLeft');
  await expect(player(page)).toHaveAttribute('data-search-step', '2');
  await page.keyboard.press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
  await page.keyboard.press('Home');
  await expect(player(page)).toHaveAttribute('data-search-step', '0');
  await page.keyboard.press('End');
  await expect(player(page)).toHaveAttribute('data-search-steps', String(8 ** 8), { timeout: 30_000 });
  // The race: brute force checked every sequence, backtracking a handful of nodes.
  const line = page.locator('.race-line');
  await expect(line).toHaveAttribute('data-race-brute', String(8 ** 8));
  expect(Number(await line.getAttribute('data-race-back'))).toBeLessThan(100);
  await expect(line).toContainText('times as many');
  await expect(line).toContainText('would need');
  // Scrubbing the timeline back shows both boards at that step.
  await page.locator('[data-action="scrub"]').fill('5');
  await expect(player(page)).toHaveAttribute('data-search-step', '5');
  expect(parseInt(await sequence(page), 8)).toBe(4);
  await shoot(page, 'space-race-3x3');
});

test('the N = 6 queens tree: one element per node entered, cut branches apart, clicking a node shows its board', async ({ page }) => {
  await page.goto('/index.html#/queens?n=6&mode=search&view=tree');
  await expect(player(page)).toHaveAttribute('data-search', 'queens');
  const nodes = page.locator('[data-node]');
  const stat = (key) => page.locator(`[data-stat="${key}"]`);
  // It grows live: at every step shown, one [data-node] per node the search entered.
  for (let i = 0; i < 10; i++) await page.locator('[data-action="step"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', '10');
  expect(await nodes.count()).toBe(Number(await stat('nodes').innerText()));
  await page.locator('[data-action="end"]').click();
  await expect(player(page)).toHaveAttribute('data-search-steps', /\d+/, { timeout: 20_000 });
  const steps = await player(page).getAttribute('data-search-steps');
  await expect(player(page)).toHaveAttribute('data-search-step', steps);
  await expect(stat('solutions')).toHaveText('4');
  // Whole: cut branches are separate [data-cut] elements, never [data-node].
  await expect(page.locator('.search-tree')).toHaveAttribute('data-hidden', '0');
  expect(await nodes.count()).toBe(Number(await stat('nodes').innerText()));
  await expect(page.locator('[data-node][data-pruned]')).toHaveCount(0);
  expect(await page.locator('[data-cut][data-pruned="true"]').count()).toBeGreaterThan(10);
  await expect(page.locator('[data-node="0"]')).toHaveAttribute('data-count', await stat('nodes').innerText());
  await expect(page.locator('[data-node="0"]')).toHaveAttribute('data-solutions', '4');
  // Every board is a solution or below exactly one cut: 6^6 in all.
  const cut = await page.locator('[data-cut]').evaluateAll((els) => els.reduce((s, e) => s + Number(e.dataset.eliminated), 0));
  expect(cut + 4).toBe(6 ** 6);
  await expect(page.locator('.story')).toContainText('6^6 = 46,656 boards');
  await expect(page.locator('.story')).toContainText('6! = 720 permutations');
  // Click a node three deep: its three queens on the board.
  const node = page.locator('[data-node][data-depth="3"]').first();
  await node.click();
  const selection = page.locator('[data-selected]');
  await expect(selection).toBeVisible();
  const queens = (await selection.getAttribute('data-selected-queens')).split(' ');
  expect(queens.length).toBe(3);
  await expect(page.locator('[data-queen="true"]')).toHaveCount(3);
  const onBoard = await page.locator('[data-queen="true"]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  expect(onBoard).toEqual([...queens].sort());
  await expect(page).toHaveURL(/view=tree/);
  await shoot(page, 'space-queens-tree-6');
  // Back to the search: the last step, no queens left.
  await page.locator('[data-action="unselect"]').click();
  await expect(page.locator('[data-queen="true"]')).toHaveCount(0);
  // A link opens the tree at a step.
  await page.goto('/index.html#/queens?n=8&mode=search&view=tree&step=40');
  await expect(player(page)).toHaveAttribute('data-search-step', '40');
  expect(await nodes.count()).toBe(Number(await stat('nodes').innerText()));
  await expect(page.locator('.story')).toContainText('8^8 = 16,777,216 boards');
  await expect(page.locator('.story')).toContainText('2 × 8^6 = 524,288');
  await shoot(page, 'space-queens-tree-8');
});

test('no serious accessibility problems in the tree and on the watched boards', async ({ browser }) => {
  for (const hash of ['#/queens?n=6&mode=search&view=tree&step=60',
    '#/count?board=3x4&start=a1&closed=0&watch=race&level=2&step=30',
    '#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&prune=1&fast=0&search=40&view=tree',
    '#/cube?bfs=3']) {
    // axe is injected as an inline script, which the page's CSP rightly refuses.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`/index.html${hash}`);
    await expect(player(page)).toHaveAttribute('data-search-step', /^(60|30|40|3)$/, { timeout: 30_000 });
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (e.g. ${v.nodes[0].target.join(' ')})`);
    expect(bad, hash).toEqual([]);
    await context.close();
  }
});

test('the knight\'s backtracking tree on 5x5: one element per node as it grows, whole at the end, a clicked node shows its walk', async ({ page }) => {
  // Clockwise ties with forward checking from c1: 78 steps, 27 of them backtracks.
  await page.goto('/index.html#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&prune=1&fast=0&search=0&view=tree');
  await expect(player(page)).toHaveAttribute('data-search', 'knight', { timeout: 30_000 });
  await expect(player(page)).toHaveAttribute('data-search-step', '0');
  const nodes = page.locator('[data-node]');
  const story = page.locator('.story');
  await expect(nodes).toHaveCount(1);
  // It grows live: after each step, one [data-node] per node the search has entered.
  let last = 1;
  for (let i = 1; i <= 12; i++) {
    await page.locator('[data-action="step"]').click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(i));
    await expect(story).toHaveAttribute('data-nodes', /\d+/);
    await expect.poll(async () => nodes.count()).toBe(Number(await story.getAttribute('data-nodes')));
    last = await nodes.count();
  }
  expect(last).toBeGreaterThan(5);
  // At the end: the tree is whole and its node count is the machine's counter.
  await page.locator('[data-action="end"]').click();
  await expect(player(page)).toHaveAttribute('data-event', 'solved');
  await expect(page.locator('.search-tree')).toHaveAttribute('data-hidden', '0');
  const machineNodes = await page.locator('[data-stat="nodes"]').innerText();
  await expect(nodes).toHaveCount(Number(machineNodes));
  await expect(page.locator('[data-node="0"]')).toHaveAttribute('data-count', machineNodes);
  await expect(page.locator('[data-node="0"]')).toHaveAttribute('data-solutions', '1');
  await expect(page.locator('[data-node][data-pruned]')).toHaveCount(0);
  expect(await page.locator('[data-cut][data-pruned="true"]').count()).toBeGreaterThan(10);
  await expect(story).toContainText('8^24 = 4,722,366,482,869,645,213,696 jump sequences');
  await expect(page).toHaveURL(/view=tree/);
  await shoot(page, 'space-knight-tree-5x5');
  // A node six jumps deep: its walk, and only it, on the board — a real knight's walk.
  await page.locator('[data-node][data-depth="6"]').first().click();
  const walk = (await page.locator('[data-selected]').getAttribute('data-selected-walk')).split(' ');
  expect(walk.length).toBe(7);
  expect(walk[0]).toBe('c1');
  await expect(page.locator('[data-step]')).toHaveCount(7);
  for (let i = 0; i < walk.length; i++) {
    await expect(page.locator(`[data-square="${walk[i]}"]`)).toHaveAttribute('data-step', String(i + 1));
  }
  const xy = (sq) => [sq.charCodeAt(0) - 97, Number(sq.slice(1)) - 1];
  for (let i = 1; i < walk.length; i++) {
    const [[ax, ay], [bx, by]] = [xy(walk[i - 1]), xy(walk[i])];
    expect(Math.abs(ax - bx) * Math.abs(ay - by)).toBe(2);
  }
  // Go to the step that entered it: the search's board is that walk.
  await page.locator('[data-action="goto-node"]').click();
  await expect(page.locator('[data-selected]')).toHaveCount(0);
  await expect(page.locator('[data-step]')).toHaveCount(7);
  // Boards over 36 squares say why there is no tree.
  await page.goto('/index.html#/knight?board=8x8&start=e3&heuristic=warnsdorff&tie=first&backtrack=1&prune=0&fast=1&search=3&view=tree');
  await expect(player(page)).toHaveAttribute('data-search-step', '3', { timeout: 30_000 });
  await expect(page.locator('.tree-limit')).toContainText('up to 36 squares');
  await expect(nodes).toHaveCount(0);
});

test('a queens link with a huge step on a large N seeks a budget per frame: the page answers and can pause', async ({ page }) => {
  await page.goto('/index.html#/queens?n=16&mode=search&step=50000000');
  await expect(player(page)).toHaveAttribute('data-playing', 'true');
  // The page keeps drawing while it seeks: the step shown moves on.
  await expect.poll(() => step(page)).toBeGreaterThan(0);
  const early = await step(page);
  await expect.poll(() => step(page)).toBeGreaterThan(early);
  await page.locator('[data-action="pause"]').click();
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
  const paused = await step(page);
  expect(paused).toBeLessThan(50_000_000);
  await expect(page).toHaveURL(new RegExp(`step=${paused}`));
  // A small step lands at once.
  await page.goto('/index.html#/queens?n=16&mode=search&step=2000');
  await expect(player(page)).toHaveAttribute('data-search-step', '2000');
});

test('a counting-lab link with a far step lands there without freezing the page, and the player goes on from it', async ({ page }) => {
  // Brute force on 4x4 at level 2: 8^15 sequences; the seek runs a budget per frame and
  // skips whole blocks of sequences that share a failing prefix, so step 900,000,000 is near.
  await page.goto('/index.html#/count?board=4x4&start=a1&closed=0&watch=brute&level=2&step=900000000');
  await expect(player(page)).toHaveAttribute('data-search-step', '900000000', { timeout: 30_000 });
  await expect(page.locator('[data-sequence]')).toBeVisible();
  const before = await page.locator('[data-sequence]').innerText();
  await page.locator('[data-action="step"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', '900000001');
  await expect(page.locator('[data-sequence]')).not.toHaveText(before);
  await expect(page).toHaveURL(/step=900000001/);
});

test('tree nodes are reachable from the keyboard: one tab stop, arrows move, Enter shows the board', async ({ page }) => {
  await page.goto('/index.html#/queens?n=6&mode=search&view=tree&step=60');
  await expect(player(page)).toHaveAttribute('data-search-step', '60');
  const nodes = page.locator('[data-node]');
  await expect(page.locator('[data-node][tabindex="0"]')).toHaveCount(1);
  expect(await page.locator('[data-node][tabindex="-1"]').count()).toBe((await nodes.count()) - 1);
  await expect(page.locator('[data-node="0"]')).toHaveAttribute('aria-label', /node/);
  await page.locator('[data-node="0"]').focus();
  const focused = () => page.evaluate(() => document.activeElement?.dataset?.node ?? null);
  await page.keyboard.press('ArrowDown');
  const child = await focused();
  await expect(page.locator(`[data-node="${child}"]`)).toHaveAttribute('data-depth', '1');
  await page.keyboard.press('ArrowRight');
  const sibling = await focused();
  expect(sibling).not.toBe(child);
  await expect(page.locator(`[data-node="${sibling}"]`)).toHaveAttribute('data-depth', '1');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[data-node="${await focused()}"]`)).toHaveAttribute('data-depth', '2');
  await page.keyboard.press('ArrowUp');
  expect(await focused()).toBe(sibling);
  // The arrows moved through the tree, not the search.
  await expect(player(page)).toHaveAttribute('data-search-step', '60');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-selected]')).toHaveAttribute('data-selected', sibling);
  await expect(page.locator('[data-queen="true"]')).toHaveCount(1);
  await expect(page.locator(`[data-node="${sibling}"]`)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
});

// The pocket-cube workbench as a person uses it: turn, scramble, solve, play, paint.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const reference = JSON.parse(readFileSync(new URL('../reference/cube.json', import.meta.url)));

// Net positions of each face, read independently of the app's code.
const FACES = {
  U: ['U0', 'U1', 'U2', 'U3'], L: ['L0', 'L1', 'L2', 'L3'], F: ['F0', 'F1', 'F2', 'F3'],
  R: ['R0', 'R1', 'R2', 'R3'], B: ['B0', 'B1', 'B2', 'B3'], D: ['D0', 'D1', 'D2', 'D3'],
};
const NET = ['U0', 'U1', 'U2', 'U3', 'L0', 'L1', 'F0', 'F1', 'R0', 'R1', 'B0', 'B1',
  'L2', 'L3', 'F2', 'F3', 'R2', 'R3', 'B2', 'B3', 'D0', 'D1', 'D2', 'D3'];

async function readNet(page) {
  const colours = await page.locator('[data-sticker]:not([data-view])').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.sticker, el.dataset.color])));
  return NET.map((s) => colours[s]).join('');
}

async function facesUniform(page) {
  const colours = await page.locator('[data-sticker]:not([data-view])').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.sticker, el.dataset.color])));
  return Object.values(FACES).every((f) => f.every((s) => colours[s] === colours[f[0]]));
}

async function openCube(page, hash = '#/cube') {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-sticker]:not([data-view])')).toHaveCount(24);
}

async function waitTable(page) {
  await expect(page.locator('.distance-chart')).toBeVisible({ timeout: 30_000 });
}

test('turn buttons follow the notation, and undo and redo work', async ({ page }) => {
  await openCube(page);
  expect(await readNet(page)).toBe(reference.solved_example);
  await page.locator('[data-move="U\'"]').click();
  // The SQL article's own example of turning the top layer counter-clockwise.
  expect(await readNet(page)).toBe('WWWWOOGGRRBBGGRRBBOOYYYY');
  await expect(page).toHaveURL(/state=WWWWOOGGRRBBGGRRBBOOYYYY/);
  await page.locator('[data-action="undo"]').click();
  expect(await readNet(page)).toBe(reference.solved_example);
  await page.locator('[data-action="redo"]').click();
  expect(await readNet(page)).toBe('WWWWOOGGRRBBGGRRBBOOYYYY');
  await page.locator('input[name="moves"]').fill("U R U' R'");
  await page.locator('[data-action="apply"]').click();
  expect(await facesUniform(page)).toBe(false);
  await page.locator('input[name="moves"]').fill("R U R' U'");
  await page.locator('[data-action="apply"]').click();
  await page.locator('input[name="moves"]').fill('U');
  await page.locator('[data-action="apply"]').click();
  expect(await readNet(page)).toBe(reference.solved_example);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  await page.locator('input[name="moves"]').fill('R Q');
  await page.locator('[data-action="apply"]').click();
  await expect(page.getByRole('alert')).toContainText('position 3');
});

test('scramble, solve, play to the end: every face is one colour', async ({ page }) => {
  await openCube(page);
  await waitTable(page);
  await page.locator('[data-action="scramble-moves"]').click();
  await expect(page.locator('[data-scramble]')).toContainText('Scramble (seed 1)');
  expect(await facesUniform(page)).toBe(false);
  const scrambled = await readNet(page);
  await page.locator('[data-action="solve"]').click();
  const solution = page.locator('[data-solution]');
  await expect(solution).toContainText('Optimal solution', { timeout: 30_000 });
  const moves = (await solution.getAttribute('data-solution')).split(' ');
  expect(moves.length).toBeGreaterThan(0);
  expect(moves.length).toBeLessThanOrEqual(11); // God's number in the half-turn metric
  // The chart marks this cube's distance: the solution's length.
  await expect(page.locator('.distance-chart .here')).toHaveAttribute('data-distance', String(moves.length));
  await page.locator('input[aria-label="Moves per second"]').fill('60');
  await page.locator('[data-action="play"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 10_000 });
  expect(await facesUniform(page)).toBe(true);
  await expect(page.locator('.distance-chart .here')).toHaveAttribute('data-distance', '0');
  await page.screenshot({ path: `${shots}cube-solved.png`, fullPage: true });

  // The link reopens the same cube and solution; stepping back shows the scramble again.
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await expect(fresh.locator('[data-sticker]:not([data-view])')).toHaveCount(24);
  expect(await facesUniform(fresh)).toBe(true);
  await fresh.locator('[data-action="reset"]').click();
  expect(await readNet(fresh)).toBe(scrambled);
});

test('a random position shows moves that reach it', async ({ page }) => {
  await openCube(page);
  await page.locator('input[name="seed"]').fill('77');
  await page.locator('input[name="seed"]').press('Enter');
  await page.locator('[data-action="scramble-position"]').click();
  const text = page.locator('[data-scramble]');
  await expect(text).toContainText('(seed 77): ', { timeout: 30_000 });
  const scrambled = await readNet(page);
  const moves = (await text.innerText()).split('(seed 77): ')[1];
  await page.locator('[data-action="reset-cube"]').click();
  await page.locator('input[name="moves"]').fill(moves);
  await page.locator('[data-action="apply"]').click();
  expect(await readNet(page)).toBe(scrambled);
});

test('the distance chart equals the published distribution in both metrics', async ({ page }) => {
  await openCube(page);
  await waitTable(page);
  const bars = page.locator('.distance-chart .bar');
  const counts = async () => (await bars.evaluateAll((els) => els.map((el) => Number(el.dataset.count))));
  expect(await counts()).toEqual(reference.distance_counts.htm);
  await page.locator('select[name="goal"]').selectOption('qtm');
  await expect(page.locator('.distance-chart')).toHaveAttribute('data-metric', 'qtm', { timeout: 30_000 });
  expect(await counts()).toEqual(reference.distance_counts.qtm);
  await expect(page).toHaveURL(/metric=qtm/);
});

test('painting an impossible cube is refused with a precise message', async ({ page }) => {
  await openCube(page);
  await page.locator('[data-paint="W"]').click();
  await page.locator('[data-sticker="F0"]:not([data-view])').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'error');
  await expect(page.locator('[data-validity="invalid"]')).toContainText('W appears 5 times');
  await expect(page.locator('[data-action="solve"]')).toBeDisabled();
  await page.screenshot({ path: `${shots}cube-impossible.png`, fullPage: true });
  // Paint it back: the cube is real again.
  await page.locator('[data-paint="R"]').click();
  await page.locator('[data-sticker="F0"]:not([data-view])').click();
  await expect(page.locator('[data-validity="invalid"]')).toHaveCount(0);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  // A twisted corner: paint U3, R0, F1 (W, B, R) as B, R, W.
  await page.locator('[data-paint="B"]').click();
  await page.locator('[data-sticker="U3"]:not([data-view])').click();
  await page.locator('[data-paint="R"]').click();
  await page.locator('[data-sticker="R0"]:not([data-view])').click();
  await page.locator('[data-paint="W"]').click();
  await page.locator('[data-sticker="F1"]:not([data-view])').click();
  await expect(page.locator('[data-validity="invalid"]')).toContainText('twisted');
});

test('weighted solving prices counter-clockwise turns', async ({ page }) => {
  await openCube(page, '#/cube?state=WWWWRRBBOOGGGGRRBBOOYYYY'); // the solved cube after U
  await page.locator('select[name="goal"]').selectOption('weighted');
  await page.locator('label:has-text("counter-clockwise") input').fill('5');
  await page.locator('label:has-text("counter-clockwise") input').dispatchEvent('change');
  await page.locator('label:has-text("half") input').fill('9');
  await page.locator('label:has-text("half") input').dispatchEvent('change');
  await page.locator('[data-action="solve"]').click();
  const solution = page.locator('[data-solution]');
  await expect(solution).toHaveAttribute('data-solution', 'U U U', { timeout: 30_000 });
  await expect(solution).toContainText('cost 3');
});

test('links open the article\'s strings directly, and bad ones explain themselves', async ({ page }) => {
  await openCube(page, '#/cube?state=wwwwoogg rrbbggrr bbooyyyy&solution=U&step=1');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  await openCube(page, '#/cube?state=XYZ&step=4');
  await expect(page.getByRole('alert')).toContainText('24 stickers');
  expect(await readNet(page)).toBe(reference.solved_example);
  await page.locator('[data-move="R"]').click();
  expect(await facesUniform(page)).toBe(false);
});

test('the JavaScript API builds the table and solves', async ({ page }) => {
  await openCube(page);
  const result = await page.evaluate(() => {
    const { CubeTable, PocketCube } = window.wasmBindings;
    const table = new CubeTable('qtm');
    table.step();
    const first = table.status();
    table.run(1e9);
    const cube = new PocketCube();
    cube.apply("R U R' U' F2");
    const solution = cube.solve(table);
    cube.apply(solution);
    let error = null;
    try { new PocketCube('WWW'); } catch (e) { error = e.message; }
    return { first, status: table.status(), dist: Array.from(table.distribution()), solved: cube.isSolved(),
      invalid: new PocketCube('WWWWWGRRBBOOGGRRBBOOYYYY').validate(), error };
  });
  expect(result.first).toBe('running');
  expect(result.status).toBe('solved');
  expect(result.dist).toEqual(reference.distance_counts.qtm);
  expect(result.solved).toBe(true);
  expect(result.invalid).toContain('W appears 5 times');
  expect(result.error).toContain('24 stickers');
});

// Huge boards you can see (issue #19): the move-order picture, the blocks and seams of
// divide and conquer, pan and zoom with a minimap, the square under the pointer, the
// construction's step-through, the downloads, and a bad link — as a person uses them.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const BIG = '#/knight?board=300x300&start=0,0&heuristic=construct&closed=1';
const HUGE = '#/knight?board=2000x2000&start=a1&heuristic=construct&closed=1';

async function solved(page, hash, timeout = 60_000) {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout });
}

/** left, top, width, height of the canvas's window, in squares. */
async function canvasView(page) {
  return (await page.locator('canvas[data-board]').getAttribute('data-view')).split(',').map(Number);
}

/** left, top, width, height of the minimap's box, in percent of the board. */
async function minimapWindow(page) {
  return (await page.locator('[data-minimap]').getAttribute('data-window')).split(',').map(Number);
}

/** Hovers canvas pixel (x, y) (CSS pixels) and reads the pointer readout. */
async function hover(page, x, y) {
  // x, y are canvas pixels; the stage may draw the canvas smaller than its 640 pixels.
  const canvas = page.locator('canvas[data-board]');
  const box = await canvas.boundingBox();
  const k = box.width / (await canvas.evaluate((c) => c.width));
  await canvas.hover({ position: { x: x * k, y: y * k } });
  const pointer = page.locator('[data-pointer][data-square]');
  await expect(pointer).toBeVisible();
  return { square: await pointer.getAttribute('data-square'), step: Number(await pointer.getAttribute('data-step')) };
}

test('a 300x300 tour shows its move order, and the square under the pointer its move number', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await solved(page, BIG);
  await expect(page.locator('[data-legend]')).toContainText('move 1 (0,0)');
  await expect(page.locator('[data-legend]')).toContainText('move 90,000');
  await page.screenshot({ path: `${shots}huge-300x300.png`, fullPage: true });
  // The pixels themselves: the start's corner is dark purple (viridis' start), and the
  // picture holds many colours, not one.
  const colours = await page.locator('canvas[data-board]').evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i] >> 4},${d[i + 1] >> 4},${d[i + 2] >> 4}`);
    return seen.size;
  });
  expect(colours).toBeGreaterThan(20);
  // The tour as text (copy tour) names each square's move: the readout agrees.
  await page.locator('.export summary').click();
  const squares = (await page.locator('[data-tour-text]').inputValue()).split(' ');
  const moveOf = Object.fromEntries(squares.map((sq, i) => [sq, i + 1]));
  for (const [x, y] of [[5, 5], [200, 321], [630, 17], [320, 320]]) {
    const { square, step } = await hover(page, x, y);
    expect(step, square).toBe(moveOf[square]);
  }
  // Zoomed in, lines are drawn and the readout still agrees.
  await page.locator('[data-zoom="16"]').click();
  const { square, step } = await hover(page, 100, 100);
  expect(step).toBe(moveOf[square]);
  expect(errors).toEqual([]);
});

test('pan by arrows, by dragging and by the minimap: the minimap window follows', async ({ page }) => {
  await solved(page, BIG);
  await page.locator('[data-zoom="8"]').click();
  await expect(page).toHaveURL(/zoom=8/);
  let [left, top, wide, tall] = await canvasView(page);
  expect(wide).toBeCloseTo(300 / 8, 1);
  const follows = async () => {
    const [l, t, w, h] = await canvasView(page);
    const [ml, mt, mw, mh] = await minimapWindow(page);
    expect(Math.abs(ml - (100 * l) / 300)).toBeLessThan(0.1);
    expect(Math.abs(mt - (100 * t) / 300)).toBeLessThan(0.1);
    expect(Math.abs(mw - (100 * w) / 300)).toBeLessThan(0.1);
    expect(Math.abs(mh - (100 * h) / 300)).toBeLessThan(0.1);
    return [l, t];
  };
  await follows();
  await page.locator('[data-action="pan-right"]').click();
  await page.locator('[data-action="pan-down"]').click();
  let [l2, t2] = await follows();
  expect(l2).toBeCloseTo(left + wide / 2, 1);
  expect(t2).toBeCloseTo(top + tall / 2, 1);
  // A drag moves the board with the pointer: dragging left shows more of the right.
  const box = await page.locator('canvas[data-board]').boundingBox();
  // Inside the canvas at whatever size the stage draws it.
  await page.mouse.move(box.x + box.width * 0.625, box.y + box.height * 0.47);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.47, box.y + box.height * 0.39, { steps: 5 });
  await page.mouse.up();
  const [l3, t3] = await follows();
  expect(l3).toBeGreaterThan(l2);
  expect(t3).toBeGreaterThan(t2);
  // A click in the minimap centres the view there.
  const mini = await page.locator('[data-minimap]').boundingBox();
  await page.mouse.click(mini.x + mini.width * 0.9, mini.y + mini.height * 0.9);
  const [l4, t4] = await follows();
  expect(l4 + wide / 2).toBeGreaterThan(250);
  expect(t4 + tall / 2).toBeGreaterThan(250);
  await expect(page).toHaveURL(/center=/);
  await page.screenshot({ path: `${shots}huge-300x300-panned.png` });
  // The link opens the same view.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
  const [l5, t5] = await canvasView(page);
  expect(Math.abs(l5 - l4)).toBeLessThan(1.5);
  expect(Math.abs(t5 - t4)).toBeLessThan(1.5);
});

test('the blocks and seams of divide and conquer, on and off, and in the link', async ({ page }) => {
  await solved(page, BIG);
  const canvas = page.locator('canvas[data-board]');
  const toggle = page.locator('[data-action="blocks"]');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const before = await canvas.evaluate((c) => c.toDataURL());
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(canvas).toHaveAttribute('data-blocks', 'on');
  await expect(page).toHaveURL(/blocks=1/);
  expect(await canvas.evaluate((c) => c.toDataURL())).not.toBe(before);
  await page.screenshot({ path: `${shots}huge-300x300-blocks.png` });
  await page.locator('[data-zoom="8"]').click();
  await canvas.screenshot({ path: `${shots}huge-300x300-blocks-8x.png` });
  await toggle.click();
  await expect(canvas).not.toHaveAttribute('data-blocks', 'on');
  await expect(page).not.toHaveURL(/blocks=1/);
});

test('watch the construction: blocks first, then the joins down to one piece', async ({ page }) => {
  await solved(page, '#/knight?board=100x80&start=0,0&heuristic=construct&closed=1');
  const panel = page.locator('[data-construction]');
  await panel.locator('summary').click();
  const blocks = Number(await panel.getAttribute('data-blocks'));
  expect(Number(await panel.getAttribute('data-seams'))).toBe(blocks - 1);
  const player = panel.locator('[data-search="construct"]');
  for (let i = 1; i <= 3; i++) {
    await player.locator('[data-action="step"]').click();
    await expect(panel).toHaveAttribute('data-pieces', String(i));
    await expect(player).toHaveAttribute('data-event', 'block');
  }
  await player.locator('[data-action="end"]').click();
  await expect(panel).toHaveAttribute('data-pieces', '1', { timeout: 30_000 });
  await expect(player).toHaveAttribute('data-search-step', String(2 * blocks - 1));
  await player.locator('[data-action="step-back"]').click();
  await expect(panel).toHaveAttribute('data-pieces', '2');
  await expect(player).toHaveAttribute('data-event', 'join');
  await panel.screenshot({ path: `${shots}huge-construction-step.png` });
  // Halfway through the joins (a click on the depth chart seeks there): pieces in colours.
  const chart = await player.locator('[data-chart="depth"]').boundingBox();
  await page.mouse.click(chart.x + chart.width * 0.75, chart.y + chart.height / 2);
  const pieces = Number(await panel.getAttribute('data-pieces'));
  expect(pieces).toBeGreaterThan(1);
  expect(pieces).toBeLessThan(blocks);
  await panel.screenshot({ path: `${shots}huge-construction-halfway.png` });
});

test('a 2000x2000 tour: the gradient, the blocks, zoomed in, and the readout against the JS API', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await solved(page, HUGE, 120_000);
  await page.screenshot({ path: `${shots}huge-2000x2000.png` });
  // The tour computed again through the JS API: the readout names its move numbers.
  const check = async (x, y) => {
    const { square, step } = await hover(page, x, y);
    const index = await page.evaluate((name) => {
      if (!window.hugeTour) {
        const t = new window.wasmBindings.KnightTour('2000x2000', 'a1', { heuristic: 'construct', closed: true });
        t.run(1e9);
        window.hugeTour = t.pathIndices();
      }
      const [x, y] = name.split(',').map(Number);
      return window.hugeTour.indexOf(y * 2000 + x);
    }, square);
    expect(step, square).toBe(index + 1);
  };
  await check(320, 320);
  await page.locator('[data-action="blocks"]').click();
  await page.screenshot({ path: `${shots}huge-2000x2000-blocks.png` });
  await page.locator('[data-zoom="8"]').click();
  await page.locator('canvas[data-board]').screenshot({ path: `${shots}huge-2000x2000-blocks-8x.png` });
  await page.locator('[data-zoom="64"]').click();
  await page.locator('[data-minimap]').click({ position: { x: 80, y: 80 } });
  await page.locator('canvas[data-board]').screenshot({ path: `${shots}huge-2000x2000-64x.png` });
  await check(200, 300);
  expect(errors).toEqual([]);
});

test('Save picture is the one way to save the big board: its SVG keeps the moves, the legend and the blocks shown', async ({ page }) => {
  await solved(page, BIG);
  await expect(page.locator('[data-action^="download-picture"]')).toHaveCount(0);
  const save = async (format) => {
    await page.locator('[data-action="save-picture"]').click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`[data-format="${format}"]`).click(),
    ]);
    return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
  };
  const read = (text) => page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const at = (hook) => doc.querySelector(`[${hook}]`)?.getAttribute(hook) ?? null;
    return {
      squares: at('data-squares'), moves: at('data-moves'), blocks: at('data-blocks'),
      seams: at('data-seams') !== null, start: at('data-start') !== null, end: at('data-end') !== null,
      legend: at('data-legend') !== null, gradient: doc.querySelectorAll('#move-order stop').length,
      words: [...doc.querySelectorAll('text')].map((t) => t.textContent),
    };
  }, text);
  const plain = await save('svg');
  expect(plain.name).toBe('knight-300x300-0-0-step-89999.svg');
  const shown = await read(plain.bytes.toString());
  expect(shown).toMatchObject({
    squares: '90000', moves: null, blocks: null, seams: false, start: true, end: true, legend: true, gradient: 10,
  });
  // The legend names the first and the last move's squares, as the page's legend does.
  expect(shown.words[0]).toBe('move 1 (0,0)');
  expect(shown.words[1]).toMatch(/^move 90000 \(\d+,\d+\)$/);
  // The blocks overlay on (from the link): the saved picture has it too.
  await solved(page, `${BIG}&blocks=1`);
  await expect(page.locator('canvas[data-board]')).toHaveAttribute('data-blocks', 'on');
  const blocks = await read((await save('svg')).bytes.toString());
  expect(Number(blocks.blocks)).toBeGreaterThan(1);
  expect(blocks.seams).toBe(true);
  // The PNG: one pixel a square (the canvas's own 8-pixel picture is gone).
  const png = await save('png-1x');
  expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(png.bytes.readUInt32BE(16)).toBe(300);
});

test('the blocks toggle clicked on: Save picture\'s SVG draws every block and seam the construction made', async ({ page }) => {
  await solved(page, BIG);
  const toggle = page.locator('[data-action="blocks"]');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/blocks=1/);
  // What the construction made, as its panel counts it.
  const panel = page.locator('[data-construction]');
  const made = { blocks: Number(await panel.getAttribute('data-blocks')), seams: Number(await panel.getAttribute('data-seams')) };
  expect(made.blocks).toBeGreaterThan(1);
  const svg = async () => {
    await page.locator('[data-action="save-picture"]').click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('[data-format="svg"]').click()]);
    return page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const blocks = doc.querySelector('[data-blocks]');
      const seams = doc.querySelector('[data-seams]');
      return {
        blocks: blocks && Number(blocks.getAttribute('data-blocks')),
        // One closed outline (M…Z) a block, one line (M…L…) a move added at a seam.
        outlines: blocks ? (blocks.getAttribute('d').match(/M/g) || []).length : 0,
        seamLines: seams ? (seams.getAttribute('d').match(/L/g) || []).length : 0,
      };
    }, readFileSync(await file.path(), 'utf8'));
  };
  // Off: the picture has no overlay.
  expect(await svg()).toEqual({ blocks: null, outlines: 0, seamLines: 0 });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('canvas[data-board]')).toHaveAttribute('data-blocks', 'on');
  const on = await svg();
  expect(on.blocks).toBe(made.blocks);
  expect(on.outlines).toBe(made.blocks);
  // Each seam adds moves to join two pieces: at least one line a seam.
  expect(on.seamLines).toBeGreaterThanOrEqual(made.seams);
  // Clicked off again, the picture follows.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await svg()).toEqual({ blocks: null, outlines: 0, seamLines: 0 });
});

test('dark theme and a narrow screen keep the picture and its controls usable', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await solved(page, `${BIG}&blocks=1`);
  await page.screenshot({ path: `${shots}huge-300x300-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  const box = await page.locator('canvas[data-board]').boundingBox();
  expect(box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${shots}huge-300x300-375.png`, fullPage: true });
  // The readout still names the square under the pointer on the shrunk canvas.
  const pixels = await page.locator('canvas[data-board]').evaluate((c) => c.height);
  const { square } = await hover(page, 0.5, pixels - 0.5);
  expect(square).toBe('0,0');
});

test('a bad link value says so and opens the workbench with sane defaults', async ({ page }) => {
  await solved(page, `${BIG}&zoom=3&centre=999,1&blocks=maybe`);
  const alert = page.locator('[role="alert"]');
  await expect(alert).toContainText('zoom must be one of 1, 2, 4');
  await expect(alert).toContainText('center');
  await expect(alert).toContainText('blocks must be 0 or 1');
  await expect(page.locator('[data-zoom="1"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-action="blocks"]')).toHaveAttribute('aria-pressed', 'false');
  const [left, top] = await canvasView(page);
  expect([left, top]).toEqual([0, 0]);
});

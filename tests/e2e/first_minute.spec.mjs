// What a newcomer meets in the first minute (issue #37), measured from bounding boxes: at
// 1366x768 the controls each workbench's start hint names are on screen without scrolling
// the page or their column; no select, button or line of the player is cut, at 1366 px and
// on a 375 px phone; the Rubik's cube's 3D cube is big and its net heads the dock; the
// counting race's counting board is seen whole. Screenshots of each workbench, light and
// dark at 1366x768 and at 375 px, go to screenshots/first-minute-*.png.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

// [name, link, what the start hint names (each must be seen whole at 1366x768)]
const BENCHES = [
  ['knight', '#/knight', ['.wb-stage [data-square="a1"]', '.wb-stage [data-square="h8"]']],
  ['queens', '#/queens', ['.wb-stage [data-square="a1"]', '[data-mode="search"]']],
  ['cube', '#/cube', ['[data-action="scramble-position"]', '[data-action="solve"]']],
  ['rubik', '#/rubik', ['[data-action="scramble"]', '[data-action="solve"]']],
  ['count', '#/count', ['[data-action="count"]', '.heatmap [data-square="a1"]', '.heatmap [data-square="e5"]']],
  ['count-race', '#/count?board=3x4&start=a1&watch=race&level=2', ['[data-action="count"]', '.heatmap [data-square="a1"]', '.heatmap [data-square="c4"]']],
];

// Chromium draws a select's arrow in a box of its own beside the text: a select sized to its
// text (`field-sizing: content`) is 20 px wider than the text, measured on Debian's Chromium.
const SELECT_ARROW = 20;

async function open(page, hash, hint = true) {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('.wb')).toBeVisible();
  await expect(page.locator('.wb-stage > *, .wb-stage [data-cube3d]').first()).toBeVisible({ timeout: 60_000 });
  if (hint) await expect(page.locator('[data-first-hint]')).toBeVisible();
  // The worker's first answers (the cube's distance table, the turns' hints) redraw the
  // settings: measure after them.
  await page.waitForTimeout(700);
}

/** Where the element is not seen whole without scrolling: outside the window, or outside
 * the visible box of a column that scrolls (the settings, the dock). Empty when it is. */
async function unseen(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const out = [];
    const outside = (b, what) => {
      if (r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1 || r.bottom > b.bottom + 1) {
        out.push(`${what} [${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}]`);
      }
    };
    if (r.width === 0 || r.height === 0) out.push('not drawn');
    outside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }, 'the window');
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const b = a.getBoundingClientRect();
        outside({ left: b.left + a.clientLeft, top: b.top + a.clientTop, right: b.left + a.clientLeft + a.clientWidth,
          bottom: b.top + a.clientTop + a.clientHeight }, `its column .${[...a.classList].join('.')}`);
      }
    }
    return out.length ? `at [${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}], outside ${out.join(', ')}` : '';
  });
}

/** Everything on the workbench whose text is cut: selects whose options (any of them, since
 * a select is as wide as whichever is chosen) do not fit beside the arrow, buttons and the
 * player's position line whose text runs past their box, the start hint clipped, a
 * heat-map count wider than its square. */
async function cutTexts(page) {
  return page.evaluate((arrow) => {
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const name = (el) => `${el.tagName.toLowerCase()}${el.dataset.action ? `[data-action=${el.dataset.action}]` : ''}${el.name ? `[name=${el.name}]` : ''}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 40)}"`;
    const cut = [];
    const ctx = document.createElement('canvas').getContext('2d');
    for (const s of document.querySelectorAll('.wb select')) {
      if (!shown(s)) continue;
      const cs = getComputedStyle(s);
      ctx.font = cs.font;
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - arrow;
      for (const o of s.options) {
        const w = ctx.measureText(o.text).width;
        if (w > room + 0.5) cut.push(`select[name=${s.name}] option "${o.text}": ${Math.round(w)} px of text in ${Math.round(room)}`);
      }
    }
    for (const el of document.querySelectorAll('.wb button, .wb-player .position, .wb [data-first-hint]')) {
      if (!shown(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        cut.push(`${name(el)}: ${el.scrollWidth}x${el.scrollHeight} of text in ${el.clientWidth}x${el.clientHeight}`);
      }
    }
    // The start hint: wholly inside the head, which clips it.
    const hint = document.querySelector('[data-first-hint]');
    const head = document.querySelector('.wb-head');
    if (hint && head) {
      const h = hint.getBoundingClientRect(), b = head.getBoundingClientRect();
      if (h.bottom > b.bottom + 1 || h.right > b.right + 1) cut.push(`the start hint ends at ${Math.round(h.right)},${Math.round(h.bottom)}, the head at ${Math.round(b.right)},${Math.round(b.bottom)}`);
    }
    for (const n of document.querySelectorAll('.heatmap .square .num')) {
      const r = n.getBoundingClientRect(), sq = n.parentElement.getBoundingClientRect();
      if (r.left < sq.left - 0.5 || r.right > sq.right + 0.5) cut.push(`heat-map count "${n.textContent}": ${Math.round(r.width)} px in a ${Math.round(sq.width)} px square`);
    }
    return cut;
  }, SELECT_ARROW);
}

for (const theme of ['light', 'dark']) {
  test(`at 1366x768 (${theme}) the start hint's controls are on screen and nothing is cut`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript((t) => localStorage.setItem('puzzlelab-theme', t), theme);
    const page = await context.newPage();
    for (const [name, hash, named] of BENCHES) {
      await open(page, hash);
      for (const selector of named) {
        const found = page.locator(selector).first();
        await expect(found, `${name}: ${selector}`).toBeVisible();
        expect(await unseen(found), `${name}: ${selector} seen whole without scrolling`).toBe('');
      }
      // The player's buttons, where there are any yet: whole inside the bar, which clips.
      for (const action of ['play', 'step', 'end']) {
        const button = page.locator(`.wb-player [data-action="${action}"]`).first();
        if (await button.count()) expect(await unseen(button), `${name}: ${action} seen whole`).toBe('');
      }
      expect(await cutTexts(page), `${name}: cut at 1366 px`).toEqual([]);
      await page.screenshot({ path: `${shots}first-minute-${name}-${theme}-1366.png` });
    }
    await context.close();
  });
}

test('at 375 px nothing is cut: the player\'s position, selects, buttons, the start hint', async ({ browser }) => {
  test.setTimeout(240_000);
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    await context.addInitScript((t) => localStorage.setItem('puzzlelab-theme', t), theme);
    const page = await context.newPage();
    for (const [name, hash] of [...BENCHES,
      ['knight-tour', '#/knight?board=8x8&start=a1&heuristic=warnsdorff&tie=roth&step=30'],
      ['rubik-solution', '#/rubik?solution=R%20U%20F2%20D%20L%20B%27%20R2%20U%27%20F%20D2%20L%27%20B2%20U%20R%27%20F2%20D%27%20L2%20B%20U2&step=0']]) {
      await open(page, hash, !name.includes('-') || name === 'count-race');
      expect(await cutTexts(page), `${name}: cut at 375 px`).toEqual([]);
      if (name === 'rubik-solution') {
        await expect(page.locator('.wb-player .position')).toHaveText('move 0 of 19');
        expect(await unseen(page.locator('.wb-player .position')), 'move 0 of 19 in view').toBe('');
      }
      await page.screenshot({ path: `${shots}first-minute-${name}-${theme}-375.png` });
    }
    await context.close();
  }
});

test('the Pause button\'s label is whole, and Play and Pause are one width', async ({ page }) => {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 768 : 667 });
    for (const hash of ['#/knight?board=8x8&start=a1&heuristic=warnsdorff&tie=roth&step=0',
      '#/queens?n=8&mode=search', '#/count?board=3x4&start=a1&watch=race&level=2']) {
      await page.goto(`/index.html${hash}`);
      const play = page.locator('.wb-player [data-action="play"]');
      await expect(play).toBeEnabled({ timeout: 60_000 });
      const playBox = await play.boundingBox();
      await play.click();
      const pause = page.locator('.wb-player [data-action="pause"]');
      await expect(pause).toBeVisible();
      const sizes = await pause.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(sizes[0], `${hash} at ${width} px: Pause's text (${sizes[0]} px) fits its box (${sizes[1]} px)`).toBeLessThanOrEqual(sizes[1]);
      const pauseBox = await pause.boundingBox();
      expect(Math.abs(pauseBox.width - playBox.width), 'Play and Pause are one width').toBeLessThan(1);
      expect(await unseen(pause), `${hash} at ${width} px: Pause seen whole`).toBe('');
      expect(await cutTexts(page), `${hash} at ${width} px, playing`).toEqual([]);
      await pause.click();
    }
  }
});

test('at 375 px the heat map\'s counts fit their squares', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [width, height] of [[375, 667], [1366, 768]]) {
    await page.setViewportSize({ width, height });
    await page.goto('/index.html#/count?board=6x6&start=all&count=1');
    await expect(page.locator('.heatmap [data-square][data-count]')).toHaveCount(36, { timeout: 90_000 });
    await expect(page.locator('.heatmap [data-square="a1"] .num')).toHaveText('524.5k');
    expect(await cutTexts(page), `6x6 counts at ${width} px`).toEqual([]);
    // Still read as numbers: no smaller than 7 px.
    const size = await page.locator('.heatmap .num').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(7);
    await page.screenshot({ path: `${shots}first-minute-heatmap-6x6-${width}.png` });
  }
});

test('the Rubik\'s cube at 1366x768: a big 3D cube on the stage, the whole net at the head of the dock', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/index.html#/rubik');
  const scene = page.locator('.wb-stage .cube3d-scene:not(.small)');
  await expect(scene).toBeVisible();
  const stage = await page.locator('.wb-stage').boundingBox();
  const cube = await scene.boundingBox();
  expect(cube.height, `the 3D cube (${Math.round(cube.height)} px) takes most of the stage's height (${Math.round(stage.height)} px)`).toBeGreaterThan(0.7 * stage.height);
  const net = page.locator('.wb-dock .rubik-net');
  await expect(net).toBeVisible();
  expect(await unseen(net), 'the net seen whole in the dock').toBe('');
  const sticker = await net.locator('[data-sticker="U1"]').boundingBox();
  expect(sticker.width, 'net cells big enough to read and click').toBeGreaterThanOrEqual(28);
  // The net still paints: choose red, click U1 on the net.
  await page.locator('[data-paint="R"]').click();
  await net.locator('[data-sticker="U1"]').click();
  await expect(page.locator('[data-sticker="U1"][data-view="3d"]')).toHaveAttribute('data-color', 'R');
});

test('the counting race at 1366x768: the counting board is seen whole and still counts from a click', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/index.html#/count?board=3x4&start=a1&watch=race&level=2');
  const board = page.locator('.heatmap');
  await expect(board).toBeVisible();
  expect(await unseen(board), 'the counting board seen whole').toBe('');
  // The race keeps the stage; the counting board is not in the dock.
  await expect(page.locator('.wb-stage .naive-watch-stage')).toBeVisible();
  await expect(page.locator('.wb-dock .heatmap')).toHaveCount(0);
  await page.locator('.heatmap [data-square="c2"]').click();
  await expect(page).toHaveURL(/start=c2/);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-start', 'c2');
});

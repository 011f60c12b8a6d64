// The workbench layout (issue #24): every page fits one screen on a laptop and a desktop —
// the whole stage, the player's controls and the chart or tree in view without scrolling —
// stacks on a phone with the player bar kept in view, and does not jump when a search
// starts, steps or ends. Screenshots of every workbench in both themes go to screenshots/.
import { test, expect } from '@playwright/test';

const shots = 'tests/e2e/screenshots/';

// [name, link, what must be seen besides the stage and the player: a selector or null]
const VIEWS = [
  ['knight-search', '#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&search=40', '[data-chart="depth"]'],
  ['knight-tree', '#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&search=40&view=tree', '.search-tree svg'],
  ['queens-search', '#/queens?n=8&mode=search&step=100', '[data-chart="depth"]'],
  ['queens-tree', '#/queens?n=6&mode=search&view=tree', '.search-tree svg'],
  ['knight-code', '#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&search=40&view=code', '[data-code] [aria-current="step"]'],
  ['queens-code', '#/queens?n=8&mode=search&step=100&view=code', '[data-code] [aria-current="step"]'],
  // The race's code view is its two listings: they head its dock (the depth chart under
  // the count), as a code view takes the chart's place in the knight's and queens' docks.
  ['count-race', '#/count?board=3x4&start=a1&watch=race&level=2', '.race-code'],
  ['cube-bfs', '#/cube?bfs=3', null],
  ['knight-compare', '#/knight?board=8x8&start=a1&compare=bottom,center,warnsdorff/first,warnsdorff/roth', null],
  ['rubik-solution', '#/rubik?solution=R%20U%20F2&step=0', null],
  ['knight-2000', '#/knight?board=2000x2000&start=a1&heuristic=construct&closed=1', null],
];

// What the stage shows, once it is drawn.
const SHOWN = '.wb-stage [data-cube3d]:not([data-back]), .wb-stage .board-frame, .wb-stage canvas[data-board], .wb-stage .cube-net, .wb-stage .rubik-net';
const PLAY = '.wb-player [data-action="play"], .wb-player [data-action="pause"]';

async function open(page, hash) {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('.wb')).toBeVisible();
  await expect(page.locator(SHOWN).first()).toBeVisible({ timeout: 60_000 });
}

/** The element's box lies wholly inside the viewport (a pixel of rounding allowed). */
async function inView(page, locator, what) {
  // Read again while it is not drawn: a worker's answer can re-render the player (play
  // becomes pause) between two reads, and a box read in that moment is null (CI, stop 51).
  let box = null;
  await expect.poll(async () => {
    box = await locator.boundingBox();
    return box !== null;
  }, { message: `${what} is drawn`, timeout: 5_000 }).toBe(true);
  const { width, height } = page.viewportSize();
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(-1);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(width + 1);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(height + 1);
  return box;
}

/** The inner box lies inside the outer one (nothing of the board clipped by its stage). */
function within(inner, outer, what) {
  expect(inner.x, `${what}: left`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.y, `${what}: top`).toBeGreaterThanOrEqual(outer.y - 1);
  expect(inner.x + inner.width, `${what}: right`).toBeLessThanOrEqual(outer.x + outer.width + 1);
  expect(inner.y + inner.height, `${what}: bottom`).toBeLessThanOrEqual(outer.y + outer.height + 1);
}

for (const [width, height] of [[1366, 768], [1920, 1080]]) {
  for (const [name, hash, extra] of VIEWS) {
    test(`${name} fits one ${width}x${height} screen: stage, player and chart together`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height });
      await open(page, hash);
      if (name === 'knight-2000') {
        await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 150_000 });
      }
      if (extra) await expect(page.locator(extra).first()).toBeVisible({ timeout: 60_000 });
      await expect(page.locator(PLAY).first()).toBeVisible({ timeout: 60_000 });
      // No scrolling: the page is no taller and no wider than the window.
      const overflow = await page.evaluate(() => ({
        down: document.scrollingElement.scrollHeight - window.innerHeight,
        across: document.scrollingElement.scrollWidth - window.innerWidth,
      }));
      expect(overflow.down, 'page scrolls down').toBeLessThanOrEqual(0);
      expect(overflow.across, 'page scrolls sideways').toBeLessThanOrEqual(0);
      const stage = await inView(page, page.locator('.wb-stage'), 'stage');
      // Every board (or net, or canvas) on the stage: wholly in view and inside the stage,
      // and together they fill it in one direction at least (sized to the space).
      const boxes = [];
      for (const board of await page.locator(SHOWN).all()) {
        const box = await inView(page, board, 'board');
        within(box, stage, 'board in its stage');
        boxes.push(box);
      }
      const left = Math.min(...boxes.map((b) => b.x)), top = Math.min(...boxes.map((b) => b.y));
      const right = Math.max(...boxes.map((b) => b.x + b.width)), bottom = Math.max(...boxes.map((b) => b.y + b.height));
      expect(Math.max((right - left) / stage.width, (bottom - top) / stage.height), 'boards fill the stage').toBeGreaterThan(0.6);
      for (const action of [PLAY, '.wb-player [data-action="step"]', '.wb-player [data-action="step-back"]']) {
        await inView(page, page.locator(action).first(), action);
      }
      // The player bar sits right under the stage.
      const bar = await page.locator('.wb-player').boundingBox();
      expect(Math.abs(bar.y - (stage.y + stage.height)), 'player under the stage').toBeLessThan(24);
      if (extra) await inView(page, page.locator(extra).first(), extra);
      await page.screenshot({ path: `${shots}layout-${name}-${width}.png` });
    });
  }
}

test('on a phone nothing scrolls sideways and the player bar stays in view', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 667 });
  for (const [name, hash] of VIEWS.filter(([n]) => n !== 'knight-2000')) {
    await open(page, hash);
    await expect(page.locator(PLAY).first()).toBeVisible({ timeout: 60_000 });
    const across = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    expect(across, `${name}: sideways`).toBeLessThanOrEqual(0);
    // At the top of the page the sticky bar sits under the stage, covering none of it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(50);
    // Both boxes, once both are shown: a worker's answer can re-render the stage in the
    // moment between two reads (a box then reads null, which once failed this test).
    let stageBox = null, barBox = null;
    await expect.poll(async () => {
      stageBox = await page.locator('.wb-stage').boundingBox();
      barBox = await page.locator('.wb-player').boundingBox();
      return stageBox !== null && barBox !== null;
    }, { message: `${name}: the stage and the player bar are shown` }).toBe(true);
    // If this fails, say what else was on the page (a banner, the scroll) to tell why.
    const seen = await page.evaluate(() => JSON.stringify({
      scrollY: window.scrollY, inner: [window.innerWidth, window.innerHeight],
      top: document.querySelector('.top')?.getBoundingClientRect().height,
      head: document.querySelector('.wb-head')?.getBoundingClientRect().height,
      banners: [...document.body.children].filter((c) => c.id).map((c) => `${c.id}: ${c.textContent.slice(0, 300)}`),
    }));
    expect(stageBox.y + stageBox.height, `${name}: the player covers the stage's bottom at scroll 0 (${seen})`).toBeLessThanOrEqual(barBox.y + 1);
    for (const board of await page.locator(SHOWN).all()) {
      const box = await board.boundingBox();
      // What shows of it: a stage that scrolls (the counting race) clips its boards.
      if (box) expect(Math.min(box.y + box.height, stageBox.y + stageBox.height), `${name}: the player covers the board at scroll 0`).toBeLessThanOrEqual(barBox.y + 1);
    }
    for (const where of ['top', 'middle', 'bottom']) {
      await page.evaluate((w) => {
        const max = document.scrollingElement.scrollHeight - window.innerHeight;
        window.scrollTo(0, w === 'top' ? 0 : w === 'middle' ? max / 2 : max);
      }, where);
      await page.waitForTimeout(50);
      await inView(page, page.locator('.wb-player'), `${name}: player bar at the ${where}`);
      await inView(page, page.locator(PLAY).first(), `${name}: play at the ${where}`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}layout-${name}-375.png` });
  }
});

/** Sums Chromium's layout-shift entries while `work` runs, as Chromium's cumulative layout
 * shift does: shifts within half a second of a click (`hadRecentInput`) answer the user and
 * are left out; every other one — a worker's answer, a timer's step — counts. */
async function shiftDuring(page, work) {
  await page.evaluate(() => {
    window.__shift = 0;
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__shift += e.value;
        window.__shifts.push({ value: e.value, nodes: e.sources.map((s) => s.node?.className || s.node?.nodeName).join(' ') });
      }
    }).observe({ type: 'layout-shift' });
  });
  await work();
  await page.waitForTimeout(400);
  return page.evaluate(() => ({ total: window.__shift, shifts: window.__shifts }));
}

const SEARCHES = [
  ['knight', '#/knight?board=5x5&heuristic=warnsdorff&tie=first&backtrack=1', async (page) => {
    await page.locator('[data-square="c1"]').click();
    await expect(page.locator('[data-search]')).toBeVisible({ timeout: 30_000 });
  }],
  ['queens', '#/queens?n=6&mode=search', async (page) => {
    await page.locator('[data-action="play"]').click();
  }],
  ['cube', '#/cube', async (page) => {
    await page.locator('[data-action="scramble-moves"]').click();
    await page.locator('[data-action="solve"]').click();
    await expect(page.locator('[data-solution]')).toBeVisible({ timeout: 60_000 });
  }],
  ['rubik', '#/rubik', async (page) => {
    await page.locator('input[name="moves"]').fill("R U F'");
    await page.locator('[data-action="apply"]').click();
    await page.locator('[data-action="solve"]').click();
    await expect(page.locator('[data-solution]')).toBeVisible({ timeout: 120_000 });
  }],
  ['count', '#/count?board=3x4&start=a1&watch=race&level=2', async (page) => {
    await page.locator('[data-action="play"]').click();
  }],
];

for (const [name, hash, start] of SEARCHES) {
  test(`${name}: starting, stepping and finishing a search moves nothing`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await open(page, hash);
    await page.waitForTimeout(300);
    const { total, shifts } = await shiftDuring(page, async () => {
      await start(page);
      await page.waitForTimeout(300);
      const pause = page.locator('.wb-player [data-action="pause"]');
      if (await pause.count()) await pause.click();
      await page.locator('.wb-player [data-action="step"]').first().click();
      await page.waitForTimeout(200);
      await page.locator('.wb-player [data-action="end"]').first().click();
      await page.waitForTimeout(1500);
    });
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.05);
  });
}

test('every workbench in light and dark, on a laptop and a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const pages = [
    ['knight', '#/knight?board=8x8&start=a1&heuristic=warnsdorff&tie=roth&step=30'],
    ['queens', '#/queens?n=8&mode=search&step=100'],
    ['cube', '#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY&solution=U&step=0'],
    ['rubik', '#/rubik?solution=R%20U%20F2&step=1'],
    ['count', '#/count?board=3x4&start=a1&watch=race&level=2'],
  ];
  for (const theme of ['light', 'dark']) {
    for (const [width, height] of [[1366, 768], [375, 667]]) {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((t) => localStorage.setItem('puzzlelab-theme', t), theme);
      const page = await context.newPage();
      for (const [name, hash] of pages) {
        await open(page, hash);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${shots}workbench-${name}-${theme}-${width}.png` });
      }
      await context.close();
    }
  }
});

test('a first visit says what to click first, and stops saying it after the first click', async ({ page }) => {
  await open(page, '#/knight');
  const hint = page.locator('[data-first-hint]');
  await expect(hint).toBeVisible();
  await page.locator('[data-square="a1"]').click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.wb')).toBeVisible();
  await expect(page.locator('[data-first-hint]')).toHaveCount(0);
});

// The first click (here on "Save picture") takes the hint away: the menu opened must stay
// under the pointer, or the next click lands on another format (or on nothing).
test('the first click on Save picture takes the hint away and leaves its menu where it opened', async ({ page }) => {
  await open(page, '#/cube');
  await expect(page.locator('[data-first-hint]')).toBeVisible();
  const summary = page.locator('[data-action="save-picture"]');
  const before = await summary.boundingBox();
  await summary.click();
  await expect(page.locator('[data-first-hint]')).toHaveCount(0);
  const after = await summary.boundingBox();
  expect(Math.abs(after.x - before.x)).toBeLessThan(1);
  expect(Math.abs(after.y - before.y)).toBeLessThan(1);
  const svg = await page.locator('[data-format="svg"]').boundingBox();
  expect(svg.x + svg.width).toBeGreaterThan(after.x);
  expect(svg.x).toBeLessThan(after.x + after.width);
});

// The table, measured again: where the board, the play button, the depth chart and
// the tree are (pixels from the top of the page) and how tall the page is. Printed for the
// record; the assertions are the tests above.
test('where things are, as the issue measured them', async ({ page }) => {
  test.setTimeout(180_000);
  const rows = [];
  const table = [
    [VIEWS[0], 1366, 768], [VIEWS[1], 1366, 768], [VIEWS[2], 1366, 768],
    [VIEWS[4], 1366, 768], [VIEWS[5], 1366, 768], [VIEWS[0], 1920, 1080],
  ];
  for (const [[name, hash], width, height] of table) {
    await page.setViewportSize({ width, height });
    await page.goto('about:blank');
    await open(page, hash);
    await expect(page.locator(PLAY).first()).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const span = async (selector) => {
      const found = page.locator(selector).first();
      const box = (await found.count()) ? await found.boundingBox() : null;
      return box ? `${Math.round(box.y)}–${Math.round(box.y + box.height)}` : '—';
    };
    rows.push({
      view: name, viewport: `${width}x${height}`,
      board: await span(SHOWN), play: await span(PLAY),
      chart: await span('[data-chart="depth"]'), tree: await span('.search-tree svg'),
      page: await page.evaluate(() => document.scrollingElement.scrollHeight),
    });
  }
  console.log(JSON.stringify(rows, null, 1));
});

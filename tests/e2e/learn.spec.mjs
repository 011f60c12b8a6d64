// The lessons: every step of every lesson, opened by its link and by the Next button.
// For each number a step states (`<data data-fact value data-hook>`), the machine on the
// page shows the same figure where the hook says (a count of elements, an attribute, a
// readout's text); each "try it" is done here and the step must notice. Screenshots of a
// step of each lesson (light and dark, 1366×768 and 375 px) and the axe check.
import { test, expect } from '@playwright/test';
import { seriousViolations } from './axe.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;

/** Reads a hook: `count <sel>`, `attr <name> <sel>` or `text <sel>` (digits, point, letters). */
async function readHook(page, hook) {
  return page.evaluate((hook) => {
    const scope = document.querySelector('.lesson-bench') || document;
    const [kind, ...rest] = hook.split(' ');
    if (kind === 'count') return String(scope.querySelectorAll(rest.join(' ')).length);
    if (kind === 'attr') {
      const [name, ...sel] = rest;
      const el = scope.querySelector(sel.join(' '));
      return el ? el.getAttribute(name) : null;
    }
    const el = scope.querySelector(rest.join(' '));
    return el ? el.textContent.replace(/[,\s]/g, '') : null;
  }, hook);
}

/** Every number the step states equals the machine's figure on the page. */
async function checkFacts(page, where) {
  // The cube's numbers wait for the worker's table (a few seconds).
  await expect(page.locator('.step-text [data-pending]')).toHaveCount(0, { timeout: 60_000 });
  const facts = await page.locator('.step-text [data-fact]').evaluateAll((els) =>
    els.map((e) => ({ name: e.dataset.fact, value: e.getAttribute('value'), hook: e.dataset.hook })));
  for (const f of facts) {
    await expect.poll(() => readHook(page, f.hook), {
      message: `${where}: fact ${f.name} (${f.value}) against ${f.hook}`,
      timeout: 60_000,
    }).toBe(f.value);
  }
  return facts.length;
}

/** At 1366×768 a step is one screen: its text, its try-it and the link to the full
 * workbench are inside the viewport, with nothing to scroll. */
async function checkOneScreen(page, where) {
  const view = page.viewportSize();
  for (const sel of ['.step-text', '[data-try]', '[data-open-workbench]', '[data-action="next-step"]']) {
    const el = page.locator(sel);
    if (sel === '[data-try]' && await el.count() === 0) continue;
    await expect(el, `${where}: ${sel}`).toBeVisible();
    const box = await el.boundingBox();
    expect(box.y, `${where}: ${sel} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${where}: ${sel} ends above the fold`).toBeLessThanOrEqual(view.height);
    expect(box.x + box.width, `${where}: ${sel} fits across`).toBeLessThanOrEqual(view.width);
  }
  const scroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scroll, `${where}: the page itself does not scroll`).toBeLessThanOrEqual(1);
}

async function eventNow(page) {
  return page.locator('.lesson-bench [data-search]').first().getAttribute('data-event');
}

/** Does the step's try-it the way a reader would. */
async function doTry(page, where) {
  const t = page.locator('[data-try]');
  if (await t.count() === 0) return false;
  const kind = await t.getAttribute('data-try');
  const target = await t.getAttribute('data-try-target');
  const times = Number(await t.getAttribute('data-try-times'));
  const bench = page.locator('.lesson-bench');
  if (kind === 'click') {
    const squares = target.split(',');
    if (squares[0] === '*') {
      await bench.locator('[data-square]:not(.current)').nth(5).click();
    } else {
      const turn = bench.locator(`[data-turn="${squares[0]}"]`);
      if (await turn.count()) await turn.click();
      else await bench.locator(`[data-square="${squares[squares.length - 1]}"]`).click();
    }
  } else if (kind === 'press') {
    for (let i = 0; i < times; i++) {
      if (target === 'select-node') {
        await bench.locator('[data-node][data-depth="1"]').first().click();
      } else if (target === 'turn') {
        await bench.locator('[data-action="turn"]').nth(i).click();
      } else {
        const button = bench.locator(`[data-action="${target}"]`).first();
        await expect(button).toBeEnabled({ timeout: 30_000 });
        await button.click();
      }
    }
    if (target === 'run-brute') {
      await page.waitForTimeout(1500);
      await bench.locator('[data-action="cancel-brute"]').click();
    }
  } else if (kind === 'choose') {
    const [what, value] = target.split('=');
    if (what === 'rule') {
      await bench.locator(`[data-rule="${value}"] [data-action="show-rule"]`).click();
    } else {
      const select = bench.locator(`select[name="${what}"]`);
      if (await select.count()) {
        await select.selectOption(value);
      } else {
        const box = bench.locator(`input[name="${what}"]`);
        // Off and on again (or just off): what the reader is asked to do.
        if (value === 'on') await box.uncheck();
        if (value === 'on') await box.check(); else await box.uncheck();
      }
    }
  } else if (kind === 'reach') {
    // Step back, then look along the depth chart, until the step shown is such an event.
    for (let i = 0; i < 12 && (await eventNow(page)) !== target; i++) {
      await bench.locator('[data-action="step-back"]').first().click();
    }
    const chart = bench.locator('[data-chart="depth"] svg');
    const box = await chart.boundingBox();
    for (let i = 1; i < 200 && (await eventNow(page)) !== target; i++) {
      await page.mouse.click(box.x + box.width * ((i * 0.618) % 1), box.y + box.height / 2);
      await page.waitForTimeout(30);
    }
    expect(await eventNow(page), `${where}: reach ${target}`).toBe(target);
  }
  await expect(t, `${where}: the try-it is noticed`).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  return true;
}

test('the lessons are reachable from the home page and the index', async ({ page }) => {
  await page.goto('/index.html#/');
  const links = page.locator('.home-lessons [data-lesson-link] a');
  await expect(links).toHaveCount(5);
  await links.first().click();
  await expect(page.locator('[data-lesson]')).toHaveAttribute('data-step', '1');
  await page.locator('.top nav a[href="#/learn"]').click();
  await expect(page.locator('.learn-index [data-lesson-link]')).toHaveCount(5);
});

const slugs = ['knight-graph', 'backtracking', 'brute-force', 'eight-queens', 'pocket-cube'];

for (const slug of slugs) {
  test(`every step of ${slug}: its numbers are the machine's, its try-it is noticed`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/index.html#/learn/${slug}?step=1`);
    const lesson = page.locator('[data-lesson]');
    const n = Number(await lesson.getAttribute('data-steps'));
    expect(n).toBeGreaterThanOrEqual(6);
    expect(n).toBeLessThanOrEqual(12);
    let stated = 0;
    for (let k = 1; k <= n; k++) {
      const where = `${slug} step ${k}`;
      if (k > 1) {
        // Alternate the ways in: the link, the button, the keys.
        if (k % 3 === 0) {
          await page.goto(`/index.html#/learn/${slug}?step=${k}`);
        } else if (k % 3 === 1) {
          await page.locator('[data-step-title]').focus();
          await page.keyboard.press(k % 2 ? 'PageDown' : 'ArrowRight');
        } else {
          await page.locator('[data-action="next-step"]').click();
        }
      }
      await expect(lesson).toHaveAttribute('data-step', String(k));
      await expect(page).toHaveURL(new RegExp(`#/learn/${slug}\\?step=${k}`));
      await expect(page.locator('[data-step-title]')).toBeVisible();
      await checkOneScreen(page, where);
      const after = (await page.locator('[data-try]').getAttribute('data-facts-after-try').catch(() => null)) === 'true';
      if (after) await doTry(page, where);
      stated += await checkFacts(page, where);
      if (!after) await doTry(page, where);
      // The link the step wrote opens the same workbench state.
      const url = page.url();
      if (slug !== 'pocket-cube' && !url.includes('count')) {
        const hash = new URL(url).hash;
        expect(hash).toContain(`step=${k}`);
      }
    }
    expect(stated).toBeGreaterThan(0);
    // The announcement says where the reader is.
    await page.locator('[data-action="previous-step"]').click();
    await expect(page.locator('[data-announce]')).toContainText(`Step ${n - 1} of ${n}`);
  });
}

test('the pocket cube: its figures are in the text when a step opens, the late ones keep their width', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  // The paths step needs no table: its numbers and the workbench's are there at once.
  await page.goto('/index.html#/learn/pocket-cube?step=7');
  await expect(page.locator('.step-text [data-fact="paths_count"]')).not.toHaveAttribute('data-pending', '');
  await expect(page.locator('.step-text [data-fact="paths_count"]')).toHaveAttribute('value', /^[0-9]+$/);
  const count = await page.locator('.step-text [data-fact="paths_count"]').getAttribute('value');
  await expect(page.locator('.lesson-bench [data-paths]')).toHaveAttribute('data-count', count);
  // The whole graph: the last layer is computing, then filled, and nothing moves.
  await page.goto('/index.html#/learn/pocket-cube?step=5');
  const late = page.locator('.step-text [data-fact="god_qtm"]').first();
  const buttons = page.locator('.step-buttons');
  const pending = await page.locator('.step-text [data-pending]').count();
  const before = await buttons.boundingBox();
  await expect(page.locator('.step-text [data-pending]')).toHaveCount(0, { timeout: 60_000 });
  await expect(late).toHaveAttribute('value', /^[0-9]+$/);
  const after = await buttons.boundingBox();
  if (pending > 0) expect(after.y).toBeCloseTo(before.y, 0);
});

test("a step's link carries the reader's changes to its workbench", async ({ page }) => {
  await page.goto('/index.html#/learn/knight-graph?step=5');
  await page.locator('.lesson-bench [data-square="h8"]').click();
  await expect(page).toHaveURL(/start=h8/);
  const url = page.url();
  await page.goto('/index.html#/');
  await page.goto(url);
  await expect(page.locator('.lesson-bench [data-step="1"]')).toHaveAttribute('data-square', 'h8');
  const open = page.locator('[data-open-workbench]');
  await expect(open).toHaveAttribute('href', /#\/knight\?.*start=h8/);
  await open.click();
  await expect(page).toHaveURL(/#\/knight\?/);
  await expect(page.locator('[data-square="h8"][data-step="1"]')).toBeVisible();
});

test('a bad lesson link opens the index or step 1 with a message', async ({ page }) => {
  await page.goto('/index.html#/learn/nowhere');
  await expect(page.locator('[role="alert"]')).toContainText('no lesson');
  await expect(page.locator('.learn-index [data-lesson-link]')).toHaveCount(5);
  await page.goto('/index.html#/learn/eight-queens?step=99');
  await expect(page.locator('[role="alert"]')).toContainText('step must be');
  await expect(page.locator('[data-lesson]')).toHaveAttribute('data-step', '1');
});

const shotSteps = [
  ['knight-graph', 2], ['backtracking', 3], ['brute-force', 1], ['eight-queens', 4], ['pocket-cube', 5],
];

for (const [slug, k] of shotSteps) {
  for (const dark of [false, true]) {
    test(`screenshots and axe: ${slug} step ${k}${dark ? ', dark' : ''}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
      await page.goto(`/index.html#/learn/${slug}?step=${k}`);
      await expect(page.locator('.step-text [data-pending]')).toHaveCount(0, { timeout: 60_000 });
      await page.waitForTimeout(1500);
      const theme = dark ? 'dark' : 'light';
      // One screen at 1366×768: the text and the workbench side by side, nothing below the fold
      // but the workbench's extras.
      const text = await page.locator('.lesson-text').boundingBox();
      const bench = await page.locator('.lesson-bench').boundingBox();
      expect(bench.x).toBeGreaterThan(text.x + text.width - 1);
      await page.screenshot({ path: `${shots}learn-${slug}-${k}-${theme}.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.waitForTimeout(300);
      const narrowText = await page.locator('.lesson-text').boundingBox();
      const narrowBench = await page.locator('.lesson-bench').boundingBox();
      expect(narrowBench.y).toBeGreaterThan(narrowText.y + narrowText.height - 1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${shots}learn-${slug}-${k}-${theme}-375.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
}

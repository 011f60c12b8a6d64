// The elements (www/elements.js) on a plain page outside the app, as a host page's reader
// uses them: two knights and a Rubik's cube at once, each with its own state; a changed
// attribute re-runs; the events carry a tour the independent checker accepts and a
// solution the sticker model accepts; the host's CSS and the elements' stay apart; axe;
// bad attribute values on every element; screenshots. The host pages are in
// tests/e2e/hosts/ and are served by the test at /hosts/ beside the build's elements.js.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { checkTour } from './tour-check.mjs';
import { POCKET, RUBIK } from './cube-models.mjs';
import { seriousViolations } from './axe.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const hosts = new URL('./hosts/', import.meta.url).pathname;
const SCRAMBLED = RUBIK.apply(RUBIK.solved, "R U F' L2 D");

/** Serves tests/e2e/hosts/* at /hosts/ (`strip` takes the script tag out, for a
 * page without the elements). */
async function serveHosts(page, { strip = false } = {}) {
  await page.route('**/hosts/*.html', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    let body = readFileSync(hosts + name, 'utf8');
    if (strip) body = body.replace(/<script type="module"[^>]*><\/script>/, '');
    return route.fulfill({ body, contentType: 'text/html' });
  });
}

/** Collects the elements' events on window, from the start. */
async function recordEvents(page) {
  await page.addInitScript(() => {
    window.heard = [];
    for (const type of ['puzzlelab-step', 'puzzlelab-done']) {
      window.addEventListener(type, (e) => window.heard.push({ type, id: e.target.id, detail: e.detail }));
    }
  });
}

/** The last `puzzlelab-done` from element `id` that satisfies `accept` (in the page). */
async function done(page, id, accept = '() => true') {
  const handle = await page.waitForFunction(([id, accept]) => {
    const ok = eval(accept);
    const hits = window.heard.filter((h) => h.type === 'puzzlelab-done' && h.id === id && ok(h.detail));
    return hits.length ? hits[hits.length - 1].detail : null;
  }, [id, accept], { timeout: 60_000 });
  return handle.jsonValue();
}

function tourSteps(tour) {
  return Object.fromEntries(tour.map((square, i) => [square, i + 1]));
}

test('two knights and a Rubik\'s cube on one page, each its own state', async ({ page }) => {
  await serveHosts(page);
  await recordEvents(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('hosts/two-knights.html');
  const k1 = page.locator('#k1'), k2 = page.locator('#k2'), r1 = page.locator('#r1');

  // Both knights run at once and report their own tours.
  const [t1, t2] = await Promise.all([done(page, 'k1'), done(page, 'k2')]);
  expect(t1.board).toBe('5x5');
  expect(t2.board).toBe('6x6');
  expect(checkTour(5, 5, 'a1', tourSteps(t1.tour))).toBeNull();
  expect(checkTour(6, 6, 'c3', tourSteps(t2.tour))).toBeNull();
  expect(await k1.evaluate((e) => e.link)).toMatch(/#\/knight\?board=5x5&start=a1/);
  expect(await k2.evaluate((e) => e.link)).toMatch(/#\/knight\?board=6x6&start=c3/);
  // Each board shows its own tour (squares are found inside each element's shadow root).
  await expect(k1.locator('[data-square]')).toHaveCount(25);
  await expect(k2.locator('[data-square]')).toHaveCount(36);
  // Steps arrive as the tour is replayed.
  expect(await page.evaluate(() => window.heard.filter((h) => h.type === 'puzzlelab-step' && h.id === 'k1').length)).toBeGreaterThan(0);

  // The cube: the reader asks for a solve; the solution solves the stickers given.
  await expect(r1.locator('[data-sticker="U1"]:not([data-view])')).toHaveAttribute('data-color', SCRAMBLED[0]);
  await r1.locator('[data-action="solve"]').click();
  const solved = await done(page, 'r1');
  expect(solved.state).toBe(SCRAMBLED);
  expect(RUBIK.apply(SCRAMBLED, solved.solution.join(' '))).toBe(RUBIK.solved);

  // A changed attribute re-runs at once: the first knight's board becomes 6x6 from b1.
  await k1.evaluate((e) => { e.setAttribute('board', '6x6'); e.setAttribute('start', 'b1'); });
  const t3 = await done(page, 'k1', "(d) => d.board === '6x6'");
  expect(checkTour(6, 6, 'b1', tourSteps(t3.tour))).toBeNull();
  await expect(k1.locator('[data-square]')).toHaveCount(36);
  await expect(k2.locator('[data-square]')).toHaveCount(36);
  expect(await k2.evaluate((e) => e.link)).toMatch(/start=c3/);

  // The host page's address is never written by an element.
  expect(new URL(page.url()).hash).toBe('');
  expect(errors).toEqual([]);
});

test('a crashed worker\'s notice shows in its own element, never in the host page', async ({ page }) => {
  await serveHosts(page);
  await recordEvents(page);
  await page.goto('hosts/two-knights.html');
  await Promise.all([done(page, 'k1'), done(page, 'k2')]);
  const told = await page.evaluate(async () => {
    const html = await (await fetch('/index.html')).text();
    const module = await import(html.match(/from '([^']+\.js)'/)[1]);
    return module.crashWorkersForTesting();
  });
  expect(told).toBeGreaterThan(0);
  const notice = page.locator('#k1 [data-notice="worker-restarted"]');
  await expect(notice).toContainText('restarted', { timeout: 30_000 });
  expect(await page.evaluate(() => document.querySelectorAll('body > #worker-notice, body > [data-notice]').length)).toBe(0);
  // At the top of the element, inside its box.
  const [inner, box] = await Promise.all([notice.boundingBox(), page.locator('#k1').boundingBox()]);
  expect(inner.y).toBeGreaterThanOrEqual(box.y - 1);
  expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height + 1);
  await page.locator('#k1 [data-action="dismiss-notice"]').click();
  await expect(page.locator('#k1 [data-notice]')).toHaveCount(0);
});

test('elements share workers: a new element or a changed one takes an idle one', async ({ page }) => {
  await serveHosts(page);
  await recordEvents(page);
  await page.goto('hosts/two-knights.html');
  await Promise.all([done(page, 'k1'), done(page, 'k2')]);
  const started = () => page.evaluate(async () => {
    const html = await (await fetch('/index.html')).text();
    const module = await import(html.match(/from '([^']+\.js)'/)[1]);
    return module.workersStartedForTesting();
  });
  // Three elements at work at once: a worker each (the worker runs one long job at a time).
  expect(await started()).toBe(3);
  // One knight leaves (its worker is idle: kept), a new one arrives and takes it.
  await page.evaluate(() => {
    document.getElementById('k2').remove();
    const k = document.createElement('puzzlelab-knight');
    k.id = 'k3';
    k.setAttribute('board', '5x5');
    k.setAttribute('start', 'c3');
    document.querySelector('.boards').append(k);
  });
  const t = await done(page, 'k3');
  expect(checkTour(5, 5, 'c3', tourSteps(t.tour))).toBeNull();
  expect(await started()).toBe(3);
  // A changed attribute reopens the workbench on the same worker.
  await page.locator('#k3').evaluate((e) => e.setAttribute('board', '6x6'));
  const t6 = await done(page, 'k3', "(d) => d.board === '6x6'");
  expect(checkTour(6, 6, 'c3', tourSteps(t6.tour))).toBeNull();
  expect(await started()).toBe(3);
});

test('keys go to the element that has focus, not to the host page or the other one', async ({ page }) => {
  await serveHosts(page);
  await recordEvents(page);
  // Reduced motion: the tours are shown whole at once, so nothing moves by itself.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('hosts/two-knights.html');
  await Promise.all([done(page, 'k1'), done(page, 'k2')]);
  const shown = (id) => page.locator(id).evaluate((e) => e.report.step);
  await expect.poll(() => shown('#k1')).toBe(24);
  await expect.poll(() => shown('#k2')).toBe(35);
  // Home on the host page moves no element.
  await page.locator('h1').click();
  await page.keyboard.press('Home');
  await page.waitForTimeout(200);
  expect([await shown('#k1'), await shown('#k2')]).toEqual([24, 35]);
  // In the first knight's dock: Home goes to its start, → a move on; the other stays.
  await page.locator('#k1 .wb-dock').focus();
  await page.keyboard.press('Home');
  await expect.poll(() => shown('#k1')).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shown('#k1')).toBe(1);
  await expect(page.locator('#k1 [data-square="a1"]')).toHaveAttribute('data-step', '1');
  expect(await shown('#k2')).toBe(35);
  // Arrow keys on a square move focus between the squares of its own board.
  await page.locator('#k2 [data-square="c3"]').focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('#k2 [data-square="c4"]')).toBeFocused();
});

const PROBES = ['#probe-text', '#probe-box', '#probe-button', 'h1'];
const STYLE = ['font-family', 'color', 'background-color', 'border-top-style', 'letter-spacing', 'line-height', 'box-sizing', 'padding-top', 'margin-top'];

/** Computed styles of the host's probes. */
function probeStyles(page) {
  return page.evaluate(([probes, props]) => probes.map((sel) => {
    const s = getComputedStyle(document.querySelector(sel));
    return [sel, props.map((p) => s.getPropertyValue(p))];
  }), [PROBES, STYLE]);
}

test('the host\'s CSS does not reach the elements, nor theirs the host', async ({ page }) => {
  // The host page alone, without the script.
  await serveHosts(page, { strip: true });
  await page.goto('hosts/two-knights.html');
  const alone = await probeStyles(page);
  await page.unrouteAll();
  await serveHosts(page);
  await recordEvents(page);
  await page.goto('hosts/two-knights.html');
  await done(page, 'k1');
  expect(await probeStyles(page)).toEqual(alone);

  // Inside: the app's own look, not the host's rude rules.
  const inside = await page.locator('#k1').evaluate((host) => {
    const button = host.shadowRoot.querySelector('button');
    const status = host.shadowRoot.querySelector('.status');
    const b = getComputedStyle(button), s = getComputedStyle(status);
    return { buttonBg: b.backgroundColor, buttonFont: b.fontSize, statusBorder: s.borderTopStyle, font: s.fontFamily, spacing: s.letterSpacing };
  });
  expect(inside.buttonBg).not.toBe('rgb(200, 0, 0)');
  expect(inside.buttonFont).not.toBe('18px');
  expect(inside.statusBorder).not.toBe('dotted');
  expect(inside.font).not.toMatch(/Georgia/);
  expect(inside.spacing).not.toBe('2px');
  expect(await seriousViolations(page)).toEqual([]);
});

test('theme and compact: from attributes, the system, or the element\'s width', async ({ page }) => {
  await serveHosts(page);
  await recordEvents(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('hosts/two-knights.html');
  await done(page, 'k1');
  const bg = (id) => page.locator(id).evaluate((e) => getComputedStyle(e.shadowRoot.querySelector('.pl-root')).backgroundColor);
  const light = await bg('#k1');
  await page.locator('#k1').evaluate((e) => e.setAttribute('theme', 'dark'));
  const dark = await bg('#k1');
  expect(dark).not.toBe(light);
  expect(await bg('#k2')).toBe(light);
  // Two side by side at 1366 px are medium; one under 500 px is compact (stage and player).
  await expect(page.locator('#k1')).toHaveAttribute('data-layout', 'medium');
  await page.locator('#k2').evaluate((e) => { e.style.maxWidth = '420px'; });
  await expect(page.locator('#k2')).toHaveAttribute('data-layout', 'compact');
  await expect(page.locator('#k2').locator('.wb-settings')).toBeHidden();
  await expect(page.locator('#k2').locator('[data-square="c3"]')).toBeVisible();
  await expect(page.locator('#k2').locator('[data-action="play"], [data-action="pause"]').first()).toBeVisible();
  await page.locator('#k1').evaluate((e) => e.setAttribute('compact', ''));
  await expect(page.locator('#k1')).toHaveAttribute('data-layout', 'compact');
});

// The link fuzzer's kinds of input, on every element: malformed numbers, huge sizes,
// broken escapes, 10,000-character values.
const LONG = 'x'.repeat(10_000);
const BAD = {
  knight: [{ board: '8x' }, { board: '99999x99999' }, { start: '%E0%A4%A' }, { board: LONG }, { seed: '1e99' }],
  queens: [{ n: 'eight' }, { n: '99999999999' }, { queens: '%zz,a1' }, { n: LONG }],
  cube: [{ state: 'WWWW' }, { solution: "R%2 U'" }, { state: LONG }, { step: '-3' }],
  rubik: [{ state: 'U'.repeat(54) }, { solution: '%E0%A4%A' }, { max: '1e3' }, { state: LONG }],
  count: [{ board: '0x0' }, { workers: '99999' }, { start: '%' }, { board: LONG }],
};

test('bad attribute values show the message, keep a sane state, and the host goes on', async ({ page }) => {
  test.setTimeout(180_000);
  await serveHosts(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (/panicked/.test(m.text())) errors.push(m.text()); });
  await page.goto('hosts/two-knights.html');
  for (const [kind, cases] of Object.entries(BAD)) {
    for (const attrs of cases) {
      const id = await page.evaluate(([kind, attrs]) => {
        const e = document.createElement(`puzzlelab-${kind}`);
        e.id = `bad-${kind}-${Math.random().toString(36).slice(2)}`;
        for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
        document.body.append(e);
        return e.id;
      }, [kind, attrs]);
      const element = page.locator(`#${id}`);
      const what = `${kind} ${JSON.stringify(attrs).slice(0, 60)}`;
      await expect(element.locator('[role="alert"]').first(), what).toBeVisible({ timeout: 30_000 });
      await expect(element.locator('[data-status]').first(), what).toBeVisible();
      expect(await element.evaluate((e) => e.link), what).toMatch(new RegExp(`#/${kind}\\?`));
      // A good value afterwards opens the workbench as asked.
      if (kind === 'knight') {
        await element.evaluate((e) => { e.setAttribute('board', '5x5'); e.setAttribute('start', 'a1'); e.removeAttribute('seed'); });
        await expect(element.locator('[data-square]')).toHaveCount(25);
      }
      await element.evaluate((e) => e.remove());
      // The host page still works.
      const before = Number(await page.locator('#clicks').textContent());
      await page.locator('#probe-button').click();
      await expect(page.locator('#clicks')).toHaveText(String(before + 1));
    }
  }
  expect(errors).toEqual([]);
});

for (const scheme of ['light', 'dark']) {
  for (const width of [1366, 375]) {
    test(`screenshot of the host page, ${scheme}, ${width} px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 768 });
      await serveHosts(page);
      await recordEvents(page);
      await page.goto('hosts/two-knights.html');
      await done(page, 'k1');
      await done(page, 'k2');
      await page.screenshot({ path: `${shots}elements-${scheme}-${width}.png`, fullPage: true });
    });
  }
}

test('first paint of an embedded board after the script tag', async ({ page }) => {
  await serveHosts(page);
  // Each frame, until the first knight's first square is drawn in its shadow root.
  await page.addInitScript(() => {
    const look = () => {
      if (document.querySelector('#k1')?.shadowRoot?.querySelector('[data-square]')) {
        window.firstSquareAt = performance.now();
      } else {
        requestAnimationFrame(look);
      }
    };
    requestAnimationFrame(look);
  });
  await page.goto('hosts/two-knights.html');
  await expect(page.locator('#k1 [data-square="a1"]')).toBeVisible();
  const ms = await page.evaluate(() => window.firstSquareAt);
  console.log(`first paint of an embedded board: about ${Math.round(ms)} ms after navigation start`);
  expect(ms).toBeLessThan(30_000);
});

// ---- The Embed action: its snippets, pasted into a blank page, show what the workbench shows. ----

/** What a workbench shows, read from its page hooks: each square's move number and queen,
 * each net sticker's colour, the state line's status. */
async function shown(scope) {
  const squares = await scope.locator('[data-square]').evaluateAll((els) =>
    els.map((e) => [e.dataset.square, e.dataset.step ?? '', e.dataset.queen ?? '']).sort());
  const stickers = await scope.locator('[data-sticker]:not([data-view])').evaluateAll((els) =>
    els.map((e) => [e.dataset.sticker, e.dataset.color]).sort());
  return { squares, stickers };
}

const EMBEDDED = {
  knight: '#/knight?board=5x5&start=a1&tie=roth&step=10',
  queens: '#/queens?n=6&mode=hand&queens=a2,b4,c6,d1,e3,f5',
  cube: `#/cube?state=${POCKET.apply(POCKET.solved, "R U F'")}&solution=F%20U%27%20R%27&step=2`,
  rubik: `#/rubik?state=${RUBIK.apply(RUBIK.solved, "R U F'")}&solution=F%20U%27%20R%27&step=1`,
  count: '#/count?board=5x5&start=a1&closed=0',
};

for (const [kind, link] of Object.entries(EMBEDDED)) {
  test(`the Embed snippets of the ${kind} workbench show the same state, as an element and in an iframe`, async ({ page, browser }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`index.html${link}`);
    await expect(page.locator('[data-status]').first()).toBeVisible();
    await page.waitForTimeout(500);
    const app = await shown(page);
    expect(app.squares.length + app.stickers.length).toBeGreaterThan(0);
    await page.locator('[data-action="embed"]').click();
    const element = await page.locator('[data-embed-snippet="element"]').inputValue();
    const iframe = await page.locator('[data-embed-snippet="iframe"]').inputValue();
    expect(element).toContain(`<puzzlelab-${kind} `);
    expect(iframe).toContain(`#/embed/${kind}?`);
    // The app's own hash is unchanged by the panel.
    for (const [form, snippet] of [['element', element], ['iframe', iframe]]) {
      // A page of its own (the app's service worker would answer for the same context).
      const context = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce' });
      const blank = await context.newPage();
      await blank.route('**/hosts/blank.html', (route) => route.fulfill({
        contentType: 'text/html',
        body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body>\n${snippet}\n</body></html>`,
      }));
      await blank.goto(new URL('hosts/blank.html', page.url()).href);
      const scope = form === 'element' ? blank.locator(`puzzlelab-${kind}`) : blank.frameLocator('iframe').locator('body');
      await expect.poll(() => shown(scope), { timeout: 30_000, message: `${kind} ${form}` }).toEqual(app);
      if (form === 'iframe') {
        // Chrome-less: no header, and the view keeps its link embedded.
        await expect(blank.frameLocator('iframe').locator('header.top')).toHaveCount(0);
      }
      await context.close();
    }
  });
}

for (const scheme of ['light', 'dark']) {
  for (const width of [1366, 375]) {
    test(`screenshot of the Embed panel and the iframe view, ${scheme}, ${width} px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 768 });
      await page.goto(`index.html${EMBEDDED.knight}`);
      await page.locator('[data-action="embed"]').click();
      await expect(page.locator('[data-embed]')).toBeVisible();
      // The panel is inside the window, its snippets whole in their boxes' width.
      const box = await page.locator('[data-embed]').boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}embed-panel-${scheme}-${width}.png` });
      await page.goto(`index.html${EMBEDDED.knight.replace('#/', '#/embed/')}`);
      // The tour arrives and is shown at the link's move, as in the workbench.
      await expect(page.locator('[data-square="b2"]')).toHaveAttribute('data-step', '11');
      await expect(page.locator('header.top')).toHaveCount(0);
      expect(new URL(page.url()).hash).toMatch(/^#\/embed\/knight\?/);
      await page.screenshot({ path: `${shots}embed-view-${scheme}-${width}.png` });
    });
  }
}

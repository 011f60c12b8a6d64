// The 3D cube beside the net, on both cube workbenches: after every kind of change its
// stickers show the net's colours and the test's own sticker model's; quick turns queue
// up; painting in 3D paints the net (and a flipped edge is refused by name); the view
// turns by drag and keys and rides in the link; the hint's arrow names the turn `h` plays.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { POCKET, RUBIK } from './cube-models.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

async function read(page, model, which) {
  const colours = await page.locator(`[data-sticker]${which}`).evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.sticker, el.dataset.color])));
  return model.names.map((n) => colours[n]).join('');
}
const readNet = (page, model) => read(page, model, ':not([data-view])');
const read3d = (page, model) => read(page, model, '[data-view="3d"]');

/** Waits for the 3D view to finish turning, then holds net, 3D view and model together. */
async function agree(page, model, expected, what) {
  await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-animating', 'false');
  expect(await readNet(page, model), `net ${what}`).toBe(expected);
  expect(await read3d(page, model), `3D ${what}`).toBe(expected);
}

async function open(page, hash, model) {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-view="3d"][data-sticker]')).toHaveCount(model.names.length);
  await expect(page.locator('[data-sticker]:not([data-view])')).toHaveCount(model.names.length);
}

async function everyTurnButton(page, model) {
  const moves = await page.locator('[data-move]').evaluateAll((els) => els.map((el) => el.dataset.move));
  expect(moves.length).toBe(model === POCKET ? 27 : 54);
  let state = model.solved;
  for (const m of moves) {
    await page.locator(`[data-move="${m}"]`).click();
    state = model.apply(state, m);
    await agree(page, model, state, `after ${m}`);
  }
  return state;
}

async function pasted(page, model, moves) {
  await page.locator('[data-action="reset-cube"]').click();
  await page.locator('input[name="moves"]').fill(moves);
  await page.locator('[data-action="apply"]').click();
  await agree(page, model, model.apply(model.solved, moves), `after pasting ${moves}`);
}

/** Steps through the solution shown, checking each position. */
async function stepThrough(page, model, start) {
  const solution = (await page.locator('[data-solution]').getAttribute('data-solution')).split(' ');
  expect(solution.length).toBeGreaterThan(0);
  let state = start;
  for (const m of solution) {
    await page.locator('[data-action="step"]').click();
    state = model.apply(state, m);
    await agree(page, model, state, `after playing ${m}`);
  }
  return state;
}

const uniform = (s, n) => s.match(new RegExp(`.{${n}}`, 'g'));
/** Every face one colour, read through the model's names (the pocket string is not face by face). */
const solved = (model, s) => 'URFDLB'.split('').every((f) =>
  new Set(model.names.flatMap((n, i) => (n[0] === f ? [s[i]] : []))).size === 1);

test('pocket cube: turns, a scramble, pasted moves, a played solution and "open a position" all show in 3D', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '#/cube', POCKET);
  await agree(page, POCKET, POCKET.solved, 'at first');
  await everyTurnButton(page, POCKET);
  await pasted(page, POCKET, "R U' F2 x y' B D2 L' z2");

  await expect(page.locator('.distance-chart')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-action="reset-cube"]').click();
  await page.locator('[data-action="scramble-moves"]').click();
  const text = await page.locator('[data-scramble]').innerText();
  const scramble = text.split(': ')[1];
  const scrambled = POCKET.apply(POCKET.solved, scramble);
  await agree(page, POCKET, scrambled, `after the scramble ${scramble}`);

  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-solution]')).toContainText('Optimal solution', { timeout: 30_000 });
  const end = await stepThrough(page, POCKET, scrambled);
  expect(solved(POCKET, end), end).toBe(true);

  // The graph's "open a random antipode" jumps: the 3D view follows at once.
  await page.locator('[data-action="antipode"]').click();
  await expect(page.locator('[data-scramble]')).toContainText('antipode', { timeout: 10_000 });
  const far = await readNet(page, POCKET);
  await agree(page, POCKET, far, 'after opening an antipode');
  expect(errors).toEqual([]);
});

test('Rubik\'s cube: every turn button, a scramble, pasted moves and a played solution show in 3D', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '#/rubik', RUBIK);
  await everyTurnButton(page, RUBIK);
  await pasted(page, RUBIK, "R U R' U' Rw2 M' x E S2 y' z Fw");

  await page.locator('input[name="seed"]').fill('7');
  await page.locator('input[name="seed"]').blur();
  await page.locator('[data-action="scramble"]').click();
  const scramble = page.locator('[data-scramble="7"]');
  await expect(scramble).not.toHaveAttribute('data-scramble-moves', '', { timeout: 60_000 });
  const scrambled = RUBIK.apply(RUBIK.solved, await scramble.getAttribute('data-scramble-moves'));
  await agree(page, RUBIK, scrambled, 'after the scramble');

  // A short cube solves at once: play its solution step by step.
  await pasted(page, RUBIK, "R U F' L2 D");
  const start = RUBIK.apply(RUBIK.solved, "R U F' L2 D");
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-search-end]')).toBeVisible({ timeout: 60_000 });
  const end = await stepThrough(page, RUBIK, start);
  expect(solved(RUBIK, end), end).toBe(true);
  expect(uniform(end, 9).every((f) => new Set(f).size === 1), end).toBe(true);
  expect(errors).toEqual([]);
});

test('three quick clicks during a turn queue up and end in the state of all three', async ({ page }) => {
  // The page's clock is the test's: time stands still while the three clicks land, so
  // they surely arrive during the first turn, however loaded the machine is.
  await page.clock.install();
  let at = Date.now();
  for (const [hash, model, move] of [['#/rubik', RUBIK, 'R'], ['#/cube', POCKET, 'F'], ['#/rubik', RUBIK, 'M2']]) {
    await open(page, hash, model);
    at += 600_000;
    await page.clock.pauseAt(at);
    const view = page.locator('[data-cube3d]');
    for (let i = 0; i < 3; i++) await page.locator(`[data-move="${move}"]`).click();
    await expect(view).toHaveAttribute('data-animating', 'true');
    await expect(view).toHaveAttribute('data-turning', move);
    await expect(view).toHaveAttribute('data-queued', '2');
    // Mid-way the 3D view still shows the colours before the first turn; the net is ahead.
    expect(await read3d(page, model)).toBe(model.solved);
    expect(await readNet(page, model)).toBe(model.apply(model.solved, `${move} ${move} ${move}`));
    await page.clock.runFor(2000);
    await agree(page, model, model.apply(model.solved, `${move} ${move} ${move}`), `after ${move} three times`);
    await page.clock.resume();
  }
});

test('mid-turn: clicks while a turn animates queue, none is lost, and the 3D view lands on each turn in order', async ({ page }) => {
  // On the test's clock: the first click starts a turn, time moves a little (the turn is
  // part-way), the next clicks land during it; then time moves in frames and every turn
  // is seen to land in order until the view shows all of them.
  await page.clock.install();
  let at = Date.now();
  for (const [hash, model, moves] of [['#/rubik', RUBIK, ['R', 'U', 'M2']], ['#/cube', POCKET, ['F', 'R2', "U'"]]]) {
    await open(page, hash, model);
    at += 600_000;
    await page.clock.pauseAt(at);
    const view = page.locator('[data-cube3d]');
    const states = [model.solved];
    for (const m of moves) states.push(model.apply(states[states.length - 1], m));
    await page.locator(`[data-move="${moves[0]}"]`).click();
    await expect(view).toHaveAttribute('data-animating', 'true');
    await expect(view).toHaveAttribute('data-turning', moves[0]);
    await page.clock.runFor(40);
    // Part-way through the first turn: still turning it, nothing queued.
    await expect(view).toHaveAttribute('data-turning', moves[0]);
    await expect(view).toHaveAttribute('data-queued', '0');
    await page.locator(`[data-move="${moves[1]}"]`).click();
    await expect(view).toHaveAttribute('data-queued', '1');
    await page.clock.runFor(20);
    await page.locator(`[data-move="${moves[2]}"]`).click();
    await expect(view).toHaveAttribute('data-queued', '2');
    await expect(view).toHaveAttribute('data-turning', moves[0]);
    expect(await read3d(page, model), '3D still before the first turn').toBe(states[0]);
    expect(await readNet(page, model), 'the net is ahead').toBe(states[3]);
    // Frame by frame: the turning move and the 3D colours only ever move forward, through
    // every turn, and the queue drains one by one.
    const seenTurning = [moves[0]];
    const seenStates = [states[0]];
    let queued = 2;
    for (let i = 0; i < 200 && (await view.getAttribute('data-animating')) === 'true'; i++) {
      await page.clock.runFor(16);
      const turning = await view.getAttribute('data-turning');
      const q = Number(await view.getAttribute('data-queued'));
      const shown = await read3d(page, model);
      expect(q, 'the queue never grows').toBeLessThanOrEqual(queued);
      queued = q;
      if (turning && turning !== seenTurning[seenTurning.length - 1]) seenTurning.push(turning);
      if (shown !== seenStates[seenStates.length - 1]) seenStates.push(shown);
    }
    expect(seenTurning, 'every turn animated, in order').toEqual(moves);
    expect(seenStates, '3D lands on each turn in order').toEqual(states.slice(0, seenStates.length));
    await agree(page, model, states[3], `after ${moves.join(' ')}`);
    await page.clock.resume();
  }
});

test('reduced motion shows every turn at once', async ({ browser }) => {
  const page = await browser.newPage({ reducedMotion: 'reduce' });
  await open(page, '#/rubik', RUBIK);
  await page.locator('[data-move="R"]').click();
  await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-animating', 'false');
  expect(await page.locator('[data-cube3d]').getAttribute('data-queued')).toBe('0');
  expect(await read3d(page, RUBIK)).toBe(RUBIK.apply(RUBIK.solved, 'R'));
  await page.close();
});

test('painting a 3D sticker paints the net; a flipped edge painted in 3D is refused by name', async ({ page }) => {
  await open(page, '#/cube', POCKET);
  await page.locator('[data-paint="W"]').click();
  await page.locator('[data-view="3d"][data-sticker="F0"]').click();
  await expect(page.locator('[data-sticker="F0"]:not([data-view])')).toHaveAttribute('data-color', 'W');
  await expect(page.locator('[data-view="3d"][data-sticker="F0"]')).toHaveAttribute('data-color', 'W');
  await expect(page.locator('[data-validity="invalid"]')).toContainText('W appears 5 times');

  await open(page, '#/rubik', RUBIK);
  await page.locator('[data-paint="F"]').click();
  await page.locator('[data-view="3d"][data-sticker="U8"]').click();
  await expect(page.locator('[data-validity]')).toHaveAttribute('data-fault', 'ColourCount');
  await page.locator('[data-paint="U"]').click();
  await page.locator('[data-view="3d"][data-sticker="F2"]').click();
  const alert = page.locator('[role="alert"][data-validity]');
  await expect(alert).toHaveAttribute('data-fault', 'FlippedEdge');
  await expect(alert).toContainText('the edge U8/F2 is flipped');
  const flipped = RUBIK.solved.slice(0, 7) + 'F' + RUBIK.solved.slice(8, 19) + 'U' + RUBIK.solved.slice(20);
  await agree(page, RUBIK, flipped, 'after painting a flipped edge');
  // Without a colour chosen, a click in 3D says what to do, as on the net.
  await page.locator('.palette .brush').first().click();
  await page.locator('[data-view="3d"][data-sticker="F5"]').click();
  await expect(page.getByRole('alert').first()).toContainText('to recolour F5, pick a colour');
});

test('the keyboard reaches the 3D stickers: one tab stop, arrows between those in sight, Enter paints; axe clean', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });  // for axe's script
  const page = await context.newPage();
  for (const [hash, model, paint] of [['#/cube', POCKET, 'W'], ['#/rubik', RUBIK, 'F']]) {
    await open(page, hash, model);
    const stops = page.locator('[data-view="3d"][data-sticker][tabindex="0"]');
    await expect(stops).toHaveCount(1);
    await page.locator(`[data-paint="${paint}"]`).click();
    // Tab from the view itself lands on the cube's one sticker tab stop.
    await page.locator('[data-cube3d] .cube3d-scene').first().focus();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement.dataset.sticker);
    expect(first, 'Tab reaches a 3D sticker').toBeTruthy();
    expect(await page.evaluate(() => document.activeElement.dataset.view)).toBe('3d');
    const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    expect(label).toMatch(new RegExp(`^${first}, \\w+`));
    // The arrows move the focus among the stickers in sight, and leave the view's angle.
    const orbit = await page.locator('[data-cube3d]').getAttribute('data-orbit');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const target = await page.evaluate(() => document.activeElement.dataset.sticker);
    expect(target).not.toBe(first);
    await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-orbit', orbit);
    await expect(stops).toHaveCount(1);
    await expect(stops).toHaveAttribute('data-sticker', target);
    // Enter paints it, on the net too; the focus stays on it.
    const before = await page.locator(`[data-sticker="${target}"]:not([data-view])`).getAttribute('data-color');
    await page.keyboard.press('Enter');
    const expected = before === paint ? before : paint;
    await expect(page.locator(`[data-sticker="${target}"]:not([data-view])`)).toHaveAttribute('data-color', expected);
    await expect(page.locator(`[data-view="3d"][data-sticker="${target}"]`)).toHaveAttribute('data-color', expected);
    expect(await page.evaluate(() => document.activeElement.dataset.sticker)).toBe(target);
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement.dataset.sticker)).not.toBe(target);
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(async () => window.axe.run(document.querySelector('[data-cube3d]'), { resultTypes: ['violations'] }));
    const bad = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
    expect(bad, hash).toEqual([]);
  }
  await context.close();
});

test('the view turns by drag and keys, resets, and rides in the link', async ({ page }) => {
  await open(page, `#/rubik?state=${RUBIK.solved}&solution=R%20U&step=1`, RUBIK);
  const view = page.locator('[data-cube3d]');
  await expect(view).toHaveAttribute('data-orbit', '-35,-28');
  const scene = page.locator('.cube3d-scene').first();
  const box = await scene.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(box.x + box.width / 2 + 10 * i, box.y + box.height / 2 + 4 * i);
  await page.mouse.up();
  await expect(view).toHaveAttribute('data-orbit', '-5,-40');
  await expect(page).toHaveURL(/view3d=-5,-40/);
  // A drag is not a click: no sticker was asked to be painted.
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Keys turn the view and leave the player's arrows alone.
  await scene.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect(view).toHaveAttribute('data-orbit', '-20,-25');
  await expect(page.locator('.playback .position')).toContainText('move 1 of 2');
  await expect(page).toHaveURL(/view3d=-20,-25/);
  const link = page.url();
  await page.locator('[data-action="reset-view"]').click();
  await expect(view).toHaveAttribute('data-orbit', '-35,-28');
  await expect(page).not.toHaveURL(/view3d/);
  // The link reopens the same angle; a bad angle is a message and the default view.
  await page.goto(link);
  await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-orbit', '-20,-25');
  await open(page, '#/cube?view3d=sideways', POCKET);
  await expect(page.getByRole('alert').first()).toContainText('view3d must be yaw,pitch');
  await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-orbit', '-35,-28');
  // Touch drags turn it too.
  const touch = await page.context().browser().newContext({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 800 } });
  const phone = await touch.newPage();
  await open(phone, '#/cube', POCKET);
  const s = await phone.locator('.cube3d-scene').first().boundingBox();
  const cdp = await touch.newCDPSession(phone);
  const at = (x, y) => [{ x: s.x + s.width / 2 + x, y: s.y + s.height / 2 + y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0, 0) });
  for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(-12 * i, 0) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(phone.locator('[data-cube3d]')).toHaveAttribute('data-orbit', '-65,-28');
  await touch.close();
});

test('the hint\'s arrow on the 3D face is the turn h plays', async ({ page }) => {
  const start = POCKET.apply(POCKET.solved, "R U' F");
  await open(page, `#/cube?state=${start}`, POCKET);
  await expect(page.locator('[data-hints="ready"]')).toBeVisible({ timeout: 30_000 });
  const arrow = page.locator('[data-hint-arrow]');
  await expect(arrow).toHaveCount(1);
  const turn = await arrow.getAttribute('data-hint-arrow');
  const before = Number(await page.locator('[data-goal-distance]').getAttribute('data-goal-distance'));
  await page.locator('body').press('h');
  await agree(page, POCKET, POCKET.apply(start, turn), `after the hint ${turn}`);
  await expect(page.locator('[data-goal-distance]')).toHaveAttribute('data-goal-distance', String(before - 1));
  await page.locator('.cube3d').first().screenshot({ path: `${shots}cube3d-hint.png` });
});

test('on a phone the pocket cube\'s whole net shows on the stage under the 3D cube', async ({ page }) => {
  // The net was cut at the stage's bottom at 375 px (the rest reached only by scrolling
  // inside the stage): now the 3D cube, the net and the palette share the stage's height.
  for (const height of [800, 667]) {
    await page.setViewportSize({ width: 375, height });
    await page.goto(`/index.html#/cube?state=${POCKET.apply(POCKET.solved, "R U2 F'")}`);
    const stickers = page.locator('[data-sticker]:not([data-view])');
    await expect(stickers).toHaveCount(24);
    const fit = await page.evaluate(() => {
      const stage = document.querySelector('.wb-stage');
      const box = stage.getBoundingClientRect();
      const cells = [...document.querySelectorAll('[data-sticker]:not([data-view])')].map((e) => e.getBoundingClientRect());
      const brushes = [...document.querySelectorAll('.wb-stage .palette button')].map((e) => e.getBoundingClientRect());
      const scene = document.querySelector('.wb-stage .cube3d-scene').getBoundingClientRect();
      return {
        hidden: stage.scrollHeight - stage.clientHeight,
        below: Math.max(...cells.map((c) => c.bottom), ...brushes.map((b) => b.bottom)) - box.bottom,
        cell: Math.min(...cells.map((c) => c.height)),
        above: scene.bottom <= Math.min(...cells.map((c) => c.top)),
      };
    });
    expect(fit.hidden, `${height}: the stage scrolls`).toBeLessThanOrEqual(1);
    expect(fit.below, `${height}: a sticker or brush below the stage`).toBeLessThanOrEqual(0);
    expect(fit.above, `${height}: the 3D cube above the net`).toBe(true);
    expect(fit.cell, `${height}: the net's cells readable`).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: `${shots}cube-net-375x${height}.png` });
  }
});

test('mid-turn screenshots of both cubes: light, dark and a 375 px phone', async ({ browser }) => {
  const pocket = POCKET.apply(POCKET.solved, "R U2 F'");
  const rubik = RUBIK.apply(RUBIK.solved, "R U2 F' L D B2");
  for (const [name, options, dark] of [
    ['light', { viewport: { width: 1200, height: 900 } }, false],
    ['dark', { viewport: { width: 1200, height: 900 }, colorScheme: 'dark' }, true],
    ['375', { viewport: { width: 375, height: 800 } }, false],
  ]) {
    for (const [cube, hash, model] of [
      ['cube', `#/cube?state=${pocket}&solution=F%20U2%20R%27&step=0`, POCKET],
      ['rubik', `#/rubik?state=${rubik}&solution=R%20U%20F&step=0`, RUBIK],
    ]) {
      const page = await browser.newPage(options);
      if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
      // The page's clock (requestAnimationFrame, performance.now) is the test's, so the
      // turn can be stopped a third of the way through.
      await page.clock.install();
      await open(page, hash, model);
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.locator('[data-action="step"]').click();
      await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-animating', 'true');
      await page.clock.runFor(60);
      await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-animating', 'true');
      if (name === '375') {
        // On a phone the 3D cube comes first, above the net.
        const box3d = await page.locator('.cube3d-scene').first().boundingBox();
        const net = await page.locator('[data-sticker]:not([data-view])').first().boundingBox();
        expect(box3d.y, 'the 3D cube is above the net').toBeLessThan(net.y);
        const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(1);
        await page.screenshot({ path: `${shots}cube3d-${cube}-${name}.png`, fullPage: true });
      } else {
        await page.locator('.cube-views').screenshot({ path: `${shots}cube3d-${cube}-${name}.png` });
      }
      await page.close();
    }
  }
});

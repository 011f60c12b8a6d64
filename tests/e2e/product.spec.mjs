// The product as a whole: phone-sized layout, dark mode, and a crash that leaves a way back.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

for (const [name, hash] of [['knight', '#/knight?start=c3&step=20'], ['queens', '#/queens?n=8&mode=hand&queens=a1,c3'], ['cube', '#/cube'], ['count', '#/count?board=6x6&start=all&closed=0'], ['rubik', '#/rubik']]) {
  test(`${name} fits a 375 px phone`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`/index.html${hash}`);
    await expect(page.locator('[data-status]').first()).toBeVisible();
    await page.waitForTimeout(500);
    const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${shots}phone-${name}.png`, fullPage: true });
    await page.close();
  });
}

test('dark mode can be chosen and is remembered', async ({ page }) => {
  await page.goto('/index.html#/knight');
  const toggle = page.locator('button.theme');
  await expect(toggle).toHaveAttribute('data-theme-choice', 'auto');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(23, 22, 20)');
  await page.screenshot({ path: `${shots}knight-dark.png`, fullPage: true });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a crash shows a banner with a reload link that keeps the state', async ({ page }) => {
  await page.goto('/index.html#/queens?n=6&mode=hand&queens=b1');
  await expect(page.locator('[data-queen="true"]')).toHaveCount(1);
  await page.evaluate(() => { try { window.wasmBindings.panicForTesting(); } catch (e) { /* the trap */ } });
  const banner = page.locator('#crash-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Reload');
  const href = await page.locator('[data-action="reload"]').getAttribute('href');
  expect(href).toContain('queens=b1');
});

test('after a first visit the app loads and works offline', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/index.html#/knight');
  await expect(page.locator('[data-square="a1"]')).toBeVisible();
  // Wait until the service worker controls the page and has cached the assets.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(async () => (await caches.keys()).length > 0 &&
    (await (await caches.open((await caches.keys())[0])).keys()).length >= 6);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.goto('/index.html#/knight?board=6x6');
  await expect(page.locator('[data-square]')).toHaveCount(36);
  await page.locator('[data-square="a1"]').click();
  await page.locator('input[aria-label="Moves per second"]').fill('120');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await context.close();
});

test('the Content-Security-Policy is in force and nothing the app does breaks it', async ({ page }) => {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto('/index.html#/knight');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toContain("'unsafe-eval'");
  await page.locator('[data-square="a1"]').click();
  await page.locator('input[aria-label="Moves per second"]').fill('120');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await page.goto('/index.html#/cube');
  await page.locator('[data-action="scramble-moves"]').click();
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-solution]')).toContainText('Optimal', { timeout: 30_000 });
  // An inline script from outside is refused.
  const injected = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.head.appendChild(s);
    return window.__injected === true;
  });
  expect(injected).toBe(false);
  const violations = await page.evaluate(() => window.__violations);
  expect(violations.filter((v) => !v.startsWith('script-src-elem inline'))).toEqual([]);
});

test('the home page shows the workbenches, drawn by their solvers', async ({ page }) => {
  await page.goto('/index.html');
  await expect(page.locator('.card')).toHaveCount(5);
  await expect(page.locator('.card .mini-queen')).toHaveCount(8);
  await expect(page.locator('[data-mini-sticker]')).toHaveCount(24);
  await expect(page.locator('[data-mini-facelet]')).toHaveCount(54);
  // The counting lab's miniature: open tours of 5x5 from each square, 1,728 in all.
  const counts = await page.locator('[data-mini-count]').evaluateAll((els) => els.map((el) => Number(el.dataset.miniCount)));
  expect(counts.length).toBe(25);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(1728);
  // The knight's miniature is live: its tour is drawn move by move, over and over.
  expect(await page.locator('.mini-line').evaluate((el) => getComputedStyle(el).animationName)).toBe('mini-draw');
  await page.screenshot({ path: `${shots}home.png`, fullPage: true });
  await page.locator('.card', { hasText: 'N queens' }).click();
  await expect(page).toHaveURL(/#\/queens/);
  await expect(page.locator('.how summary')).toHaveText('How it works');
  await page.goto('/index.html#/nowhere');
  await expect(page.getByRole('alert')).toContainText("no workbench 'nowhere'");
  await expect(page.locator('.card')).toHaveCount(5);
});

test('with reduced motion the tour is shown whole instead of animated', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/index.html');
  expect(await page.locator('.mini-line').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.goto('/index.html#/knight');
  await page.locator('[data-square="c3"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await expect(page.locator('[data-step]')).toHaveCount(64);
  await expect(page).toHaveURL(/step=63/);
  await context.close();
});

test('a crashed worker is restarted, the user is told, and the work still finishes', async ({ page }) => {
  // A count whose tasks are in the workers' hands when they crash: each task is sent again
  // to a fresh worker and the total still comes out right.
  await page.goto('/index.html#/count?board=6x6&start=all&closed=0&method=depth-first');
  await page.locator('[data-action="count"]').click();
  await expect.poll(async () => Number(await page.locator('[data-progress]').getAttribute('data-progress') ?? 0)).toBeGreaterThan(0);
  const stageBefore = await page.locator('.wb-stage').boundingBox();
  const told = await page.evaluate(() => window.wasmBindings.crashWorkersForTesting());
  expect(told).toBeGreaterThan(0);
  await expect(page.locator('[data-notice="worker-restarted"]')).toContainText('restarted');
  // The notice floats over the top bar: the workbench under it does not move.
  expect(await page.locator('.wb-stage').boundingBox(), 'the stage stays where it was').toEqual(stageBefore);
  await expect(page.locator('.count-result')).toHaveAttribute('data-directed', '6637920', { timeout: 30_000 });
  await page.locator('[data-action="dismiss-notice"]').click();
  await expect(page.locator('[data-notice]')).toHaveCount(0);
  // The knight page's worker too: a big tour is asked for again and arrives.
  await page.goto('/index.html#/knight?board=300x300&tie=roth');
  await page.evaluate(() => window.wasmBindings.crashWorkersForTesting());
  await expect(page.locator('[data-notice="worker-restarted"]')).toBeVisible();
  await page.locator('canvas').click({ position: { x: 3, y: 3 } });
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
});

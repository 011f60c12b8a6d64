// An automated accessibility check (axe-core) on every workbench: no serious or critical
// violations, in the states a person would see.
import { test, expect } from '@playwright/test';
import { seriousViolations } from './axe.mjs';

const pages = [
  ['knight, idle', '#/knight'],
  ['knight, paused in a tour', '#/knight?start=c3&step=10'],
  ['queens, by hand', '#/queens?n=8&mode=hand&queens=a1,c3'],
  ['queens, backtracking', '#/queens?n=6&mode=search&step=40'],
  ['cube', '#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY&solution=U&step=0'],
  ['counting lab', '#/count?board=5x5&start=a1&closed=0'],
];

for (const [name, hash, dark] of [...pages, ...pages.map(([n, h]) => [`${n}, dark`, h, true])]) {
  test(`no serious accessibility problems: ${name}`, async ({ browser }) => {
    // axe is injected as an inline script, which the page's CSP rightly refuses.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
    await page.goto(`/index.html${hash}`);
    await expect(page.locator('[data-status]').first()).toBeVisible();
    await page.waitForTimeout(800);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

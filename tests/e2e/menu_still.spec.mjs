// "Save picture" keeps its place while the pocket cube's distance table lands (the
// header's status line changes then, and the menu gains the chart's row): a person
// reaching for the menu or one of its formats must not miss. Opened before the table
// is there, the summary and every button already shown stay where they were.
import { test, expect } from '@playwright/test';

for (const [w, h] of [[1366, 768], [375, 740]]) {
  test(`the menu stays put when the table lands at ${w}px`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const menu = page.locator('[data-action="save-picture"]');
    const boxes = () => page.locator('details.save-picture summary, details.save-picture button')
      .evaluateAll((els) => els.map((el) => {
        const b = el.getBoundingClientRect();
        return { what: el.dataset.format || el.dataset.figureFormat || 'summary', x: b.x, y: b.y };
      }));
    // The table can land before the menu is opened (a quick worker): then this visit
    // cannot show the move, so open the page again, as a person reloading would.
    let before = [];
    let pending = 1;
    for (let visit = 0; visit < 5 && pending !== 0; visit++) {
      await page.goto('about:blank');
      await page.goto('/index.html#/cube');
      await expect(menu).toBeVisible({ timeout: 60_000 });
      await menu.click();
      before = await boxes();
      pending = await page.locator('.distance-chart').count();
    }
    await expect(page.locator('.distance-chart')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-figure="distance"]')).toBeVisible();
    const after = await boxes();
    console.log(`${w}px: table pending when opened: ${pending === 0}; ${before.length} then ${after.length} controls`);
    expect(pending).toBe(0);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
  });
}

// The counting lab's path-structure count in the command line's parts: the page's total
// equals `puzzlelab knight-count`'s (and the published 9,862 closed 6x6 tours); a tab
// closed halfway comes back to its saved parts and finishes with the same total; parts
// exported from one browser, or printed by the command line, are imported in another;
// a part of another count is refused by name and nothing saved is lost.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url).pathname;
const shots = new URL('./screenshots/', import.meta.url).pathname;
const results = new URL('./results/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
mkdirSync(results, { recursive: true });
const reference = JSON.parse(readFileSync(new URL('../reference/knight.json', import.meta.url)));
const closed6 = reference.closed_counts.find((r) => r.board === '6x6').undirected;

// The command line over the same solver: the binary `cargo test --profile checked` built
// (make test runs it before these specs), or a release one; built here if neither is.
function cli(args) {
  let bin = ['target/checked/puzzlelab', 'target/release/puzzlelab'].map((p) => root + p).find(existsSync);
  if (!bin) {
    execFileSync('cargo', ['build', '--profile', 'checked', '--bin', 'puzzlelab'], { cwd: root, stdio: 'ignore', timeout: 900_000 });
    bin = `${root}target/checked/puzzlelab`;
  }
  return JSON.parse(execFileSync(bin, args, { encoding: 'utf8' }));
}

const board = ['--board', '6x6', '--closed', '--method', 'frontier'];
const link = (extra = '') => `/index.html#/count?board=6x6&start=all&closed=1&method=frontier${extra}`;
const panel = (page) => page.locator('[data-count="knight"][data-method="frontier"]');
const result = (page) => page.locator('.count-result');

async function open(page, hash) {
  await page.goto(hash);
  // The saved parts have been looked for once the panel leaves "loading".
  await expect(panel(page)).not.toHaveAttribute('data-state', 'loading');
}

test('6x6 closed in parts: the page total is the command line total and the published one', async ({ page }) => {
  test.setTimeout(240_000);
  const whole = cli(['knight-count', ...board, '--threads', '1']);
  expect(whole.undirected).toBe(closed6);
  await open(page, link('&workers=2&parts=8'));
  await expect(panel(page)).toHaveAttribute('data-parts', '8');
  await panel(page).locator('[data-action="count"]').click();
  await expect(panel(page)).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(result(page)).toHaveAttribute('data-directed', String(whole.directed));
  await expect(result(page)).toHaveAttribute('data-undirected', String(whole.undirected));
  await expect(panel(page)).toHaveAttribute('data-saved', '8');
  // Every part's tours equal the command line's part of the same split.
  const download = page.waitForEvent('download');
  await panel(page).locator('[data-action="export-parts"]').click();
  const file = `${results}parts-6x6-closed.jsonl`;
  await (await download).saveAs(file);
  const mine = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(mine).toHaveLength(8);
  for (const part of mine) {
    const theirs = cli(['knight-count', ...board, '--part', `${part.part.index}/8`, '--threads', '1']);
    expect(part.part.fingerprint).toBe(theirs.part.fingerprint);
    expect(part.partial.class_totals).toEqual(theirs.partial.class_totals);
  }
  // And `puzzlelab merge` reads the page's export.
  const merged = JSON.parse(execFileSync(['target/checked/puzzlelab', 'target/release/puzzlelab'].map((p) => root + p).find(existsSync), ['merge', file], { encoding: 'utf8' }));
  expect(merged.undirected).toBe(closed6);
  for (const [theme, name] of [['light', 'light'], ['dark', 'dark']]) {
    await page.evaluate((t) => localStorage.setItem('puzzlelab-theme', t), theme);
    for (const [w, h] of [[1366, 768], [375, 667]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.reload();
      await expect(panel(page)).toHaveAttribute('data-state', 'done');
      await page.screenshot({ path: `${shots}count-parts-${name}-${w}.png`, fullPage: w < 400 });
    }
  }
});

test('a tab closed halfway comes back to its saved parts and finishes with the same total', async ({ browser }) => {
  test.setTimeout(240_000);
  // The tab must close while some parts are still to do; on a loaded machine the page
  // may draw "3 saved" only after the last part is in. Then the scenario is run again in
  // a fresh browser context (its own storage), up to three times.
  let context, again, resumed = 24;
  for (let attempt = 0; attempt < 3 && resumed === 24; attempt++) {
    await context?.close();
    context = await browser.newContext();
    const first = await context.newPage();
    // 24 parts on one worker: slow enough to close the tab between parts.
    await open(first, link('&parts=24&workers=1'));
    await panel(first).locator('[data-action="count"]').click();
    // Polled often: on a quiet machine the 24 parts take about two seconds.
    await expect.poll(async () => Number(await panel(first).getAttribute('data-saved') || 0), { timeout: 120_000, intervals: [20] }).toBeGreaterThanOrEqual(3);
    const savedBefore = Number(await panel(first).getAttribute('data-saved'));
    await first.close();
    again = await context.newPage();
    await open(again, link('&parts=24&workers=1'));
    resumed = Number(await panel(again).getAttribute('data-resumed'));
    expect(resumed).toBeGreaterThanOrEqual(savedBefore);
  }
  expect(resumed).toBeLessThan(24);
  await expect(panel(again).locator('[data-parts-notice]')).toContainText('saved in this browser');
  await expect(panel(again).locator('[data-action="count"]')).toContainText(`${24 - resumed} parts left`);
  await panel(again).locator('[data-action="count"]').click();
  await expect(panel(again)).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(result(again)).toHaveAttribute('data-undirected', String(closed6));
  // Only the missing parts ran in the reopened tab.
  await expect(result(again)).toHaveAttribute('data-run-parts', String(24 - resumed));
  await context.close();
});

test('parts move between browsers and from the command line; a foreign part is refused by name', async ({ browser }) => {
  test.setTimeout(240_000);
  // The command line's eight parts, one file.
  const cliFile = `${results}cli-parts-6x6-closed.jsonl`;
  const cliParts = [];
  for (let i = 1; i <= 8; i++) cliParts.push(cli(['knight-count', ...board, '--part', `${i}/8`, '--threads', '1']));
  writeFileSync(cliFile, cliParts.map((p) => JSON.stringify(p)).join('\n'));
  // A browser counts half of them itself (parts 1-4 imported from the command line's
  // first half, then the rest counted) and exports the lot.
  const one = await browser.newContext();
  const a = await one.newPage();
  await open(a, link('&workers=2&parts=8'));
  const halfFile = `${results}cli-half.jsonl`;
  writeFileSync(halfFile, cliParts.slice(0, 4).map((p) => JSON.stringify(p)).join('\n'));
  await a.locator('input[name="import-parts"]').setInputFiles(halfFile);
  await expect(panel(a)).toHaveAttribute('data-parts-done', '4');
  await expect(panel(a).locator('[data-parts-notice]')).toContainText('4 new parts');
  await panel(a).locator('[data-action="count"]').click();
  await expect(panel(a)).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(result(a)).toHaveAttribute('data-undirected', String(closed6));
  await expect(result(a)).toHaveAttribute('data-run-parts', '4');
  const download = a.waitForEvent('download');
  await panel(a).locator('[data-action="export-parts"]').click();
  const exported = `${results}exported-6x6-closed.jsonl`;
  await (await download).saveAs(exported);
  await one.close();

  // A fresh browser: a part of another count is refused, naming it; nothing is lost.
  const two = await browser.newContext();
  const b = await two.newPage();
  await open(b, link('&workers=2&parts=8'));
  await b.locator('input[name="import-parts"]').setInputFiles(halfFile);
  await expect(panel(b)).toHaveAttribute('data-parts-done', '4');
  const foreign = cli(['knight-count', '--board', '5x6', '--closed', '--method', 'frontier', '--part', '2/8', '--threads', '1']);
  const forged = { ...cliParts[6], part: { ...cliParts[6].part, fingerprint: foreign.part.fingerprint } };
  const badFile = `${results}foreign-part.json`;
  writeFileSync(badFile, JSON.stringify(forged));
  await b.locator('input[name="import-parts"]').setInputFiles(badFile);
  const alert = panel(b).locator('[role="alert"]');
  await expect(alert).toContainText('foreign-part.json was not imported');
  await expect(alert).toContainText('part 7 of 8');
  await expect(alert).toContainText('fingerprint');
  await expect(panel(b)).toHaveAttribute('data-parts-done', '4');
  await b.screenshot({ path: `${shots}count-parts-refused.png` });
  // The other board's own part: refused for its board.
  const otherFile = `${results}other-board-part.json`;
  writeFileSync(otherFile, JSON.stringify(foreign));
  await b.locator('input[name="import-parts"]').setInputFiles(otherFile);
  await expect(alert).toContainText('part 2 of 8 counts 5x6');
  await expect(panel(b)).toHaveAttribute('data-parts-done', '4');
  // The first browser's export: the whole count, nothing left to run.
  await b.locator('input[name="import-parts"]').setInputFiles(exported);
  await expect(panel(b)).toHaveAttribute('data-state', 'done');
  await expect(result(b)).toHaveAttribute('data-undirected', String(closed6));
  await expect(result(b)).toHaveAttribute('data-directed', String(cli(['knight-count', ...board, '--threads', '1']).directed));
  // What was imported is saved: a reload still has the total.
  await expect(panel(b)).toHaveAttribute('data-saved', '8');
  await b.reload();
  await expect(result(b)).toHaveAttribute('data-undirected', String(closed6));
  await two.close();

  // The command line's parts alone, in a third browser, give the same total.
  const three = await browser.newContext();
  const c = await three.newPage();
  await open(c, link());
  await c.locator('input[name="import-parts"]').setInputFiles(cliFile);
  await expect(result(c)).toHaveAttribute('data-undirected', String(closed6));
  await three.close();
});

// The N-queens workbench as a person uses it: place queens, watch backtracking, count.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const reference = JSON.parse(readFileSync(new URL('../reference/queens.json', import.meta.url)));

async function openQueens(page, hash = '#/queens') {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-square="a1"]')).toBeVisible();
}

const stat = (page, key) => page.locator(`[data-stat="${key}"]`);

/** Reads the queens on the board and checks them from the rules: null if a solution. */
async function checkBoard(page, n) {
  const queens = await page.locator('[data-queen="true"]').evaluateAll((els) => els.map((el) => el.dataset.square));
  if (queens.length !== n) return `${queens.length} queens`;
  const at = queens.map((q) => [q.charCodeAt(0) - 97, Number(q.slice(1)) - 1]);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = [at[i], at[j]];
      if (a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1])) {
        return `${queens[i]} attacks ${queens[j]}`;
      }
    }
  }
  return null;
}

test('two attacking queens are marked, a peaceful eight is solved', async ({ page }) => {
  await openQueens(page);
  await page.locator('[data-square="a1"]').click();
  await page.locator('[data-square="c3"]').click();
  await expect(page.locator('[data-conflict="true"]')).toHaveCount(2);
  await expect(page.locator('[data-status]')).toContainText('1 attacking pair');
  await expect(page.locator('[data-square="h8"]')).toHaveAttribute('data-attacked', 'true');
  await expect(page.locator('[data-square="b5"]')).not.toHaveAttribute('data-attacked', 'true');
  await expect(page.locator('[data-square="b3"]')).toHaveAttribute('data-attacked', 'true'); // c3's row
  await page.screenshot({ path: `${shots}queens-conflict.png`, fullPage: true });
  await page.locator('[data-square="c3"]').click(); // take it back
  await expect(page.locator('[data-conflict="true"]')).toHaveCount(0);
  for (const sq of ['b5', 'c8', 'd6', 'e3', 'f7', 'g2', 'h4']) await page.locator(`[data-square="${sq}"]`).click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  expect(await checkBoard(page, 8)).toBe(null);
  await expect(page).toHaveURL(/queens=a1,b5,c8,d6,e3,f7,g2,h4/);
});

test('backtracking on 8x8 ends with 92 solutions and the article\'s counters', async ({ page }) => {
  const facts = reference.eight_queens_backtracking;
  await openQueens(page, '#/queens?n=8&mode=search&step=0');
  await page.locator('[data-action="next-solution"]').click();
  await expect(stat(page, 'solutions')).toHaveText('1');
  await expect(page.locator('[data-status]')).toContainText(facts.first_solution);
  expect(await checkBoard(page, 8)).toBe(null);
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 20_000 });
  await expect(page.locator('[data-status]')).toContainText('92 solutions');
  await expect(stat(page, 'nodes')).toHaveText(String(facts.tree_nodes_including_root));
  await expect(stat(page, 'tested-all')).toHaveText(String(facts.squares_tested_trying_all_rows));
  await expect(stat(page, 'tested-free')).toHaveText(String(facts.squares_tested_skipping_used_rows));
  await expect(stat(page, 'solutions')).toHaveText('92');
  await page.screenshot({ path: `${shots}queens-search-done.png`, fullPage: true });
});

test('browse solutions with their symmetry class, step back, and reopen the link', async ({ page, context }) => {
  await openQueens(page, '#/queens?n=6&mode=search');
  const seen = [];
  for (let i = 0; i < 4; i++) {
    await page.locator('[data-action="next-solution"]').click();
    await expect(stat(page, 'solutions')).toHaveText(String(i + 1));
    expect(await checkBoard(page, 6)).toBe(null);
    seen.push(await page.locator('.symmetry').getAttribute('data-fundamental'));
  }
  // 6x6 has 4 solutions forming a single class.
  expect(new Set(seen).size).toBe(1);
  await expect(page.locator('.symmetry')).toHaveAttribute('data-class-size', '4');
  await page.locator('[data-action="previous-solution"]').click();
  await expect(stat(page, 'solutions')).toHaveText('3');
  const steps = Number(await stat(page, 'steps').innerText());
  await page.locator('[data-action="step-back"]').click();
  await expect(stat(page, 'steps')).toHaveText(String(steps - 1));
  await page.locator('[data-action="step"]').click();
  await expect(stat(page, 'steps')).toHaveText(String(steps));
  await expect(page).toHaveURL(new RegExp(`step=${steps}`));
  await page.locator('[data-action="scrub"]').fill('0');
  await expect(page.locator('[data-queen="true"]')).toHaveCount(0);
  await page.locator('[data-action="scrub"]').fill(String(steps));
  await expect(stat(page, 'steps')).toHaveText(String(steps));
  const board = await page.locator('[data-queen="true"]').evaluateAll((els) => els.map((e) => e.dataset.square));
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await expect(fresh.locator('[data-queen="true"]')).toHaveCount(6);
  expect(await fresh.locator('[data-queen="true"]').evaluateAll((els) => els.map((e) => e.dataset.square))).toEqual(board);
});

test('count N = 10 exactly; start N = 18, cancel, and the page stays usable', async ({ page }) => {
  await openQueens(page, '#/queens?n=10');
  await page.locator('[data-action="count"]').click();
  const result = page.locator('.count-result');
  await expect(result).toHaveAttribute('data-unique', String(reference.unique[9]), { timeout: 30_000 });
  await expect(result).toHaveAttribute('data-solutions', String(reference.solutions[9]));

  const n = page.locator('input[name="n"]');
  await n.fill('18');
  await n.press('Enter');
  await expect(page.locator('.count-panel h3')).toContainText('N = 18');
  await page.locator('[data-action="count"]').click();
  await expect(page.locator('.count-panel')).toHaveAttribute('data-count-state', 'running');
  await expect(page.locator('[data-progress]')).not.toHaveAttribute('data-progress', '0', { timeout: 30_000 });
  await page.screenshot({ path: `${shots}queens-counting.png`, fullPage: true });
  await page.locator('[data-action="cancel-count"]').click();
  await expect(page.locator('.count-panel')).toContainText('Cancelled after');
  // Still usable: place a queen, and count a small board again at once.
  await page.locator('[data-square="a1"]').click();
  await expect(page.locator('[data-square="a1"]')).toHaveAttribute('data-queen', 'true');
  await n.fill('9');
  await n.press('Enter');
  await page.locator('[data-action="count"]').click();
  await expect(result).toHaveAttribute('data-solutions', String(reference.solutions[8]), { timeout: 30_000 });
});

test('bad links and limits explain themselves', async ({ page }) => {
  await openQueens(page, '#/queens?n=99&queens=a1,z9');
  await expect(page.getByRole('alert')).toContainText('N must be 1 to 32');
  await expect(page.locator('[data-square]')).toHaveCount(64);
  await expect(page.locator('[data-queen="true"]')).toHaveCount(1);
  const n = page.locator('input[name="n"]');
  await n.fill('32');
  await n.press('Enter');
  await expect(page.locator('[data-square]')).toHaveCount(32 * 32);
  await page.locator('[data-action="count"]').click();
  await expect(page.locator('.count-panel')).toContainText('N must be 1 to 23');
});

test('the JavaScript API: QueensSearch and exact BigInt counts', async ({ page }) => {
  await openQueens(page);
  const r = await page.evaluate(() => {
    const b = window.wasmBindings;
    const s = new b.QueensSearch(8);
    s.run(1e9);
    const first = new b.QueensSearch(8, true);
    first.run(1e9);
    const total = b.countQueens(12);
    return { status: s.status(), stats: s.stats(), first: first.placement(), total: String(total),
      type: typeof total, unique: String(b.uniqueQueens(12, total)) };
  });
  expect(r.status).toBe('solved');
  expect(r.stats.nodes).toBe(2057);
  expect(r.stats.solutions).toBe(92);
  expect(r.first).toBe(reference.eight_queens_backtracking.first_solution);
  expect(r.type).toBe('bigint');
  expect(r.total).toBe(String(reference.solutions[11]));
  expect(r.unique).toBe(String(reference.unique[11]));
});

test('the board works from the keyboard: arrows move, Enter places a queen', async ({ page }) => {
  await openQueens(page, '#/queens?n=6');
  await page.locator('[data-square="a1"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[data-square="b3"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-square="b3"]')).toHaveAttribute('data-queen', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft'); // stays on the board's edge
  await expect(page.locator('[data-square="a3"]')).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.locator('[data-conflict="true"]')).toHaveCount(2);
});

test('playback keys step the backtracking search', async ({ page }) => {
  await openQueens(page, '#/queens?n=8&mode=search&step=0');
  await page.locator('h2').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stat(page, 'steps')).toHaveText('2');
  await page.keyboard.press('ArrowLeft');
  await expect(stat(page, 'steps')).toHaveText('1');
  await page.keyboard.press('End');
  await expect(stat(page, 'solutions')).toHaveText('92', { timeout: 20_000 });
});

test('a link can start a count on a chosen number of workers, and the panel reports its time', async ({ page }) => {
  await page.goto('/index.html#/queens?n=10&workers=1&count=1');
  const panel = page.locator('[data-count="queens"]');
  await expect(panel).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(panel).toHaveAttribute('data-workers', '1');
  expect(Number(await panel.getAttribute('data-elapsed-ms'))).toBeGreaterThanOrEqual(0);
  // Totals and symmetry classes from the one search: OEIS A000170 and A002562.
  await expect(page.locator('.count-result')).toHaveAttribute('data-solutions', '724');
  await expect(page.locator('.count-result')).toHaveAttribute('data-unique', '92');
  await expect(page).toHaveURL(/workers=1/);
});

// "Save picture" for the search tree (queens and the knight), as a person uses it: the
// tree's own row in the menu, the SVG read back with the browser's XML parser: one rect
// per node the page draws, with its depth, counts and kind, filled as the page fills it
// (computed styles), the page's node counter when nothing is folded; and screenshots.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const QUEENS = '#/queens?n=6&mode=search&view=tree&step=60';
const KNIGHT = '#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&prune=1&fast=0&search=40&view=tree';

async function open(page, hash, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('.search-tree [data-node]').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-tree-building]')).toHaveCount(0, { timeout: 30_000 });
}

async function saveTree(page, format) {
  await page.locator('[data-action="save-picture"]').click();
  await expect(page.locator('[data-figure="tree"]')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-figure="tree"] [data-figure-format="${format}"]`).click(),
  ]);
  await expect(page.locator('details.save-picture')).not.toHaveAttribute('open', '');
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

// What the page draws: each node's hooks and its rect's computed fill.
function shownNodes(page) {
  return page.locator('.search-tree [data-node]').evaluateAll((gs) => gs.map((g) => ({
    node: g.dataset.node, depth: g.dataset.depth, count: g.dataset.count,
    solutions: g.dataset.solutions, fill: getComputedStyle(g.querySelector('rect')).fill,
  })));
}

// The saved SVG's nodes, their fills as the browser computes them.
function readSvg(page, text) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const probe = document.createElement('span');
    document.body.append(probe);
    const rgb = (c) => { probe.style.color = c; return getComputedStyle(probe).color; };
    const nodes = [...doc.querySelectorAll('rect[data-node]')].map((r) => ({
      node: r.getAttribute('data-node'), depth: r.getAttribute('data-depth'),
      count: r.getAttribute('data-count'), solutions: r.getAttribute('data-solutions'),
      fill: rgb(r.getAttribute('fill')), kind: r.getAttribute('data-kind'), move: r.getAttribute('data-move'),
    }));
    probe.remove();
    return {
      nodes,
      cuts: doc.querySelectorAll('rect[data-cut]').length,
      link: doc.querySelector('metadata link')?.getAttribute('href'),
    };
  }, text);
}

for (const dark of [false, true]) {
  test(`queens tree (${dark ? 'dark' : 'light'}): one rect per node, as the page draws them`, async ({ page }) => {
    await open(page, QUEENS, { dark });
    const shown = await shownNodes(page);
    const counter = await page.locator('[data-stat="nodes"]').textContent();
    const { name, bytes } = await saveTree(page, 'svg');
    expect(name).toBe('queens-6-tree-step-60.svg');
    const read = await readSvg(page, bytes.toString());
    expect(read.nodes.map(({ kind, move, ...rest }) => rest)).toEqual(shown);
    expect(read.nodes.length).toBe(Number(counter.replace(/,/g, '')));
    expect(await page.locator('.search-tree').getAttribute('data-hidden')).toBe('0');
    expect(read.cuts).toBe(await page.locator('.search-tree [data-cut]').count());
    expect(read.nodes[0].move).toBe('start');
    expect(read.nodes.filter((n) => n.depth === '1').map((n) => n.move)).toContain('a1');
    expect(read.link).toContain('#/queens?');
    const png = await saveTree(page, 'png-1x');
    expect(png.name).toBe('queens-6-tree-step-60.png');
    expect(png.bytes.readUInt32BE(16)).toBe(1000);
    writeFileSync(`${shots}tree-picture-saved-${dark ? 'dark' : 'light'}.png`, png.bytes); // to look at
  });
}

test('knight tree: the nodes the page draws, with their squares', async ({ page }) => {
  await open(page, KNIGHT);
  const shown = await shownNodes(page);
  const { name, bytes } = await saveTree(page, 'svg');
  expect(name).toBe('knight-5x5-c1-tree-step-40.svg');
  const read = await readSvg(page, bytes.toString());
  expect(read.nodes.map(({ kind, move, ...rest }) => rest)).toEqual(shown);
  expect(read.nodes.length).toBeGreaterThan(1);
  // Every move names a square of the 5×5 board.
  expect(read.nodes.slice(1).every((n) => /^[a-e][1-5]$/.test(n.move))).toBe(true);
});

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    test(`the tree's row in the menu at ${w}px (${dark ? 'dark' : 'light'}): screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await open(page, QUEENS, { dark });
      await page.locator('[data-action="save-picture"]').click();
      await expect(page.locator('[data-figure="tree"]')).toBeVisible();
      await page.screenshot({ path: `${shots}tree-picture-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    });
  }
}

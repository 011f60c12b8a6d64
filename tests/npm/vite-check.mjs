// Opens the Vite build of tests/npm/vite-app in Debian's Chromium and checks what the
// page found: the count against the published one, the tour by the rules, the solution
// by the sticker model. Usage: node vite-check.mjs DIST REPO
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import assert from 'node:assert/strict';

const [dist, repo] = process.argv.slice(2);
const { checkTour } = await import(`${repo}/tests/e2e/tour-check.mjs`);
const { RUBIK } = await import(`${repo}/tests/e2e/cube-models.mjs`);
const knight = JSON.parse(await readFile(`${repo}/tests/reference/knight.json`, 'utf8'));
const port = Number(process.env.PORT || 8877);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], { stdio: 'ignore' });
try {
  await new Promise((r) => setTimeout(r, 800));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  const out = page.locator('#result');
  await page.waitForFunction(() => document.getElementById('result').textContent !== 'working…', null, { timeout: 120_000 });
  const failed = await out.getAttribute('data-error');
  assert.equal(failed, null, failed);
  const r = JSON.parse(await out.getAttribute('data-result'));
  const open5 = knight.open_counts.find((row) => row.board === '5x5' && row.start === undefined);
  assert.equal(r.directed, String(open5.directed));
  assert.ok(r.progress > 1, `${r.progress} progress reports`);
  assert.equal(r.status, 'solved');
  assert.equal(checkTour(8, 8, 'a1', Object.fromEntries(r.path.map((s, i) => [s, i + 1]))), null);
  assert.equal(RUBIK.apply(r.state, r.solution), RUBIK.solved);
  assert.equal(r.elements, true, 'the elements entry sees a browser');
  // The element, from the package alone: its tour by the rules, its board drawn.
  assert.equal(r.element.board, '5x5');
  assert.equal(checkTour(5, 5, 'a1', Object.fromEntries(r.element.tour.map((s, i) => [s, i + 1]))), null);
  assert.match(r.element.link, /^#\/knight\?board=5x5&start=a1/);
  assert.equal(r.squares, 25);
  // The optimal solve: it solves, no longer than the scramble, its depths reported.
  const moves = r.optimal.solution.split(' ').filter(Boolean);
  assert.equal(RUBIK.apply(r.optimal.state, r.optimal.solution), RUBIK.solved);
  assert.ok(moves.length <= r.optimal.scramble.split(' ').length, r.optimal.solution);
  assert.ok(r.optimal.depths.length > 0, 'no progress from the optimal solve');
  assert.deepEqual(errors, []);
  await browser.close();
  console.log(`vite-app: ok (${r.solution.split(' ').length}-move solution, ${r.progress} progress reports)`);
} finally {
  server.kill();
}

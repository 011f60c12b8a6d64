// An embedded cube's first paint and what it costs to fetch ("drawn": the element's
// stickers or 3D canvas are there, then two frames; and the browser's first contentful
// paint where it reports one): PuzzleLab's <puzzlelab-rubik> from the one script tag
// (dist/elements.js), and, when TWISTY_DIST names a built page holding cubing.js's
// <twisty-player> alone (never part of this repo: see issue 42's note for how it was
// made), the same for it, in one run.
// Usage: node benches/embed.mjs [runs]  (after `make build`)
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { serveDist, openChromium } from './chromium.mjs';

const runs = Number(process.argv[2] || 5);
const port = Number(process.env.PORT || 8798);
const dist = process.env.DIST || 'dist';
const STATE = 'DUUDUUDRRBBBDRRLFFBDDBFFFFFUUUDDLBBLFLLFLLUBRLLRUBRDRR';
const host = `<!doctype html><meta charset="utf-8"><title>one cube</title>
<script type="module" src="/elements.js"></script>
<puzzlelab-rubik state="${STATE}" compact></puzzlelab-rubik>`;

/** Milliseconds from navigation to `drawn()` being true, then one frame; and the files. */
async function firstPaint(page, url, drawn, route) {
  if (route) await page.route(url, (r) => r.fulfill({ body: route, contentType: 'text/html' }));
  // twisty-player's shadow roots are closed: opened here so the bench can see its canvas.
  await page.addInitScript(() => {
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) { return attach.call(this, { ...init, mode: 'open' }); };
  });
  await page.goto(url);
  await page.waitForFunction(drawn, null, { timeout: 60_000, polling: 'raf' });
  // Two frames more: the frame that draws, and the one that shows it.
  const ms = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))));
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const files = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  return { ms, fcp, files: [new URL(url).pathname, ...files] };
}

/** The files' bytes and gzip bytes, read from `dir`. */
async function sizes(dir, paths, inline) {
  let raw = 0, gz = 0;
  for (const path of new Set(paths)) {
    const bytes = path.endsWith('/bench-rubik.html') ? Buffer.from(inline) : await readFile(`${dir}${path}`).catch(() => null);
    if (!bytes) continue;
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gz };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const peers = [{
  name: 'puzzlelab-rubik', dir: dist, url: `http://127.0.0.1:${port}/bench-rubik.html`, inline: host,
  drawn: () => document.querySelector('puzzlelab-rubik')?.shadowRoot?.querySelectorAll('[data-sticker]').length >= 54,
}];
if (process.env.TWISTY_DIST) {
  peers.push({
    name: 'twisty-player', dir: process.env.TWISTY_DIST, url: `http://127.0.0.1:${port + 1}/index.html`,
    // Drawn: its 3D view's canvas has a size (cubing.js draws into it each frame).
    drawn: () => {
      const deep = (root) => [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? deep(e.shadowRoot) : [])]);
      const player = document.querySelector('twisty-player');
      return player?.shadowRoot && deep(player.shadowRoot).some((e) => e.tagName === 'CANVAS' && e.width > 0);
    },
  });
}
const servers = peers.map((p, i) => serveDist(port + i, p.dir));
try {
  const { browser } = await openChromium();
  for (const peer of peers) {
    const times = [];
    const fcps = [];
    let files = [];
    for (let i = 0; i < runs; i++) {
      // A fresh context each run: nothing cached, as a reader's first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const run = await firstPaint(page, peer.url, peer.drawn, peer.inline);
      times.push(run.ms);
      fcps.push(run.fcp ?? NaN);
      files = run.files;
      await context.close();
    }
    const size = await sizes(peer.dir, files, peer.inline);
    console.log(`${peer.name}: drawn median ${median(times).toFixed(0)} ms over ${runs} runs ` +
      `(first contentful paint ${fcps.some(Number.isNaN) ? 'not reported' : `median ${median(fcps).toFixed(0)} ms`}) ` +
      `(${times.map((t) => t.toFixed(0)).join(', ')}); ${files.length} files, ${(size.raw / 1024).toFixed(0)} KiB, ` +
      `${(size.gz / 1024).toFixed(0)} KiB gzip`);
  }
  await browser.close();
} finally {
  for (const s of servers) s.kill();
}

// "Prove optimal" on #/rubik in Debian's Chromium over random states (seeds FIRST..LAST of
// `puzzlelab rubik scramble`): the page's proof on its proof workers, with the two-phase
// search beside them. Per state it prints the optimal length (or the best found and what
// is proven when SECONDS run out), nodes, search time (after the tables), wall time from
// the click, the workers and their nodes, and whether the length equals the command
// line's (`puzzlelab rubik solve --state S --optimal`, run after the browser so the two
// never share the cores, or read from CLI_LENGTHS, a JSON file {"seed": length}); then
// the median time and the load averages. "agrees" is yes, NO, or "capped": SECONDS
// stopped the state with its lower bound and best bracketing the command line's length.
// The target: a median under 10 s a state on two workers.
//   PORT=8802 FIRST=0 LAST=4 SECONDS=900 [TABLE=small|big|h16-0] [TABLES_SECONDS=1800] node benches/rubik_optimal_browser.mjs
// (SEEDS=3,6,11 instead of FIRST..LAST: those states only, in one browser, so the tables
// are built once; STATE=<54 facelets> proves that one state, e.g. the superflip)
// (SECONDS caps each state's search once its workers have their tables; TABLES_SECONDS
// caps getting them)
// (PROFILE=<folder>: a browser profile kept there, so tables kept by one run are read by
// the next instead of built again, at the same PORT: IndexedDB is the origin's; a new
// PORT is a first visit; LOG=<file>: the page's console lines, and with
// DEBUG=pw:browser the workers' too, from the browser's own log on standard error)
// (TABLE: the table beside the corner table, as the page's control names it: the small,
// 35 MB one by default; big, the page's default, 833 MB; h16-0, the tetrad-slice table,
// 1.35 GB, the CLI's --h16 0; a big one is built once per browser. BIG=1 is TABLE=big.)
//   (after a release build of the page, `trunk build --release`, and `cargo build --release`)
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { serveDist } from './chromium.mjs';

const FIRST = Number(process.env.FIRST || 0);
const LAST = Number(process.env.LAST || 4);
const SEEDS = process.env.STATE ? ['state'] : process.env.SEEDS
  ? process.env.SEEDS.split(',').map(Number)
  : Array.from({ length: LAST - FIRST + 1 }, (_, i) => FIRST + i);
const SECONDS = Number(process.env.SECONDS || 900);
const TABLES_SECONDS = Number(process.env.TABLES_SECONDS || 1800);
const CLI = 'target/release/puzzlelab';
const TABLE = process.env.TABLE || (process.env.BIG ? 'big' : 'small');
// The link's key for it, and the command line's flag for the same table.
const h16Level = TABLE.startsWith('h16-') ? TABLE.slice(4) : null;
const TABLE_LINK = TABLE === 'small' ? '&small-table=1' : h16Level !== null ? `&h16=${h16Level}` : '';
const CLI_TABLE = h16Level !== null ? ['--h16', h16Level] : [];
const port = Number(process.env.PORT || 8802);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const scrambled = (seed) => JSON.parse(execFileSync(CLI, ['rubik', 'scramble', '--seed', String(seed)]).toString()).state;

/// Proves `state` on the page at `base`; gives up (Stop) after SECONDS.
async function proveInPage(page, base, state) {
  // A fresh document per state: its proof workers start again and read the tables kept
  // in the browser (the first state builds them).
  await page.goto('about:blank');
  await page.goto(`${base}/index.html#/rubik?state=${state}${TABLE_LINK}`);
  await page.locator('[data-action="prove"]').waitFor();
  const t0 = Date.now();
  await page.locator('[data-action="prove"]').click();
  const proof = page.locator('.rubik-proof');
  const ended = page.locator('.rubik-proof:not([data-proof="running"])');
  // SECONDS is the search's: the tables come first (built once per browser, minutes for
  // the big one, then read back), so the clock starts when every worker has its tables.
  await page.waitForFunction(() => {
    const el = document.querySelector('.rubik-proof');
    if (!el) return false;
    if (el.dataset.proof !== 'running') return true;
    const shares = [...el.querySelectorAll('[data-share]')];
    return shares.length > 0 && shares.every((s) => s.dataset.shareTables);
  }, null, { timeout: TABLES_SECONDS * 1000, polling: 250 });
  try {
    await ended.waitFor({ timeout: SECONDS * 1000 });
  } catch {
    await page.locator('[data-action="stop"]').click();
    await ended.waitFor({ timeout: 10_000 });
  }
  const wallMs = Date.now() - t0;
  // Tables built for this state are written to IndexedDB while and after it runs: leaving
  // the page before that ends would lose them, and the next state would build them again.
  if (await proof.getAttribute('data-tables-source') === 'built') {
    await page.locator('.rubik-proof[data-tables-kept="true"]').waitFor({ timeout: 600_000 });
  }
  const r = await proof.evaluate((el) => ({
    status: el.dataset.proof,
    length: Number(el.dataset.length),
    proven: Number(el.dataset.proven),
    twoPhase: Number(el.dataset.twoPhaseLength),
    nodes: Number(el.dataset.nodes),
    searchMs: Number(el.dataset.elapsedMs),
    tablesMs: Number(el.dataset.tablesMs),
    tables: el.dataset.tablesSource,
    table: el.dataset.tablesTable,
    workers: Number(el.dataset.workers),
    best: el.dataset.best,
    shareNodes: [...el.querySelectorAll('[data-share]')].map((s) => Number(s.dataset.shareNodes)),
    improverFound: Number(el.querySelector('[data-improver]')?.dataset.improverFound || 0),
  }));
  return { ...r, wallMs };
}

const server = serveDist(port, process.env.DIST || 'dist');
await new Promise((r) => setTimeout(r, 1000));
const rows = [];
const loadBefore = load();
try {
  const launch = {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', ...(process.env.LOG ? ['--enable-logging=stderr', '--v=0'] : [])],
  };
  const browser = process.env.PROFILE
    ? await chromium.launchPersistentContext(process.env.PROFILE, launch)
    : await chromium.launch(launch);
  const page = await browser.newPage();
  if (process.env.LOG) {
    page.on('console', (m) => appendFileSync(process.env.LOG, `${new Date().toISOString()} ${m.type()} ${m.text()}\n`));
  }
  for (const seed of SEEDS) {
    const state = process.env.STATE || scrambled(seed);
    const r = await proveInPage(page, `http://127.0.0.1:${port}`, state);
    rows.push({ seed, state, ...r });
    console.log(JSON.stringify({ seed, ...r, load: load() }));
  }
  await browser.close();
} finally {
  server.kill();
}
const loadAfterBrowser = load();

// The command line's optimal lengths (its default table, or the tetrad-slice one when the
// page used it; the length does not depend on the table).
const known = process.env.CLI_LENGTHS && existsSync(process.env.CLI_LENGTHS)
  ? JSON.parse(readFileSync(process.env.CLI_LENGTHS, 'utf8')) : {};
for (const row of rows) {
  // Only a proven length has anything to agree with; a command line that runs out of
  // time (SECONDS) leaves the state unchecked, not the bench stopped.
  if (known[row.seed] === undefined && row.status === 'proven optimal') {
    try {
      const out = JSON.parse(execFileSync(CLI, ['rubik', 'solve', '--state', row.state, '--optimal', ...CLI_TABLE],
        { stdio: ['ignore', 'pipe', 'ignore'], timeout: SECONDS * 1000 }).toString());
      known[row.seed] = out.status === 'proven optimal' ? out.length : null;
    } catch {
      known[row.seed] = null;
    }
  }
  row.cli = known[row.seed] ?? null;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : null; };
console.log('seed  length  proven  two-phase  nodes        search s  wall s  workers  share nodes            cli  agrees');
// A state the cap stopped agrees with nothing yet; it is consistent with the command
// line when the CLI's length lies between its lower bound and the best it found.
const consistent = (r) => r.cli !== null && r.proven <= r.cli && r.cli <= r.length;
const verdict = (r) => r.status === 'proven optimal'
  ? (r.cli === r.length ? 'yes' : 'NO')
  : consistent(r) ? 'capped' : 'NO';
for (const r of rows) {
  console.log([String(r.seed).padEnd(5), String(r.length).padEnd(7), String(r.proven).padEnd(7), String(r.twoPhase).padEnd(10),
    String(r.nodes).padEnd(12), (r.searchMs / 1000).toFixed(1).padEnd(9), (r.wallMs / 1000).toFixed(1).padEnd(7),
    String(r.workers).padEnd(8), r.shareNodes.join('/').padEnd(22), String(r.cli).padEnd(4), verdict(r)].join(' '));
}
const proven = rows.filter((r) => r.status === 'proven optimal');
console.log(JSON.stringify({
  table: TABLE,
  states: rows.length,
  proven: proven.length,
  all_agree: rows.every((r) => r.status === 'proven optimal' && r.cli === r.length),
  // No state contradicts the command line (capped ones bracket its length).
  none_disagree: rows.every((r) => verdict(r) !== 'NO'),
  // Unproven states count as the time they were given (a lower bound on their time).
  median_wall_s: median(rows.map((r) => r.wallMs / 1000)),
  median_search_s: median(rows.map((r) => r.searchMs / 1000)),
  // The first state's tables: built on a first visit, read back after.
  first_tables_s: rows.length ? rows[0].tablesMs / 1000 : null,
  first_tables_source: rows[0]?.tables ?? null,
  mean_length: proven.length ? proven.reduce((a, r) => a + r.length, 0) / proven.length : null,
  nodes_per_s: rows.reduce((a, r) => a + r.nodes, 0) / rows.reduce((a, r) => a + r.searchMs / 1000, 0),
  load_before: loadBefore,
  load_after_browser: loadAfterBrowser,
  load_end: load(),
}));

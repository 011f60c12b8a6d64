// What the browser benchmarks share: dist/ served on a port, and a page in Debian's
// Chromium once the server is up.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';

/** Serves `dir` on 127.0.0.1:`port` (Python's static server); stop it with `.kill()`. */
export function serveDist(port, dir) {
  return spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir],
    { stdio: 'ignore' });
}

/** Gives the server a moment to start, then opens a page in headless Chromium. */
export async function openChromium() {
  await new Promise((r) => setTimeout(r, 800));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return { browser, page: await browser.newPage() };
}

// What the browser benchmarks share: dist/ served on a port, and a page in Debian's
// Chromium once the server is up.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';

// Python's static server, with nothing kept by the browser: with a profile kept between
// runs (PROFILE), the stock server answers 304 to any file no newer than the copy asked
// about, so a build older than the last one served on the port ran the newer one's page.
const SERVER = `
import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        del self.headers['If-Modified-Since']
        return super().send_head()
    def end_headers(self):
        self.send_header('Cache-Control', 'no-store')
        super().end_headers()
    def log_message(self, *args):
        pass
handler = functools.partial(Handler, directory=sys.argv[2])
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), handler).serve_forever()
`;

/** Serves `dir` on 127.0.0.1:`port` (Python's static server); stop it with `.kill()`. */
export function serveDist(port, dir) {
  return spawn('python3', ['-c', SERVER, String(port), dir], { stdio: 'ignore' });
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

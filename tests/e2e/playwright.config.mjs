// Playwright drives Debian's Chromium (never a downloaded browser) against `dist/`,
// which `make build` produced, served by Python on 127.0.0.1.
import { defineConfig } from '@playwright/test';

// PORT lets several checkouts test side by side on one machine.
const port = Number(process.env.PORT || 8765);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  outputDir: './results',
  timeout: 90_000,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic',
        '--no-first-run', '--disable-background-networking', '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `python3 -m http.server ${port} --bind 127.0.0.1 --directory dist`,
    cwd: '../..',
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'ignore',
    timeout: 30_000,
  },
});

// Frame times of the 3D cube's turn animation in Debian's Chromium: the
// requestAnimationFrame deltas while a quarter turn animates (from the click to the turn's
// end, so the click's own render counts), against the deltas of the same page idle, in one
// run. Target: the 95th percentile under 20 ms. Part of benches/browser.mjs; alone:
//   PORT=8783 node benches/browser.mjs cube3d   (after `make build`)

const TURNS = 24;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))];
};

/// Opens each cube at `base` and times TURNS animated quarter turns (R and R' in turn).
export async function cube3dBench(page, base) {
  const out = {};
  for (const [name, hash] of [['pocket', '#/cube'], ['rubik', '#/rubik']]) {
    await page.goto(`${base}${hash}`);
    await page.locator('[data-cube3d]').waitFor();
    await page.waitForTimeout(500);
    out[name] = await page.evaluate(async (turns) => {
      const view = document.querySelector('[data-cube3d]');
      const frames = () => new Promise((r) => requestAnimationFrame(r));
      // Idle: the display's own cadence on this machine now.
      const idle = [];
      let last = await frames();
      for (let i = 0; i < 60; i++) {
        const t = await frames();
        idle.push(t - last);
        last = t;
      }
      const turning = [];
      const counts = [];
      let longest = 0;
      // Whether the view reported a running turn since the click (it may start and end
      // between two checks on a loaded machine).
      let started = false;
      new MutationObserver(() => { if (view.dataset.animating === 'true') started = true; })
        .observe(view, { attributes: true, attributeFilter: ['data-animating'] });
      for (let i = 0; i < turns; i++) {
        const button = document.querySelector(`[data-move="${i % 2 ? "R'" : 'R'}"]`);
        last = await frames();
        started = false;
        button.click();
        let count = 0;
        const clicked = performance.now();
        // From the click to the turn's last frame: the click's own render counts.
        while (!started || view.dataset.animating === 'true') {
          const t = await frames();
          turning.push(t - last);
          longest = Math.max(longest, t - last);
          last = t;
          count += 1;
          if (t - clicked > 5000) throw new Error('the turn did not animate');
        }
        counts.push(count);
      }
      return { idle, turning, longest, counts };
    }, TURNS);
  }
  return out;
}

export function printCube3d(result) {
  console.log('3D cube, animated quarter turns: requestAnimationFrame deltas (ms)');
  console.log('cube     frames  median     p95     max  idle p95  p95/idle p95  (frames per turn)');
  for (const [name, r] of Object.entries(result)) {
    const p95 = percentile(r.turning, 0.95), idle = percentile(r.idle, 0.95);
    console.log(`${name.padEnd(8)} ${String(r.turning.length).padStart(6)} ${percentile(r.turning, 0.5).toFixed(2).padStart(7)} ` +
      `${p95.toFixed(2).padStart(7)} ${r.longest.toFixed(2).padStart(7)} ${idle.toFixed(2).padStart(9)} ${(p95 / idle).toFixed(2).padStart(13)}` +
      `  ${p95 < 20 ? 'under' : 'OVER'} the 20 ms target  (${r.counts.join(' ')})`);
  }
}

// Measured, as a person records: a 64-move knight's tour (8×8, steps 0 to 63) and a
// 20-move Rubik's solution saved as GIFs in the page: the time from the click to the
// file, its size, and the page's frame rate meanwhile (requestAnimationFrame counted).
// The figures are printed; the files are read back (frames asked = frames written).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { readGif } from './gif-read.mjs';

async function measure(page) {
  await page.evaluate(() => {
    window.rafCount = 0;
    const beat = () => { window.rafCount += 1; requestAnimationFrame(beat); };
    requestAnimationFrame(beat);
  });
  const began = Date.now();
  const startCount = await page.evaluate(() => window.rafCount);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.locator('[data-action="record"]').click(),
  ]);
  const bytes = readFileSync(await download.path());
  const seconds = (Date.now() - began) / 1000;
  const frames = (await page.evaluate(() => window.rafCount)) - startCount;
  return { name: download.suggestedFilename(), bytes, gif: readGif(bytes), seconds, fps: frames / seconds };
}

async function openPanel(page) {
  await page.locator('[data-action="save-animation"]').click();
  await expect(page.locator('[data-action="record"]')).toBeVisible();
}

test('a 64-move tour GIF: time, size and the frame rate while recording', async ({ page }) => {
  await page.goto('/index.html#/knight?board=8x8&start=a1&step=63');
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible({ timeout: 30_000 });
  await openPanel(page);
  await page.locator('[data-record="from"]').fill('0');
  await page.locator('[data-record="to"]').fill('63');
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-frames', '64');
  const r = await measure(page);
  console.log(`64-move tour GIF: ${r.gif.frames.length} frames of ${r.gif.width}x${r.gif.height}, ${r.bytes.length} bytes, ${r.seconds.toFixed(2)} s from the click to the file, page at ${r.fps.toFixed(1)} frames a second`);
  expect(r.gif.frames.length).toBe(64);
});

test("a 20-move Rubik's solution GIF: time, size and the frame rate while recording", async ({ page }) => {
  // The 19-move solution of animation.spec with its U2 written as U U: 20 moves.
  const state = 'BURLUFUFDFUDLRULFUBRRDFFBRDLDFDDDURLUBRLLBFLDBBLRBUFBR';
  const solution = "U U L2 D2 U2 L' B2 F2 R' B2 L' F2 D' L U' B D' R' D U";
  await page.goto(`/index.html#/rubik?state=${state}&solution=${encodeURIComponent(solution)}&step=0`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible({ timeout: 30_000 });
  await openPanel(page);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-frames', '21');
  const r = await measure(page);
  console.log(`20-move Rubik's GIF: ${r.gif.frames.length} frames of ${r.gif.width}x${r.gif.height}, ${r.bytes.length} bytes, ${r.seconds.toFixed(2)} s from the click to the file, page at ${r.fps.toFixed(1)} frames a second`);
  expect(r.name).toBe('rubik-steps-0-20-of-20.gif');
  expect(r.gif.frames.length).toBe(21);
});

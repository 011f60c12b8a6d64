// Save picture as a person uses it, shared by the specs that read the files back.
import { readFileSync } from 'node:fs';

/** Opens the menu, picks `format`, and returns the file saved: its name and bytes. */
export async function save(page, format) {
  await page.locator('[data-action="save-picture"]').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-format="${format}"]`).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** The pixels at `points` of a PNG given as bytes, read by the browser, and its size. */
export function pixels(page, bytes, points) {
  return page.evaluate(async ({ b64, points }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    return { size: [image.width, image.height], at: points.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]) };
  }, { b64: bytes.toString('base64'), points });
}

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

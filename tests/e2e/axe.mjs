// The browser tests' accessibility check: axe-core injected into a page, its serious and
// critical violations listed one a line (an empty list passes).
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious or critical violations on `page`. axe is injected as an inline script,
 * which the page's CSP rightly refuses: open the page in a context with `bypassCSP`. */
export async function seriousViolations(page) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0].target.join(' ')})`);
}

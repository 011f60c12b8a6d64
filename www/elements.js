// PuzzleLab's elements, for any page, with one script tag:
//
//   <script type="module" src="https://…/elements.js"></script>
//   <puzzlelab-knight board="8x8" start="a1" tie="roth"></puzzlelab-knight>
//
// <puzzlelab-knight>, <puzzlelab-queens>, <puzzlelab-cube> (pocket cube), <puzzlelab-rubik>
// and <puzzlelab-count>. An element's attributes are the keys of its workbench's link
// (docs/contracts.md), read as a link is: a bad value shows the message a bad link shows
// and opens sane defaults. A changed attribute opens the workbench afresh at once. Its own
// attributes: theme="dark|light" (otherwise the system's), compact (otherwise compact
// under 500 px wide). Property `link`: the app's link to the state shown. Events
// (bubbling, composed): `puzzlelab-step` ({ step, status, link }) and `puzzlelab-done`
// ({ status, link, …the result: tour, placement or solution }).
//
// The app's module and wasm (the build beside this file, names as its index.html gives
// them) are fetched when the first element connects; the elements share its workers.
// The elements themselves are in elements-core.js, which the npm package shares.

import { defineElements, shadowSheet } from './elements-core.js';

const BASE = new URL('./', import.meta.url);

/** The app's module (initialised) and its CSS, as this site's index.html names them. */
async function load() {
  const index = new URL('index.html', BASE);
  const html = await (await fetch(index)).text();
  const js = html.match(/from '([^']+\.js)'/)?.[1];
  const wasm = html.match(/module_or_path: '([^']+\.wasm)'/)?.[1];
  if (!js || !wasm) throw new Error(`PuzzleLab: ${index} names no app module`);
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => new URL(m[1], index));
  const [module, texts] = await Promise.all([
    import(new URL(js, index).href),
    Promise.all(css.map(async (url) => (await fetch(url)).text())),
  ]);
  await module.default({ module_or_path: new URL(wasm, index) });
  return {
    mount: (kind, container, query, onReport) => module.mount(kind, container, query, onReport, BASE.href),
    sheet: shadowSheet(texts),
  };
}

defineElements({ load, site: BASE });

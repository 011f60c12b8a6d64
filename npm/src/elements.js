// `puzzlelab/elements`: the custom elements (<puzzlelab-knight>, <puzzlelab-queens>,
// <puzzlelab-cube>, <puzzlelab-rubik>, <puzzlelab-count>) for a browser page, from this
// package alone: importing it defines them, and the app's module, wasm and worker (in
// site/) load when the first element connects. Imported where there is no DOM (Node,
// server-side rendering) it defines nothing, and `defineElements` says why.

export const supported = typeof HTMLElement !== 'undefined' && typeof customElements !== 'undefined';

let defined;
let siteUrl = null;

/** The app, from this package: its module, its wasm, its CSS, and where its worker is. */
async function load(shadowSheet) {
  const [app, styles] = await Promise.all([import('./site/app.js'), import('./site/styles.js')]);
  await app.default({ module_or_path: new URL('./site/app_bg.wasm', import.meta.url) });
  app.setWorkerFiles(
    new URL('./site/worker.js', import.meta.url).href,
    new URL('./site/worker_bg.wasm', import.meta.url).href,
  );
  return {
    mount: (kind, container, query, onReport) => app.mount(kind, container, query, onReport, ''),
    sheet: shadowSheet(styles.default),
  };
}

/**
 * Defines the elements (importing this module already does, in a browser). `site`, a
 * PuzzleLab site's URL, makes each element's `link` property a link to that site;
 * without it, `link` is the app's hash (`#/knight?board=…`).
 */
export function defineElements({ site } = {}) {
  if (!supported) {
    return Promise.reject(
      new Error('puzzlelab/elements needs a browser (HTMLElement and customElements); in Node, use the main entry'),
    );
  }
  if (site) siteUrl = new URL(site);
  defined ??= import('./elements-core.js').then((core) => {
    core.defineElements({ load: () => load(core.shadowSheet), site: () => siteUrl });
  });
  return defined;
}

if (supported) defineElements();

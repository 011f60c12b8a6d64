// Loads the JS API's wasm once, in a browser (fetched beside this file, which bundlers
// such as Vite follow) or in Node (read from the package's folder: Node's fetch cannot
// read file: URLs).
import init from './wasm/api.js';

const inNode = typeof process !== 'undefined' && Boolean(process.versions && process.versions.node);
let loading;

/** Resolves once the solvers are loaded; every call after the first returns the same promise. */
export function ready() {
  loading ??= (async () => {
    const url = new URL('./wasm/api_bg.wasm', import.meta.url);
    if (inNode) {
      // Hidden from bundlers: a browser build never reaches this branch.
      const fs = 'node:fs/promises';
      const { readFile } = await import(/* @vite-ignore */ fs);
      await init({ module_or_path: await readFile(url) });
    } else {
      await init({ module_or_path: url });
    }
  })();
  return loading;
}

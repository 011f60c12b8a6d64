// `puzzlelab/elements`: the custom elements (<puzzlelab-knight> …) for a browser page.
// Imported where there is no DOM (Node, server-side rendering) it defines nothing and
// `defineElements` says why, instead of failing on a missing HTMLElement.

export const supported = typeof HTMLElement !== 'undefined' && typeof customElements !== 'undefined';

/**
 * Defines the elements, loading PuzzleLab's page module from `base` (the URL of a
 * PuzzleLab site's root, whose `elements.js` defines them).
 */
export async function defineElements(base) {
  if (!supported) {
    throw new Error('puzzlelab/elements needs a browser (HTMLElement and customElements); in Node, use the main entry');
  }
  return import(/* @vite-ignore */ new URL('elements.js', base).href);
}

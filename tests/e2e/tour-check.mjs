// An independent knight's-tour checker for the browser tests, from the rules alone.

/** Reads every square's data-step into { square: step }. */
export async function readBoard(page) {
  const cells = await page.locator('[data-square]').evaluateAll((els) =>
    els.map((el) => [el.dataset.square, el.dataset.step]));
  return Object.fromEntries(cells.filter(([, s]) => s !== undefined).map(([sq, s]) => [sq, Number(s)]));
}

/** `c3` (files from a) or `x,y` (zero-based, on boards wider than 26). */
function coords(name) {
  if (name.includes(',')) return name.split(',').map(Number);
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

/** null if `steps` ({ square: move number }) is a full tour of w×h from `start`, else why not. */
export function checkTour(w, h, start, steps) {
  const order = Object.entries(steps).sort((a, b) => a[1] - b[1]);
  if (order.length !== w * h) return `${order.length} squares numbered, board has ${w * h}`;
  for (let i = 0; i < order.length; i++) {
    if (order[i][1] !== i + 1) return `move numbers skip at ${i + 1}`;
  }
  if (order[0][0] !== start) return `tour starts at ${order[0][0]}, not ${start}`;
  for (let i = 1; i < order.length; i++) {
    const [ax, ay] = coords(order[i - 1][0]);
    const [bx, by] = coords(order[i][0]);
    if (Math.abs(ax - bx) * Math.abs(ay - by) !== 2) return `${order[i - 1][0]} -> ${order[i][0]} is not a knight's move`;
  }
  return null;
}

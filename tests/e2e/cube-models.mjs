// Sticker models of the pocket cube and the Rubik's cube for the browser tests, written
// here apart from the app: every sticker as a 3D centre and a normal, read off the nets
// (each face seen from outside; U with B at its top edge, D with F at its top edge, the
// side faces with U on top), and every turn as a quarter rotation of the stickers on its
// slabs. Integer coordinates in half-cubie units: x to R, y to U, z to F.

const NORMAL = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1], D: [0, -1, 0], L: [-1, 0, 0], B: [0, 0, -1] };
// [right, down] on each face as the net draws it.
const FRAME = {
  U: [[1, 0, 0], [0, 0, 1]], R: [[0, 0, -1], [0, -1, 0]], F: [[1, 0, 0], [0, -1, 0]],
  D: [[1, 0, 0], [0, 0, -1]], L: [[0, 0, 1], [0, -1, 0]], B: [[-1, 0, 0], [0, -1, 0]],
};
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
// Clockwise quarter seen from the tip of a: v -> a(a.v) - a x v.
const quarter = (a, v) => { const c = cross(a, v), d = dot(a, v); return [0, 1, 2].map((i) => a[i] * d - c[i]); };

function model(n, names) {
  const stickers = names.map((name) => {
    const face = name[0];
    const k = Number(name.slice(1)) - (n === 3 ? 1 : 0);
    const [row, col] = [Math.floor(k / n), k % n];
    const [right, down] = FRAME[face];
    const a = 2 * col - (n - 1), b = 2 * row - (n - 1);
    const normal = NORMAL[face];
    const centre = [0, 1, 2].map((i) => normal[i] * n + right[i] * a + down[i] * b);
    return { name, face, centre, normal };
  });
  const index = new Map(stickers.map((s, i) => [String(s.centre), i]));
  const all = [];
  for (let k = 0; k < n; k++) all.push(2 * k - (n - 1));
  const layers = {};
  for (const f of 'URFDLB') layers[f] = [f, [n - 1]];
  if (n === 3) {
    for (const f of 'URFDLB') layers[`${f}w`] = [f, [0, n - 1]];
    Object.assign(layers, { M: ['L', [0]], E: ['D', [0]], S: ['F', [0]] });
  }
  Object.assign(layers, { x: ['R', all], y: ['U', all], z: ['F', all] });
  const turn = (state, layer) => {
    const [face, slabs] = layers[layer];
    const a = NORMAL[face];
    const out = state.split('');
    stickers.forEach((s, i) => {
      const cubie = [0, 1, 2].map((j) => s.centre[j] - s.normal[j]);
      if (!slabs.includes(dot(a, cubie))) return;
      out[index.get(String(quarter(a, s.centre)))] = state[i];
    });
    return out.join('');
  };
  const apply = (state, text) => {
    for (const token of text.trim().split(/\s+/).filter(Boolean)) {
      const m = token.match(/^([URFDLB]w?|[MESxyz])(2|')?$/);
      if (!m || !layers[m[1]]) throw new Error(`the model does not read '${token}'`);
      const times = m[2] === '2' ? 2 : m[2] === "'" ? 3 : 1;
      for (let t = 0; t < times; t++) state = turn(state, m[1]);
    }
    return state;
  };
  return { names, stickers, apply };
}

export const POCKET = model(2, ['U0', 'U1', 'U2', 'U3', 'L0', 'L1', 'F0', 'F1', 'R0', 'R1', 'B0', 'B1',
  'L2', 'L3', 'F2', 'F3', 'R2', 'R3', 'B2', 'B3', 'D0', 'D1', 'D2', 'D3']);
POCKET.solved = 'WWWWGGRRBBOOGGRRBBOOYYYY';
export const RUBIK = model(3, [...'URFDLB'].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => `${f}${k}`)));
RUBIK.solved = [...'URFDLB'].map((f) => f.repeat(9)).join('');

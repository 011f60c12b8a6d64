// The long work, each call in a worker of its own (a Web Worker, or a Node worker
// thread), so the caller's thread never blocks: progress as `onProgress({ done, total })`,
// and `signal` (an AbortSignal) ends the worker at once and rejects with an AbortError.

const inNode = typeof process !== 'undefined' && Boolean(process.versions && process.versions.node);

async function startWorker() {
  if (inNode) {
    const threads = 'node:worker_threads';
    const { Worker } = await import(/* @vite-ignore */ threads);
    const worker = new Worker(new URL('./worker.js', import.meta.url));
    return { worker, on: (f) => worker.on('message', f), onError: (f) => worker.on('error', f) };
  }
  // Written out whole, as bundlers (Vite, webpack) recognise a worker and bundle it.
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    worker,
    on: (f) => worker.addEventListener('message', (e) => f(e.data)),
    onError: (f) => worker.addEventListener('error', (e) => f(e.error || new Error(e.message))),
  };
}

function aborted(signal) {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
}

async function inWorker(job, args, { signal, onProgress } = {}) {
  if (signal?.aborted) throw aborted(signal);
  const { worker, on, onError } = await startWorker();
  return new Promise((resolve, reject) => {
    const end = (settle, value) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      settle(value);
    };
    const stop = () => end(reject, aborted(signal));
    signal?.addEventListener('abort', stop, { once: true });
    on((message) => {
      if (message.progress) onProgress?.(message.progress);
      else if (message.error) end(reject, new Error(message.error));
      else end(resolve, message.result);
    });
    onError((error) => end(reject, error));
    worker.postMessage({ job, args });
  });
}

/**
 * Counts the knight's tours of `board` ("6x6"), from `start` ("a1") or every square,
 * open or `closed`: `{ directed, undirected }` as BigInts.
 */
export function countKnightTours(board, { start, closed = false, signal, onProgress } = {}) {
  return inWorker('countKnightTours', [board, start, closed], { signal, onProgress });
}

/** Every solution of N queens, and those up to rotation and reflection. */
export function countAllQueens(n, { signal } = {}) {
  return inWorker('countQueens', [n], { signal });
}

/** One knight's tour (Warnsdorff's rule with the page's default tie-break): square names. */
export function findKnightTour(board, start = 'a1', { signal } = {}) {
  return inWorker('findKnightTour', [board, start], { signal });
}

/**
 * A solution of the Rubik's cube `state` (54 facelet letters, URFDLB): by the two-phase
 * search, at most `maxLength` moves (default 20); or, with `optimal`, the shortest one,
 * proven depth by depth (the worker first builds its tables, about 80 MB, then reports
 * `{ stage: 'proof', depth, best, nodes }` as each depth starts). The moves, as the
 * page writes them.
 */
export function solveRubik(state, { maxLength, optimal = false, signal, onProgress } = {}) {
  return inWorker('solveRubik', [state, maxLength, optimal], { signal, onProgress });
}

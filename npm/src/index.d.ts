// The step machines and counters, as the page's JS API declares them (generated).
export {
  KnightTour, SearchTimeline, NaiveCounter, TourCounter, QueensSearch, PocketCube,
  CubeTable, RubiksCube, countQueens, uniqueQueens,
  countKnightTours as countKnightToursNow,
} from './wasm/api.js';

/** Resolves once the solvers are loaded (needed before the step machines, not the async API). */
export function ready(): Promise<void>;

export interface Progress { done: number; total: number }
export interface WorkOptions { signal?: AbortSignal; onProgress?: (progress: Progress) => void }

export function countKnightTours(
  board: string,
  options?: WorkOptions & { start?: string; closed?: boolean },
): Promise<{ directed: bigint; undirected?: bigint }>;
export function countAllQueens(n: number, options?: { signal?: AbortSignal }): Promise<{ all: bigint; unique: bigint }>;
export function findKnightTour(board: string, start?: string, options?: { signal?: AbortSignal }): Promise<string[]>;
export function solveRubik(state: string, options?: { maxLength?: number; signal?: AbortSignal }): Promise<string>;

// The step machines and counters, as the page's JS API declares them (generated).
export {
  KnightTour, SearchTimeline, NaiveCounter, TourCounter, QueensSearch, PocketCube,
  CubeTable, CubeSearch, RubiksCube, OptimalProof, countQueens, uniqueQueens,
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
/** Where an optimal solve stands: building its tables, or proving at `depth`. */
export type ProofProgress = { stage: 'tables' } | { stage: 'proof'; depth: number; best: number; nodes: number };
/**
 * A solution of the Rubik's cube `state` (54 facelet letters, URFDLB): two-phase, at most
 * `maxLength` moves (default 20); with `optimal`, the shortest, proven (progress per depth).
 */
export function solveRubik(
  state: string,
  options?: { maxLength?: number; optimal?: boolean; signal?: AbortSignal; onProgress?: (progress: ProofProgress) => void },
): Promise<string>;

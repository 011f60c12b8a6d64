/** Whether this environment can define custom elements (false in Node). */
export const supported: boolean;
/**
 * Defines <puzzlelab-knight>, <puzzlelab-queens>, <puzzlelab-cube>, <puzzlelab-rubik> and
 * <puzzlelab-count> (importing this module in a browser already does). `site`, a PuzzleLab
 * site's URL, makes each element's `link` a link to it; otherwise `link` is the app's hash.
 * Rejects where there is no DOM (Node).
 */
export function defineElements(options?: { site?: string | URL }): Promise<void>;

/** What an element last reported (its `report` property). */
export interface PuzzleLabReport {
  status: string;
  step: number | null;
  result: unknown;
  link: string;
}

/** Each <puzzlelab-…> element. Attributes: its workbench's link keys, `theme`, `compact`. */
export interface PuzzleLabElement extends HTMLElement {
  readonly kind: 'knight' | 'queens' | 'cube' | 'rubik' | 'count';
  readonly link: string | null;
  readonly report: PuzzleLabReport | null;
}

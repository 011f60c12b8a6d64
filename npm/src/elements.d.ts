/** Whether this environment can define custom elements (false in Node). */
export const supported: boolean;
/** Defines <puzzlelab-knight> and the others from a PuzzleLab site at `base`. */
export function defineElements(base: string | URL): Promise<unknown>;

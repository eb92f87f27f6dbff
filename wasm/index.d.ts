/** A puzzle: a string in any layout the reader knows, or 81 cells (0 empty, 1 to 9 given). */
export type Puzzle = string | Uint8Array;
/** A grid comes back in the kind of the puzzle given. */
export type GridOf<P extends Puzzle> = P extends string ? string : Uint8Array;

/** A candidate: its cell by name (`r4c5`) and index (0..80), and a digit. */
export interface Candidate { cell: string; index: number; digit: number }

/** One step of a rating path, as `sudoku explain -f json` writes it. */
export interface Step {
  technique: string;
  rating: number;
  placements: Candidate[];
  eliminations: Candidate[];
  text: string;
  pattern: Candidate[];
  chains?: string[];
  houses: string[];
}

export interface Checked {
  status: 'unique' | 'not_unique' | 'no_solution';
  solutions: number;
  solution?: string;
  differences?: { cell: string; index: number; first: number; second: number }[];
}

export type Unrated = 'no_solution' | 'not_unique' | 'timeout' | 'unrated';

export interface Rated {
  status: 'rated' | Unrated;
  error?: string;
  clues: number;
  er?: number;
  ep?: number;
  ed?: number;
  hardest?: string;
  ep_technique?: string;
  ed_technique?: string;
  pearl?: boolean;
  diamond?: boolean;
  techniques?: Record<string, number>;
  level?: 'easy' | 'medium' | 'hard' | 'fiendish' | 'diabolical';
  steps?: number;
}

export interface Hinted {
  status: 'hint' | 'solved' | 'stuck' | 'no_solution' | 'not_unique' | 'timeout';
  steps: Step[];
}

export interface Explained {
  status: 'explained' | Unrated;
  error?: string;
  solution?: string;
  er?: number;
  ep?: number;
  ed?: number;
  hardest?: string;
  steps: Step[];
}

export interface GenerateOptions {
  /** The stream's seed (default: a random one, returned). */
  seed?: number;
  /** How many puzzles (default 1). */
  count?: number;
  /** easy, medium, hard, fiendish or diabolical. */
  level?: string;
  /** An ER range such as "2.6..4.0" (not with level). */
  rating?: string;
  /** none, rotational, rotational90, vertical, horizontal, ... (as the command line). */
  symmetry?: string;
  /** Minimal puzzles (default true). */
  minimal?: boolean;
  /** Milliseconds for the whole run. */
  timeLimit?: number;
  /** Give up after this many candidates in a row are turned down (default 100000). */
  attempts?: number;
}

export interface Made {
  source: string;
  index: number;
  puzzle: string;
  solution: string;
  clues: number;
  er?: number;
  ep?: number;
  ed?: number;
  hardest?: string;
  level?: string;
}

export interface Generated {
  seed: number;
  puzzles: Made[];
  complete: boolean;
  reason?: string;
}

export interface Limit { timeLimit?: number }

export function solve<P extends Puzzle>(puzzle: P): GridOf<P> | null;
export function count(puzzle: Puzzle, limit?: number): number;
export function check(puzzle: Puzzle): Checked;
export function rate(puzzle: Puzzle, options?: Limit): Rated;
export function hint(puzzle: Puzzle, options?: Limit): Hinted;
export function hintSvg(puzzle: Puzzle, options?: Limit): string;
export function explain(puzzle: Puzzle, options?: Limit): Explained;
export function generate(options?: GenerateOptions): Generated;
export function canonical<P extends Puzzle>(puzzle: P): GridOf<P>;
export function read<P extends Puzzle>(puzzle: P): GridOf<P>;
export function version(): string;

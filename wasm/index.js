// sudoku-solver-wasm: the ES module. It loads the WebAssembly once (from the file beside it in
// node, by fetch in a page or a worker) and turns the records the exports write as JSON into
// objects. Every function takes a puzzle as a string in any layout, or a Uint8Array of 81 cells
// (0 empty); grids come back in the kind given. A puzzle the reader refuses throws an Error
// whose message is the reader's (`line:col: ...`).
import init, * as raw from './pkg/sudoku_wasm.js';

const wasmUrl = new URL('./pkg/sudoku_wasm_bg.wasm', import.meta.url);
if (typeof process !== 'undefined' && process.versions && process.versions.node && wasmUrl.protocol === 'file:') {
  const { readFile } = await import('node:fs/promises');
  raw.initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

/** The first solution, in the kind of grid given; null when there is none. */
export function solve(puzzle) {
  return raw.solve(puzzle);
}

/** How many solutions, counting up to `limit` (default 1000). */
export function count(puzzle, limit) {
  return raw.count(puzzle, limit);
}

/** { status: 'unique' | 'not_unique' | 'no_solution', solutions, solution?, differences? } */
export function check(puzzle) {
  return JSON.parse(raw.checkJson(puzzle));
}

/** ER/EP/ED, hardest technique, level, steps; or a status saying why there is none. */
export function rate(puzzle, { timeLimit } = {}) {
  return JSON.parse(raw.rateJson(puzzle, timeLimit));
}

/** The next step of a grid as it stands: { status, steps: [step] }. */
export function hint(puzzle, { timeLimit } = {}) {
  return JSON.parse(raw.hintJson(puzzle, timeLimit));
}

/** The next step drawn as an SVG document (the grid alone when there is no step). */
export function hintSvg(puzzle, { timeLimit } = {}) {
  return raw.hintSvg(puzzle, timeLimit);
}

/** The rating path: { status, solution, er, ep, ed, hardest, steps }. */
export function explain(puzzle, { timeLimit } = {}) {
  return JSON.parse(raw.explainJson(puzzle, timeLimit));
}

/** A random seed that fits a JavaScript number exactly. */
function randomSeed() {
  return Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
}

/**
 * Puzzles of a seed's stream (the same as `sudoku generate --seed`):
 * { seed, puzzles: [{ source, index, puzzle, solution, clues, er?, ... }], complete, reason? }.
 */
export function generate(options = {}) {
  const request = { ...options };
  if (request.seed === undefined) request.seed = randomSeed();
  if (!Number.isSafeInteger(request.seed) || request.seed < 0) {
    throw new Error(`seed: expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${options.seed}`);
  }
  return JSON.parse(raw.generateJson(JSON.stringify(request)));
}

/** The canonical (minlex) form, in the kind of grid given. */
export function canonical(puzzle) {
  return raw.canonical(puzzle);
}

/** The puzzle as read (any layout): its givens, in the kind of grid given. */
export function read(puzzle) {
  return raw.read(puzzle);
}

/** The package's version. */
export function version() {
  return raw.version();
}

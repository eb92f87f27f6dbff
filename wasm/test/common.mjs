// Helpers of the node tests: the repository's sample files, an independent judge of grids,
// and the native binary to compare with.
import { readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The puzzle lines (81 cells, digits and dots) of a sample file, the first `n` of them. */
export function lines(relative, n = Infinity) {
  const text = readFileSync(path.join(root, relative), 'utf8');
  return text
    .split('\n')
    .map((l) => l.trim().slice(0, 81))
    .filter((l) => /^[0-9.]{81}$/.test(l))
    .slice(0, n);
}

/** The digits of a line or array as 81 numbers (0 empty). */
export function cellsOf(grid) {
  if (typeof grid === 'string') return [...grid].map((c) => (c === '.' ? 0 : Number(c)));
  return [...grid];
}

/** Whether `solution` is complete, valid (each row, column and box holds 1 to 9) and keeps
 * every given of `puzzle`; the reason when not. */
export function judge(puzzle, solution) {
  const p = cellsOf(puzzle);
  const s = cellsOf(solution);
  if (s.length !== 81) return `${s.length} cells`;
  if (s.some((d) => d < 1 || d > 9)) return 'incomplete';
  for (let i = 0; i < 81; i++) if (p[i] !== 0 && p[i] !== s[i]) return `given ${i} changed`;
  const houses = [];
  for (let k = 0; k < 9; k++) {
    houses.push([...Array(9).keys()].map((j) => 9 * k + j));
    houses.push([...Array(9).keys()].map((j) => 9 * j + k));
    houses.push([...Array(9).keys()].map((j) => 27 * Math.floor(k / 3) + 3 * (k % 3) + 9 * Math.floor(j / 3) + (j % 3)));
  }
  for (const house of houses) {
    const seen = new Set(house.map((i) => s[i]));
    if (seen.size !== 9) return `house ${house} repeats a digit`;
  }
  return null;
}

/** The native binary, or null (then the comparisons skip, saying so). */
export const native = (() => {
  const bin = process.env.SUDOKU_BIN || path.join(root, 'target', 'release', 'sudoku');
  return existsSync(bin) ? bin : null;
})();
export const noNative = native ? false : 'no native binary (cargo build --release, or set SUDOKU_BIN)';

/** The JSON records the native binary prints for `args` (portable engine, as the package). */
export function records(args, input) {
  const run = spawnSync(native, [...args, '-f', 'json'], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, SUDOKU_ENGINE: 'portable' },
    maxBuffer: 1 << 28,
  });
  return run.stdout
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

// A benchmark, not a test: the package against the npm peers (sudoku-gen, @algorithm.ts/sudoku,
// sudoku) on solve and generate throughput, and against the native binary's portable engine,
// in one run; with the .wasm's size before and after wasm-opt, the CPU and node's version.
//
//   node wasm/bench/bench.mjs            (after scripts/build-wasm.sh and cargo build --release)
//
// The peers are installed (once) into target/wasm-bench/, outside the package.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sudoku from '../index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const peers = path.join(root, 'target', 'wasm-bench');
const PEERS = ['sudoku-gen@1.0.2', '@algorithm.ts/sudoku@4.0.3', 'sudoku@0.0.3'];
if (!existsSync(path.join(peers, 'node_modules', 'sudoku-gen'))) {
  mkdirSync(peers, { recursive: true });
  writeFileSync(path.join(peers, 'package.json'), '{"private": true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...PEERS], { cwd: peers, stdio: 'inherit' });
}
const need = createRequire(path.join(peers, 'package.json'));
const { getSudoku } = need('sudoku-gen');
const { SudokuSolver, SudokuCreator } = need('@algorithm.ts/sudoku');
const peerSudoku = need('sudoku');

const lines = (file) => readFileSync(path.join(root, file), 'utf8').split('\n').map((l) => l.trim().slice(0, 81)).filter((l) => /^[0-9.]{81}$/.test(l));
const sets = {
  'random minimal (100)': lines('tests/data/puzzles1_random_minimal-sample.txt'),
  '17-clue (197)': lines('tests/data/puzzles2_17_clue-sample.txt'),
  'magictour top1465 (98)': lines('tests/data/puzzles3_magictour_top1465-sample.txt'),
};

/** Runs `work` over `items` repeatedly for at least `ms`; items per second. */
function rate(items, work, ms = 1500) {
  let done = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (const item of items) work(item);
    done += items.length;
    now = performance.now();
  }
  return (done * 1000) / (now - start);
}

const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const out = [];
const row = (...cells) => out.push(`| ${cells.join(' | ')} |`);

const cpu = (() => {
  try {
    return execFileSync('lscpu', { encoding: 'utf8' }).match(/Model name:\s*(.*)/)[1].trim();
  } catch {
    return os.cpus()[0]?.model ?? 'unknown';
  }
})();
out.push(`CPU: ${cpu}; node ${process.version}; sudoku-solver-wasm ${sudoku.version()}`, '');

// The native binary: puzzles a second on one thread, the time of an empty run taken off.
const bin = process.env.SUDOKU_BIN || path.join(root, 'target', 'release', 'sudoku');
function nativeRate(args, input, n) {
  if (!existsSync(bin)) return null;
  const env = { ...process.env, SUDOKU_ENGINE: 'portable' };
  const time = (a, i) => {
    const t = performance.now();
    spawnSync(bin, a, { input: i, env, maxBuffer: 1 << 28 });
    return performance.now() - t;
  };
  // A run with no work: the process's start and end, taken off.
  const idle = Math.min(...[0, 1, 2].map(() => time(['solve', '-j', '1'], '')));
  const best = Math.min(...[0, 1, 2].map(() => time(args, input)));
  return (n * 1000) / Math.max(best - idle, 1e-3);
}

out.push('Solve, puzzles a second (one thread):', '');
row('set', 'sudoku-solver-wasm', 'native (portable, -j 1)', '@algorithm.ts/sudoku', 'sudoku', 'wasm / fastest peer', 'wasm / native');
row('---', '---:', '---:', '---:', '---:', '---:', '---:');
const dlx = new SudokuSolver({ childMatrixWidth: 3 });
for (const [name, puzzles] of Object.entries(sets)) {
  const wasm = rate(puzzles, (p) => sudoku.solve(p));
  const asArrays = puzzles.map((p) => [...p].map((c) => (c === '.' ? -1 : Number(c) - 1)));
  const alg = rate(asArrays, (p) => dlx.solve(p, new Array(81).fill(-1)));
  const asNull = puzzles.map((p) => [...p].map((c) => (c === '.' ? null : Number(c) - 1)));
  const slow = name.startsWith('random') ? rate(asNull, (p) => peerSudoku.solvepuzzle(p)) : NaN;
  const repeated = Array(Math.ceil(20000 / puzzles.length)).fill(puzzles.join('\n')).join('\n') + '\n';
  const count = Math.ceil(20000 / puzzles.length) * puzzles.length;
  const native = nativeRate(['solve', '-j', '1'], repeated, count);
  const fastest = Math.max(alg, Number.isNaN(slow) ? 0 : slow);
  row(name, fmt(wasm), native ? fmt(native) : 'n/a', fmt(alg), Number.isNaN(slow) ? '(too slow)' : fmt(slow), `${fmt(wasm / fastest)}x`, native ? `${(wasm / native).toFixed(2)}x` : 'n/a');
}

out.push('', 'Generate, puzzles a second (one thread):', '');
row('generator', 'puzzles/s', 'what it makes');
row('---', '---:', '---');
let seed = 0;
const gen = rate([0], () => sudoku.generate({ seed: seed++, count: 1 }));
row('sudoku-solver-wasm generate()', fmt(gen), 'a new unique, minimal puzzle');
const nativeGen = nativeRate(['generate', '--seed', '1', '-n', '2000', '-j', '1'], '', 2000);
row('native generate (portable, -j 1)', nativeGen ? fmt(nativeGen) : 'n/a', 'a new unique, minimal puzzle');
const sg = rate([0], () => getSudoku('expert'));
row('sudoku-gen getSudoku("expert")', fmt(sg), 'one of its stored puzzles, relabelled and shuffled (no search)');
const creator = new SudokuCreator({ childMatrixWidth: 3 });
const ac = rate([0], () => creator.createSudoku(1));
row('@algorithm.ts/sudoku createSudoku()', fmt(ac), 'a new unique puzzle (not minimal)');
const mk = rate([0], () => peerSudoku.makepuzzle());
row('sudoku makepuzzle()', fmt(mk), 'a new unique puzzle');
out.push('', `generate: sudoku-solver-wasm / fastest peer that makes new puzzles = ${fmt(gen / Math.max(ac, mk))}x (/ sudoku-gen's shuffles = ${(gen / sg).toFixed(2)}x); / native = ${nativeGen ? (gen / nativeGen).toFixed(2) + 'x' : 'n/a'}`);

const sizes = path.join(root, 'target', 'wasm', 'sizes.txt');
out.push('', existsSync(sizes) ? readFileSync(sizes, 'utf8').trim() : 'sizes: run scripts/build-wasm.sh');
console.log(out.join('\n'));

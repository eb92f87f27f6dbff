// The package's answers judged on their own (not against the native binary): solutions are
// complete, valid and keep the givens; a hint never takes the solution's digit away; errors
// carry the reader's place; time limits end work without a trap.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as sudoku from '../index.js';
import { lines, judge, cellsOf, root } from './common.mjs';

const hard = lines('tests/data/puzzles3_magictour_top1465-sample.txt', 12);
const easy = lines('tests/data/puzzles1_random_minimal-sample.txt', 12);
const seventeen = lines('tests/data/puzzles2_17_clue-sample.txt', 12);

test('solve gives complete, valid solutions that keep the givens', () => {
  for (const p of [...hard, ...easy, ...seventeen]) {
    const s = sudoku.solve(p);
    assert.equal(judge(p, s), null, p);
  }
});

test('a Uint8Array of 81 cells comes back as one', () => {
  const p = Uint8Array.from(cellsOf(hard[0]));
  const s = sudoku.solve(p);
  assert.ok(s instanceof Uint8Array && s.length === 81);
  assert.equal(judge(p, s), null);
  const c = sudoku.canonical(p);
  assert.ok(c instanceof Uint8Array);
  assert.equal(sudoku.canonical(hard[0]), [...c].map((d) => (d ? String(d) : '.')).join(''));
});

test('a puzzle in another layout reads as its line does', () => {
  const pretty = readFileSync(path.join(root, 'puzzles/pretty.txt'), 'utf8');
  const s = sudoku.solve(pretty);
  assert.equal(typeof s, 'string');
  assert.equal(sudoku.check(pretty).status, 'unique');
  assert.equal(sudoku.check(pretty).solution, s);
});

test('check names the cells where two solutions differ, and both solutions are valid', () => {
  const cells = cellsOf(easy[0]);
  for (let i = 0; i < 27; i++) cells[i] = 0;
  const p = Uint8Array.from(cells);
  const checked = sudoku.check(p);
  assert.equal(checked.status, 'not_unique');
  assert.equal(checked.solutions, 2);
  const first = sudoku.solve(p);
  assert.equal(judge(p, first), null);
  const second = [...first];
  for (const d of checked.differences) {
    assert.equal(cells[d.index], 0, 'a given never differs');
    assert.notEqual(d.first, d.second);
    second[d.index] = first[d.index] === d.first ? d.second : d.first;
  }
  assert.equal(judge(p, second), null, 'the other solution is a solution too');
  assert.ok(sudoku.count(p, 10) >= 2);
  assert.equal(sudoku.count(easy[0]), 1);
});

test('a hint never removes the solution digit, and places it when it places one', () => {
  for (const p of [...easy, ...hard.slice(0, 4)]) {
    const solution = cellsOf(sudoku.solve(p));
    const h = sudoku.hint(p, { timeLimit: 60_000 });
    assert.equal(h.status, 'hint', p);
    const [step] = h.steps;
    for (const pl of step.placements) assert.equal(pl.digit, solution[pl.index], `${p} ${pl.cell}`);
    for (const e of step.eliminations) assert.notEqual(e.digit, solution[e.index], `${p} ${e.cell}`);
    assert.ok(step.placements.length + step.eliminations.length > 0);
    const svg = sudoku.hintSvg(p);
    assert.match(svg, /^<svg[^]*<\/svg>$/);
  }
});

test('explain walks to the solution: its placements fill exactly the empty cells', () => {
  for (const p of easy.slice(0, 5)) {
    const e = sudoku.explain(p, { timeLimit: 60_000 });
    assert.equal(e.status, 'explained');
    assert.equal(judge(p, e.solution), null);
    const solution = cellsOf(e.solution);
    const grid = cellsOf(p);
    for (const step of e.steps) {
      for (const pl of step.placements) {
        assert.equal(grid[pl.index], 0, 'a placement fills an empty cell');
        assert.equal(pl.digit, solution[pl.index]);
        grid[pl.index] = pl.digit;
      }
      for (const el of step.eliminations) assert.notEqual(el.digit, solution[el.index]);
    }
    assert.deepEqual(grid, solution);
  }
});

test('a rate with a time limit ends in time, without a trap, and rates within a generous one', () => {
  const diabolical = hard[0];
  const start = performance.now();
  const cut = sudoku.rate(diabolical, { timeLimit: 1 });
  assert.equal(cut.status, 'timeout');
  assert.ok(performance.now() - start < 5000);
  const rated = sudoku.rate(easy[0], { timeLimit: 60_000 });
  assert.equal(rated.status, 'rated');
  assert.ok(rated.er >= 1.0 && rated.er <= 11.0);
  assert.equal(sudoku.explain(diabolical, { timeLimit: 0 }).status, 'timeout');
  assert.equal(sudoku.hint(diabolical, { timeLimit: 0 }).status, 'timeout');
  // The module still works after work was cut short.
  assert.equal(judge(diabolical, sudoku.solve(diabolical)), null);
});

test('errors are exceptions with the reader\'s place', () => {
  assert.throws(() => sudoku.solve('1234567'), (e) => e instanceof Error && /^\d+:\d+: /.test(e.message));
  assert.throws(() => sudoku.solve(new Uint8Array(80)), /81 cells, got 80/);
  assert.throws(() => sudoku.solve(Uint8Array.from({ length: 81 }, () => 10)), /r1c1/);
  assert.throws(() => sudoku.solve(42), /string .* Uint8Array/);
  assert.throws(() => sudoku.rate(easy[0], { timeLimit: -1 }), /timeLimit/);
  assert.throws(() => sudoku.generate({ seed: 1, level: 'impossible' }), /level/);
  assert.throws(() => sudoku.generate({ seed: 1, colour: 'red' }), /colour/);
  assert.throws(() => sudoku.generate({ seed: -1 }), /seed/);
  assert.throws(() => sudoku.count(easy[0], 0), /limit/);
});

test('generated puzzles are unique, of the level asked, and the same for a seed', () => {
  const run = sudoku.generate({ seed: 11, count: 3, level: 'medium' });
  assert.equal(run.complete, true);
  assert.equal(run.puzzles.length, 3);
  for (const made of run.puzzles) {
    assert.equal(sudoku.check(made.puzzle).status, 'unique');
    assert.equal(judge(made.puzzle, made.solution), null);
    assert.equal(sudoku.rate(made.puzzle).level, 'medium');
  }
  assert.deepEqual(sudoku.generate({ seed: 11, count: 3, level: 'medium' }), run);
  const symmetric = sudoku.generate({ seed: 4, count: 2, symmetry: 'rotational' });
  for (const made of symmetric.puzzles) {
    const c = cellsOf(made.puzzle);
    for (let i = 0; i < 81; i++) assert.equal(c[i] === 0, c[80 - i] === 0);
  }
  const cut = sudoku.generate({ seed: 1, count: 1000, level: 'diabolical', timeLimit: 200 });
  assert.equal(cut.complete, false);
  assert.match(cut.reason, /time limit/);
});

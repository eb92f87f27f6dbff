// The package's answers against the native binary's (`target/release/sudoku`, or SUDOKU_BIN)
// on the repository's sample files: solutions, counts, differing cells, ratings, steps and
// generated puzzles for a seed. Skipped, saying why, where there is no native binary.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import * as sudoku from '../index.js';
import { lines, judge, root, noNative, records } from './common.mjs';

/** The sample files of puzzles/ (not the invalid ones) and a part of each of tests/data. */
const files = readdirSync(path.join(root, 'puzzles'))
  .map((f) => path.join('puzzles', f))
  .filter((f) => statSync(path.join(root, f)).isFile());
const data = readdirSync(path.join(root, 'tests/data'))
  .filter((f) => f.endsWith('.txt'))
  .map((f) => path.join('tests/data', f));
/** The first puzzle lines of each tests/data file, as one input. */
const sample = (n) => data.flatMap((f) => lines(f, n)).join('\n') + '\n';

test('check: statuses, solutions and differing cells equal the native ones', { skip: noNative }, () => {
  let compared = 0;
  for (const file of files) {
    for (const r of records(['check', file])) {
      if (!r.puzzle || r.puzzle.length !== 81) continue;
      const mine = sudoku.check(r.puzzle);
      assert.equal(mine.status, r.status, `${r.source}`);
      assert.equal(mine.solutions, r.solutions, `${r.source}`);
      const theirs = (r.differences || []).map(({ cell, first, second }) => ({ cell, first, second }));
      const ours = (mine.differences || []).map(({ cell, first, second }) => ({ cell, first, second }));
      assert.deepEqual(ours, theirs, `${r.source}`);
      compared++;
    }
  }
  assert.ok(compared > 20, `${compared} puzzles compared`);
});

test('solve: the solutions equal the native ones and are valid', { skip: noNative }, () => {
  let compared = 0;
  for (const r of records(['solve'], sample(15))) {
    if (!r.solution) continue;
    assert.equal(sudoku.solve(r.puzzle), r.solution, r.source);
    assert.equal(judge(r.puzzle, r.solution), null);
    compared++;
  }
  assert.ok(compared > 100, `${compared} compared`);
});

test('count: the counts equal the native ones', { skip: noNative }, () => {
  const input = sample(5) + '.'.repeat(81) + '\n' + '1'.padEnd(81, '.') + '\n';
  let compared = 0;
  for (const r of records(['count', '--limit', '50'], input)) {
    if (!r.puzzle) continue;
    assert.equal(sudoku.count(r.puzzle, 50), r.solutions, r.source);
    compared++;
  }
  assert.ok(compared > 30);
});

test('rate: ER/EP/ED, hardest, level and counts equal the native ones', { skip: noNative }, () => {
  const input = lines('tests/data/serate-1.2.1.3-sample.txt').join('\n') + '\n' + sample(2);
  let compared = 0;
  for (const r of records(['rate'], input)) {
    if (r.status !== 'rated') continue;
    const mine = sudoku.rate(r.puzzle);
    for (const key of ['er', 'ep', 'ed', 'hardest', 'ep_technique', 'ed_technique', 'level', 'steps', 'pearl', 'diamond', 'clues']) {
      assert.deepEqual(mine[key], r[key], `${r.source} ${key}`);
    }
    assert.deepEqual(mine.techniques, r.techniques, r.source);
    compared++;
  }
  assert.ok(compared > 40, `${compared} compared`);
});

test('explain and hint: the steps equal the native ones', { skip: noNative }, () => {
  const input = lines('tests/data/serate-1.2.1.3-sample.txt').filter((_, i) => i % 6 === 0).join('\n') + '\n';
  const strip = (s) => ({
    technique: s.technique,
    rating: s.rating,
    placements: s.placements.map(({ cell, digit }) => ({ cell, digit })),
    eliminations: s.eliminations.map(({ cell, digit }) => ({ cell, digit })),
    text: s.text,
    pattern: s.pattern.map(({ cell, digit }) => ({ cell, digit })),
    chains: s.chains || [],
  });
  let compared = 0;
  for (const r of records(['explain'], input)) {
    if (r.status !== 'explained') continue;
    const mine = sudoku.explain(r.puzzle);
    assert.equal(mine.solution, r.solution);
    assert.equal(mine.er, r.er);
    assert.deepEqual(mine.steps.map(strip), r.steps.map(strip), r.source);
    compared++;
  }
  for (const r of records(['hint'], input)) {
    if (r.status !== 'hint') continue;
    assert.deepEqual(sudoku.hint(r.puzzle).steps.map(strip), r.steps.map(strip), r.source);
  }
  assert.ok(compared >= 5, `${compared} compared`);
});

test('canonical: the forms equal the native ones', { skip: noNative }, () => {
  for (const r of records(['canon'], sample(3))) {
    if (!r.canonical) continue;
    assert.equal(sudoku.canonical(r.puzzle), r.canonical, r.source);
  }
});

test('generate: the same puzzles as the command line for a seed', { skip: noNative }, () => {
  const runs = [
    [{ seed: 7, count: 6 }, ['--seed', '7', '-n', '6']],
    [{ seed: 5, count: 3, level: 'hard' }, ['--seed', '5', '-n', '3', '--level', 'hard']],
    [{ seed: 9, count: 3, rating: '2.6..4.0' }, ['--seed', '9', '-n', '3', '--rating', '2.6..4.0']],
    [{ seed: 3, count: 4, symmetry: 'rotational' }, ['--seed', '3', '-n', '4', '--symmetry', 'rotational']],
  ];
  for (const [options, args] of runs) {
    const theirs = records(['generate', ...args]);
    const mine = sudoku.generate(options).puzzles;
    assert.deepEqual(mine.map((m) => m.puzzle), theirs.map((r) => r.puzzle), args.join(' '));
    assert.deepEqual(mine.map((m) => m.source), theirs.map((r) => r.source));
    for (const [m, r] of mine.map((m, i) => [m, theirs[i]])) {
      if (r.er !== undefined) assert.equal(m.er, r.er);
    }
  }
});

test('a reader\'s error is the native one\'s message', { skip: noNative }, () => {
  const bad = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n';
  const [r] = records(['check'], bad);
  assert.throws(() => sudoku.check(bad), (e) => r.error.endsWith(e.message));
});

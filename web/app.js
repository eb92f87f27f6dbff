// The page: a board to play on, over the sudoku-solver-wasm package (web/pkg/, a copy that
// scripts/build-wasm.sh makes). No server: every answer is computed here.
import * as sudoku from './pkg/index.js';

const $ = (id) => document.getElementById(id);
const board = $('board');
const LIMIT = { timeLimit: 20_000 };

/** Long work (generate, rate, explain) in a module worker, so the page stays live; where a
 * worker cannot start, on this thread. */
const background = (() => {
  let worker = null;
  try {
    worker = new Worker('worker.js', { type: 'module' });
  } catch {
    worker = null;
  }
  const waiting = new Map();
  let next = 0;
  if (worker) {
    worker.onmessage = ({ data }) => {
      const { ok, fail } = waiting.get(data.id);
      waiting.delete(data.id);
      if ('error' in data) fail(new Error(data.error));
      else ok(data.result);
    };
  }
  return (fn, ...args) => {
    if (!worker) return Promise.resolve().then(() => sudoku[fn](...args));
    return new Promise((ok, fail) => {
      waiting.set(next, { ok, fail });
      worker.postMessage({ id: next++, fn, args });
    });
  };
})();

/** The game: givens (0 empty), entries, pencil marks (9-bit masks), the solution. */
const game = { givens: new Array(81).fill(0), entries: new Array(81).fill(0), marks: new Array(81).fill(0), solution: null, selected: 0, pencil: false, shown: new Set(), wrong: new Set() };

const cells = [];
for (let i = 0; i < 81; i++) {
  const c = document.createElement('div');
  c.className = 'cell';
  c.dataset.index = i;
  c.dataset.row = Math.floor(i / 9);
  c.dataset.col = i % 9;
  c.setAttribute('role', 'gridcell');
  c.tabIndex = i === 0 ? 0 : -1;
  c.addEventListener('click', () => select(i));
  cells.push(c);
  board.appendChild(c);
}
for (let d = 1; d <= 9; d++) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = d;
  b.addEventListener('click', () => write(d));
  $('digits').appendChild(b);
}
const erase = document.createElement('button');
erase.type = 'button';
erase.textContent = '⌫';
erase.setAttribute('aria-label', 'clear');
erase.addEventListener('click', () => write(0));
$('digits').appendChild(erase);

const peers = (i, j) => i !== j && (Math.floor(i / 9) === Math.floor(j / 9) || i % 9 === j % 9 ||
  (Math.floor(i / 27) === Math.floor(j / 27) && Math.floor((i % 9) / 3) === Math.floor((j % 9) / 3)));
const value = (i) => game.givens[i] || game.entries[i];
const grid = () => Array.from({ length: 81 }, (_, i) => value(i));
const line = (g) => g.map((d) => (d ? String(d) : '.')).join('');

function say(text) {
  $('status').textContent = text;
}

function render() {
  const sel = game.selected;
  for (let i = 0; i < 81; i++) {
    const c = cells[i];
    const v = value(i);
    const conflict = v !== 0 && cells.some((_, j) => peers(i, j) && value(j) === v);
    c.className = 'cell' + (game.givens[i] ? ' given' : v ? ' entered' : '') +
      (i === sel ? ' selected' : peers(i, sel) ? ' peer' : '') +
      (v && v === value(sel) && i !== sel ? ' same' : '') + (conflict ? ' conflict' : '') +
      (game.shown.has(i) ? ' shown' : '') + (game.wrong.has(i) ? ' wrong' : '');
    c.dataset.value = v;
    c.tabIndex = i === sel ? 0 : -1;
    if (v) {
      c.textContent = v;
      c.setAttribute('aria-label', `row ${Math.floor(i / 9) + 1} column ${(i % 9) + 1}: ${v}${conflict ? ', conflict' : ''}`);
    } else {
      c.textContent = '';
      const m = document.createElement('div');
      m.className = 'marks';
      for (let d = 1; d <= 9; d++) {
        const s = document.createElement('span');
        s.textContent = game.marks[i] & (1 << (d - 1)) ? d : '';
        m.appendChild(s);
      }
      c.appendChild(m);
      c.setAttribute('aria-label', `row ${Math.floor(i / 9) + 1} column ${(i % 9) + 1}: empty`);
    }
  }
}

function select(i) {
  game.selected = i;
  render();
  cells[i].focus();
}

function write(d) {
  const i = game.selected;
  if (game.givens[i]) return;
  if (game.pencil && d) {
    game.marks[i] ^= 1 << (d - 1);
  } else {
    game.entries[i] = d;
    if (d) for (let j = 0; j < 81; j++) if (peers(i, j)) game.marks[j] &= ~(1 << (d - 1));
  }
  clearShown();
  render();
  if (grid().every((v, k) => game.solution && v === game.solution[k])) say('Solved! Every cell is right.');
  else if (grid().every((v) => v)) say('The grid is full, but not right: Check shows where.');
}

function clearShown() {
  game.shown.clear();
  game.wrong.clear();
}

function start(puzzle) {
  let checked;
  try {
    checked = sudoku.check(puzzle);
  } catch (e) {
    say(`Not read: ${e.message}`);
    return;
  }
  if (checked.status !== 'unique') {
    say(checked.status === 'no_solution' ? 'This puzzle has no solution.' : 'This puzzle has more than one solution.');
    return;
  }
  const solution = [...checked.solution].map(Number);
  const read = [...sudoku.read(puzzle)].map((c) => (c === '.' ? 0 : Number(c)));
  game.givens = read;
  game.entries = new Array(81).fill(0);
  game.marks = new Array(81).fill(0);
  game.solution = solution;
  $('hint-result').hidden = true;
  $('rating').hidden = true;
  $('explanation').hidden = true;
  say(`Loaded: ${read.filter((d) => d).length} givens.`);
  select(read.findIndex((d) => d === 0));
}

function hint() {
  if (!game.solution) return say('Load or make a puzzle first.');
  const now = line(grid());
  const h = sudoku.hint(now, LIMIT);
  const box = $('hint-result');
  if (h.status !== 'hint') {
    const words = { solved: 'The grid is solved.', no_solution: 'A digit is wrong: Check shows which.', stuck: 'No step found.', timeout: 'No step found in time.', not_unique: 'Several solutions.' };
    say(words[h.status] || h.status);
    return;
  }
  const step = h.steps[0];
  box.hidden = false;
  $('hint-picture').innerHTML = sudoku.hintSvg(now, LIMIT);
  $('hint-text').textContent = `${step.text} (${step.technique}, ${step.rating.toFixed(1)})`;
  const placed = step.placements[0];
  box.dataset.technique = step.technique;
  if (placed) {
    box.dataset.cell = placed.index;
    box.dataset.digit = placed.digit;
  } else {
    delete box.dataset.cell;
    delete box.dataset.digit;
  }
  clearShown();
  for (const c of [...step.placements, ...step.eliminations]) game.shown.add(c.index);
  render();
  say(`Hint: ${step.text}`);
}

function check() {
  if (!game.solution) return say('Load or make a puzzle first.');
  clearShown();
  let wrong = 0;
  for (let i = 0; i < 81; i++) {
    if (game.entries[i] && game.entries[i] !== game.solution[i]) {
      game.wrong.add(i);
      wrong++;
    }
  }
  render();
  const left = grid().filter((v) => !v).length;
  say(wrong ? `${wrong} cell${wrong > 1 ? 's are' : ' is'} wrong (marked).` : left ? `All right so far; ${left} to go.` : 'Solved! Every cell is right.');
}

async function rate() {
  if (!game.solution) return say('Load or make a puzzle first.');
  say('Rating...');
  const r = await background('rate', line(game.givens), LIMIT);
  say('');
  const box = $('rating');
  box.hidden = false;
  box.textContent = r.status === 'rated'
    ? `Rating: ER ${r.er.toFixed(1)} / EP ${r.ep.toFixed(1)} / ED ${r.ed.toFixed(1)}, ${r.level || 'beyond the levels'}; hardest: ${r.hardest}; ${r.steps} steps.`
    : `No rating: ${r.error}`;
}

async function explain() {
  if (!game.solution) return say('Load or make a puzzle first.');
  say('Explaining...');
  const e = await background('explain', line(game.givens), LIMIT);
  say('');
  const list = $('steps');
  list.textContent = '';
  $('explanation').hidden = false;
  if (e.status !== 'explained') {
    list.textContent = e.error;
    return;
  }
  e.steps.forEach((step) => {
    const li = document.createElement('li');
    li.tabIndex = 0;
    li.textContent = `${step.text} (${step.technique} ${step.rating.toFixed(1)})`;
    const show = () => {
      for (const x of list.children) x.classList.remove('current');
      li.classList.add('current');
      clearShown();
      for (const c of [...step.placements, ...step.eliminations]) game.shown.add(c.index);
      render();
    };
    li.addEventListener('click', show);
    li.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); show(); }
      if (ev.key === 'ArrowDown' && li.nextSibling) { ev.preventDefault(); li.nextSibling.focus(); li.nextSibling.click(); }
      if (ev.key === 'ArrowUp' && li.previousSibling) { ev.preventDefault(); li.previousSibling.focus(); li.previousSibling.click(); }
    });
    list.appendChild(li);
  });
}

function togglePencil() {
  game.pencil = !game.pencil;
  $('pencil').textContent = `Pencil: ${game.pencil ? 'on' : 'off'}`;
  $('pencil').setAttribute('aria-pressed', String(game.pencil));
}

board.addEventListener('keydown', (ev) => {
  const i = game.selected;
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (ev.key in moves) {
    ev.preventDefault();
    const j = i + moves[ev.key];
    if (j >= 0 && j < 81 && !(Math.abs(moves[ev.key]) === 1 && Math.floor(j / 9) !== Math.floor(i / 9))) select(j);
  } else if (/^[1-9]$/.test(ev.key)) {
    ev.preventDefault();
    write(Number(ev.key));
  } else if (ev.key === 'Backspace' || ev.key === 'Delete' || ev.key === '0') {
    ev.preventDefault();
    write(0);
  }
});
document.addEventListener('keydown', (ev) => {
  if (ev.target instanceof HTMLTextAreaElement || ev.target instanceof HTMLSelectElement || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key === 'p' || ev.key === 'P') togglePencil();
  if (ev.key === 'h' || ev.key === 'H') hint();
  if (ev.key === 'c' || ev.key === 'C') check();
});

$('load').addEventListener('click', () => start($('paste').value));
$('new').addEventListener('click', () => {
  say('Making a puzzle...');
  const level = $('level').value;
  background('generate', { level, count: 1, timeLimit: 20_000 }).then((run) => {
    if (!run.puzzles.length) return say(`No puzzle made: ${run.reason}`);
    $('paste').value = run.puzzles[0].puzzle;
    start(run.puzzles[0].puzzle);
    say(`New ${level} puzzle (seed ${run.seed}).`);
  }, (e) => say(`No puzzle made: ${e.message}`));
});
$('pencil').addEventListener('click', togglePencil);
$('hint').addEventListener('click', hint);
$('check').addEventListener('click', check);
$('rate').addEventListener('click', rate);
$('explain').addEventListener('click', explain);

render();
document.body.dataset.ready = 'true';
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}

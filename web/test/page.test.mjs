// The page in a real browser: Playwright (playwright-core) drives the system's Chromium over a
// static server of web/. It pastes a puzzle, asks for a hint and checks the hinted cell and
// digit against the solution (judged here, not taken from the page), plays the puzzle to the
// end with the keyboard, and saves a screenshot (WEB_SCREENSHOT=doc/web-page.png for the
// README's; a temporary file otherwise). Skipped, saying so, where
// there is no Chromium.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '..');
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
const skip = !chromium ? 'no Chromium here (apt-get install chromium)' : !existsSync(path.join(web, 'pkg', 'index.js')) ? 'web/pkg missing: run scripts/build-wasm.sh' : false;

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

/** A static server of web/ on a free port. */
async function serve() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const file = path.join(web, path.normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
    if (!file.startsWith(web)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}

/** Whether `s` (81 digits) is a valid, complete grid keeping `p`'s givens. */
function solves(p, s) {
  if (!/^[1-9]{81}$/.test(s)) return false;
  for (let i = 0; i < 81; i++) if (p[i] !== '.' && p[i] !== s[i]) return false;
  for (let k = 0; k < 9; k++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let j = 0; j < 9; j++) {
      row.add(s[9 * k + j]);
      col.add(s[9 * j + k]);
      box.add(s[27 * Math.floor(k / 3) + 3 * (k % 3) + 9 * Math.floor(j / 3) + (j % 3)]);
    }
    if (row.size + col.size + box.size !== 27) return false;
  }
  return true;
}

test('the page hints, plays a puzzle to the end, and is pictured', { skip, timeout: 120_000 }, async () => {
  const { chromium: browserType } = await import('playwright-core');
  const server = await serve();
  const browser = await browserType.launch({ executablePath: chromium, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector('body[data-ready="true"]');
    // A puzzle in the pretty layout (not a line).
    const pretty = await readFile(path.join(root, 'puzzles', 'pretty.txt'), 'utf8');
    await page.fill('#paste', pretty);
    await page.click('#load');
    await page.waitForFunction(() => document.querySelectorAll('.cell.given').length > 0);
    // The puzzle as the page shows it, read from its cells.
    const puzzle = await page.$$eval('.cell', (cs) => cs.map((c) => (c.classList.contains('given') ? c.dataset.value : '.')).join(''));
    assert.equal(puzzle.replace(/\./g, '').length, 17);
    // The solution, found here by a plain backtracking search (independent of the package).
    const solution = solveHere(puzzle);
    assert.ok(solves(puzzle, solution));
    // Pencil marks in the first empty cell: drawn in the cell.
    const empty = puzzle.indexOf('.');
    await page.click(`.cell[data-index="${empty}"]`);
    await page.keyboard.press('p');
    await page.keyboard.press('4');
    await page.keyboard.press('7');
    await page.keyboard.press('p');
    const marks = await page.$eval(`.cell[data-index="${empty}"] .marks`, (m) => m.textContent);
    assert.equal(marks, '47');
    await page.click('#hint');
    await page.waitForSelector('#hint-result:not([hidden])');
    const hinted = await page.$eval('#hint-result', (b) => ({ cell: b.dataset.cell, digit: b.dataset.digit, technique: b.dataset.technique }));
    const text = await page.textContent('#hint-text');
    assert.ok(text.length > 5, text);
    assert.ok(await page.$('#hint-picture svg'), 'the hint has its picture');
    if (hinted.cell !== undefined) {
      assert.equal(puzzle[Number(hinted.cell)], '.', 'the hint fills an empty cell');
      assert.equal(hinted.digit, solution[Number(hinted.cell)], `hint ${JSON.stringify(hinted)}`);
    }
    await page.click('#rate');
    await page.click('#explain');
    await page.waitForSelector('#steps li');
    const shot = process.env.WEB_SCREENSHOT ? path.resolve(root, process.env.WEB_SCREENSHOT) : path.join(os.tmpdir(), 'web-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    assert.ok((await stat(shot)).size > 10_000);
    // Play to the end with the keyboard alone: arrows to each empty cell, then its digit.
    await page.click('.cell[data-index="0"]');
    let at = 0;
    for (let i = 0; i < 81; i++) {
      if (puzzle[i] !== '.') continue;
      for (let r = Math.floor(at / 9); r < Math.floor(i / 9); r++) await page.keyboard.press('ArrowDown');
      for (let c = at % 9; c < i % 9; c++) await page.keyboard.press('ArrowRight');
      for (let c = at % 9; c > i % 9; c--) await page.keyboard.press('ArrowLeft');
      at = i;
      await page.keyboard.press(solution[i]);
    }
    const status = await page.textContent('#status');
    assert.match(status, /Solved/, `the page says: ${status}`);
    assert.equal(await page.$$eval('.cell.conflict', (c) => c.length), 0);
    // A wrong digit is found by Check.
    const last = puzzle.lastIndexOf('.');
    await page.click(`.cell[data-index="${last}"]`);
    await page.keyboard.press(String((Number(solution[last]) % 9) + 1));
    await page.click('#check');
    assert.equal(await page.$$eval('.cell.wrong', (c) => c.map((x) => Number(x.dataset.index))).then((w) => w.join()), String(last));
    // Make one by level (in the page's worker): it loads, and it has a solution.
    await page.selectOption('#level', 'easy');
    await page.click('#new');
    await page.waitForFunction(() => /New easy puzzle/.test(document.getElementById('status').textContent), null, { timeout: 60_000 });
    const made = await page.$$eval('.cell', (cs) => cs.map((c) => (c.classList.contains('given') ? c.dataset.value : '.')).join(''));
    assert.ok(solves(made, solveHere(made)), made);
    await page.click('#rate');
    await page.waitForFunction(() => /Rating: ER 1\.[0-2] /.test(document.getElementById('rating').textContent));
    // A phone's width: the board fits.
    await page.setViewportSize({ width: 360, height: 740 });
    const width = await page.$eval('#board', (b) => b.getBoundingClientRect().width);
    assert.ok(width <= 360, `board ${width}px wide`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});

/** A plain backtracking solver, for the test's own judgement of the page's answers. */
function solveHere(puzzle) {
  const g = [...puzzle].map((c) => (c === '.' ? 0 : Number(c)));
  const ok = (i, d) => {
    const r = Math.floor(i / 9), c = i % 9, br = r - (r % 3), bc = c - (c % 3);
    for (let k = 0; k < 9; k++) {
      if (g[9 * r + k] === d || g[9 * k + c] === d || g[9 * (br + Math.floor(k / 3)) + bc + (k % 3)] === d) return false;
    }
    return true;
  };
  const go = () => {
    let best = -1, bestN = 10;
    for (let i = 0; i < 81; i++) {
      if (g[i]) continue;
      let n = 0;
      for (let d = 1; d <= 9; d++) if (ok(i, d)) n++;
      if (n < bestN) { best = i; bestN = n; }
    }
    if (best < 0) return true;
    for (let d = 1; d <= 9; d++) {
      if (!ok(best, d)) continue;
      g[best] = d;
      if (go()) return true;
    }
    g[best] = 0;
    return false;
  };
  return go() ? g.join('') : null;
}

// The package in a module worker: the long work (generate, rate, explain) runs here, so the
// page stays live while it does. A message { id, fn, args } is answered { id, result } or
// { id, error }.
import * as sudoku from './pkg/index.js';

const allowed = new Set(['generate', 'rate', 'explain']);

self.onmessage = ({ data: { id, fn, args } }) => {
  try {
    if (!allowed.has(fn)) throw new Error(`not run in the worker: ${fn}`);
    self.postMessage({ id, result: sudoku[fn](...args) });
  } catch (e) {
    self.postMessage({ id, error: e.message });
  }
};

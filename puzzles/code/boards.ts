// Test boards.
export const board = [
  [2, undefined, undefined, undefined, undefined, undefined, 9, undefined, undefined],
  [undefined, undefined, undefined, 4, undefined, undefined, undefined, 7, undefined],
  [undefined, undefined, undefined, 7, undefined, undefined, undefined, undefined, 6],
  [9, undefined, 5, undefined, 2, undefined, undefined, undefined, undefined],
  [undefined, undefined, undefined, undefined, undefined, undefined, undefined, 8, 3],
  [1, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  [undefined, undefined, undefined, undefined, 1, undefined, 5, undefined, undefined],
  [undefined, 3, 6, undefined, undefined, undefined, undefined, undefined, undefined],
  [undefined, 4, undefined, 8, undefined, undefined, undefined, undefined, undefined],
];

export const other: (number | null)[][] = [
  [5, null, null, 3, 6, 8, null, null, null],
  [null, null, 2, 5, null, null, null, null, 3],
  [null, null, null, null, null, null, 1, null, 8],
  [2, null, 4, 1, null, 7, 8, null, null],
  [null, 6, 5, null, null, null, 2, null, null],
  [null, null, null, null, 5, null, 7, null, null],
  [null, null, 3, 8, null, null, null, null, 4],
  [null, null, null, null, null, null, 9, 7, 2],
  [null, null, null, null, null, null, null, null, null],
];

"""A tutorial: solving a Sudoku by backtracking.

We start from this board (0 is an empty cell):
"""

import numpy as np

BOARD = np.array([
    [0, 4, 6, 0, 0, 0, 0, 9, 0],
    [0, 0, 3, 0, 0, 4, 0, 0, 0],
    [0, 0, 0, 0, 6, 0, 0, 0, 0],
    [0, 0, 7, 0, 3, 0, 0, 4, 0],
    [0, 0, 0, 8, 0, 0, 0, 1, 0],
    [5, 0, 0, 1, 0, 0, 2, 0, 0],
    [0, 0, 1, 0, 7, 0, 8, 0, 9],
    [0, 0, 5, 0, 1, 0, 0, 0, 7],
    [0, 3, 0, 9, 0, 0, 0, 0, 0],
])

def possible(board, r, c, d):
    """Whether d can go at (r, c)."""
    return all(board[r][i] != d for i in range(9))

# A harder one, as one string:
HARD = '49............524..7.6....3....9...58.....3.9.1...4.......3..8.64...9......16..2.'

if __name__ == "__main__":
    print(solve(BOARD))

#include <stdio.h>

/* Rows as strings, '.' for an empty cell. */
static const char *rows[9] = {
    "2..4.....",
    ".7....6..",
    "...5....1",
    "...8...25",
    "83..9....",
    ".........",
    "....6.37.",
    "4.1......",
    "......9..",
};

static const char *line = "2.8.....96.......45....9.1....59.6..1...8.42....1.....3...51.....1..3.6.8..7.....";

int main(void) { return solve(rows) ? 0 : 1; }

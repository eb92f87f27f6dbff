val board = arrayOf(
    intArrayOf(0, 1, 7, 0, 0, 0, 0, 0, 8),
    intArrayOf(0, 8, 0, 6, 0, 0, 0, 0, 9),
    intArrayOf(0, 0, 0, 0, 8, 0, 0, 3, 0),
    intArrayOf(0, 0, 0, 0, 0, 0, 0, 0, 0),
    intArrayOf(0, 0, 4, 0, 1, 7, 0, 0, 6),
    intArrayOf(0, 9, 0, 2, 0, 0, 3, 8, 0),
    intArrayOf(0, 0, 6, 5, 0, 0, 0, 1, 2),
    intArrayOf(0, 0, 1, 0, 0, 0, 6, 0, 0),
    intArrayOf(0, 0, 0, 9, 0, 0, 7, 0, 0),
)
val solution = arrayOf(
    intArrayOf(2, 1, 7, 4, 9, 3, 5, 6, 8),
    intArrayOf(4, 8, 3, 6, 7, 5, 1, 2, 9),
    intArrayOf(6, 5, 9, 1, 8, 2, 4, 3, 7),
    intArrayOf(1, 6, 8, 3, 5, 9, 2, 7, 4),
    intArrayOf(3, 2, 4, 8, 1, 7, 9, 5, 6),
    intArrayOf(7, 9, 5, 2, 4, 6, 3, 8, 1),
    intArrayOf(9, 7, 6, 5, 3, 4, 8, 1, 2),
    intArrayOf(5, 4, 1, 7, 2, 8, 6, 9, 3),
    intArrayOf(8, 3, 2, 9, 6, 1, 7, 4, 5),
)

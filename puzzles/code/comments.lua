local board = {
  {nil, nil, 6, nil, 2, 8, nil, nil, nil},  -- the puzzle's first row
  {nil, nil, nil, 7, nil, nil, nil, nil, 2},
  {nil, 8, nil, nil, nil, nil, 4, 6, nil},
  {nil, nil, 4, nil, nil, 5, nil, nil, 8},
  {3, nil, 8, 4, nil, nil, 6, 7, nil},
  {7, 5, nil, nil, nil, nil, 1, nil, nil},
  {nil, nil, nil, 3, nil, nil, nil, nil, nil},
  {nil, 4, 3, nil, 5, nil, nil, nil, nil},
  {9, nil, 5, nil, nil, 1, nil, nil, 6},
}

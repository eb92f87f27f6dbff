//! Time limits in the library: a limit too long for the clock (`Duration::MAX`) is no limit,
//! never a panic; and the logic calls that can search for minutes (`next_step`, `walk`,
//! `analyse` on a board with few givens) take a limit and keep to it.

use std::time::{Duration, Instant};

use sudoku_solver::{analyse, next_step, walk, Board, Grid, RateError, TimedOut};

/// A puzzle whose path the ladder finishes with singles.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A generous bound for work given a short limit: it must give up long before this.
const BOUND: Duration = Duration::from_secs(60);

/// The limit given to work that would run for minutes without one.
const SHORT: Duration = Duration::from_millis(200);

fn easy() -> Grid {
    EASY.parse().expect("a puzzle")
}

/// Every digit placed on `board` is the solution's.
fn keeps_solution(board: &Board, solution: &Grid) -> bool {
    let values = board.values();
    (0..81).all(|cell| values[cell] == 0 || values[cell] == solution.cells()[cell])
}

#[test]
fn rate_and_explain_take_the_longest_duration_as_no_limit() {
    let grid = easy();
    let unlimited = grid.rate(None).expect("rated");
    assert_eq!(grid.rate(Some(Duration::MAX)), Ok(unlimited));
    let (rating, steps) = grid.explain(Some(Duration::MAX)).expect("explained");
    assert_eq!(rating, unlimited);
    assert_eq!(steps.len(), unlimited.steps());
    // Just below the clock's end, too.
    let nearly = Duration::new(u64::MAX, 0);
    assert_eq!(grid.rate(Some(nearly)), Ok(unlimited));
}

#[test]
fn the_logic_calls_take_the_longest_duration_as_no_limit() {
    let grid = easy();
    let solution = grid.solve().expect("solved");
    let board = Board::from_grid(&grid);
    let step = next_step(&board, Some(Duration::MAX))
        .expect("in time")
        .expect("a step");
    let (cell, digit) = step.placement().expect("a placement");
    assert_eq!(solution.cells()[cell], digit);

    let mut walked = board.clone();
    let rating = walk(&mut walked, Some(Duration::MAX), |_, _| {}).expect("in time");
    assert!(walked.is_solved());
    assert_eq!(walked.values(), solution.cells());
    assert_eq!(rating, grid.rate(None).expect("rated"));

    let analysis = analyse(board, Some(Duration::MAX)).expect("in time");
    assert_eq!(analysis.rating, rating);
}

#[test]
fn next_step_on_the_empty_board_keeps_to_its_limit() {
    let empty = Board::from_grid(&Grid::EMPTY);
    let start = Instant::now();
    assert_eq!(next_step(&empty, Some(SHORT)).err(), Some(TimedOut));
    assert!(start.elapsed() < BOUND, "took {:?}", start.elapsed());
}

#[test]
fn walk_on_the_empty_board_keeps_to_its_limit_and_stops_where_it_was() {
    let mut board = Board::from_grid(&Grid::EMPTY);
    let mut seen = 0;
    let start = Instant::now();
    let result = walk(&mut board, Some(SHORT), |_, _| seen += 1);
    assert_eq!(result, Err(TimedOut));
    assert!(start.elapsed() < BOUND, "took {:?}", start.elapsed());
    // Nothing can be deduced on the empty board: no step was taken, the board is as it was.
    assert_eq!(seen, 0);
    assert_eq!(board, Board::from_grid(&Grid::EMPTY));
}

#[test]
fn analyse_on_the_empty_board_keeps_to_its_limit() {
    let start = Instant::now();
    let result = analyse(Board::from_grid(&Grid::EMPTY), Some(SHORT));
    assert_eq!(result.map(|a| a.rating), Err(TimedOut));
    assert!(start.elapsed() < BOUND, "took {:?}", start.elapsed());
}

#[test]
fn a_walk_cut_short_leaves_a_sound_board() {
    // A puzzle with a long path of hard steps, given a limit it cannot finish in: whatever
    // it placed before giving up is the solution's.
    let hard: Grid =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
            .parse()
            .expect("a puzzle");
    let solution = hard.solve().expect("solved");
    let mut board = Board::from_grid(&hard);
    let result = walk(&mut board, Some(Duration::from_millis(50)), |_, _| {});
    assert!(keeps_solution(&board, &solution));
    if result.is_ok() {
        // A fast machine finished: then the board is solved.
        assert_eq!(board.values(), solution.cells());
    }
}

#[test]
fn a_limit_of_zero_times_out_and_the_error_converts_to_rate_error() {
    let hard: Grid =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
            .parse()
            .expect("a puzzle");
    assert_eq!(
        next_step(&Board::from_grid(&hard), Some(Duration::ZERO)).err(),
        Some(TimedOut)
    );
    assert_eq!(RateError::from(TimedOut), RateError::TimedOut);
}

#[test]
fn generate_takes_a_timeout_past_the_clock_as_none() {
    // The longest the command line reads: no panic (exit 101), the puzzles made as asked.
    let output = crate::common::sudoku()
        .args(["generate", "-n", "2", "--seed", "5"])
        .args(["--timeout", "9223372036854775807s"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = crate::common::stdout_of(&output);
    let puzzles: Vec<&str> = text.lines().collect();
    assert_eq!(puzzles.len(), 2);
    for p in puzzles {
        assert_eq!(crate::common::brute_force_count(p, 2), 1, "{p}");
    }
}

#[test]
fn time_limit_past_the_clock_is_no_limit_on_the_command_line() {
    for command in ["rate", "explain", "hint", "count"] {
        crate::common::sudoku()
            .args([command, "--time-limit", "9223372036854775807s"])
            .write_stdin(format!("{EASY}\n"))
            .assert()
            .code(0);
    }
}

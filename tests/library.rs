//! The library as a user meets it, from outside its modules, with no deep paths: the seven
//! everyday tasks of the guide's "Use as a library", each in a few lines. Each answer is held to
//! a check written here (the rules of Sudoku, or the command line's own answer), not to the
//! library's.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use sudoku_solver::{
    generate_matching, GenerateOptions, Grid, Parser, Range, RateError, SolveError, Wanted,
};

use crate::common::*;

const PUZZLE: &str = LEETCODE;
/// Easter Monster, a forum-hardest puzzle (ER 11.9 in Sudoku Explainer).
const HARD: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// Every row, column and box holds 1..=9 once, and every given is kept: written here, apart
/// from the library.
fn solves(solution: &Grid, puzzle: &Grid) -> bool {
    let s = solution.cells();
    let full = |cells: [usize; 9]| {
        let mut seen = [false; 10];
        cells
            .iter()
            .all(|&i| (1..=9).contains(&s[i]) && !std::mem::replace(&mut seen[s[i] as usize], true))
    };
    (0..9).all(|k| {
        full(std::array::from_fn(|j| k * 9 + j))
            && full(std::array::from_fn(|j| j * 9 + k))
            && full(std::array::from_fn(|j| {
                (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3
            }))
    }) && puzzle
        .cells()
        .iter()
        .zip(s)
        .all(|(&g, &d)| g == 0 || g == d)
}

#[test]
fn task_1_parse_and_solve_one_puzzle() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution = puzzle.solve().unwrap();
    assert!(solves(&solution, &puzzle));
    // The same puzzle written as a grid, and printed back.
    let grid_form = format!("{puzzle:#}");
    assert_eq!(grid_form.lines().count(), 9);
    assert_eq!(grid_form.parse::<Grid>().unwrap(), puzzle);
    assert_eq!(format!("{puzzle}"), PUZZLE);
}

#[test]
fn task_2_check_uniqueness() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    assert!(puzzle.is_unique());
    assert!(solves(&puzzle.solve_unique().unwrap(), &puzzle));
    // Take away givens until a second solution appears: both are returned, and both solve it.
    let mut cells: [u8; 81] = puzzle.into();
    for cell in 0..81 {
        cells[cell] = 0;
        let fewer = Grid::try_from(cells).unwrap();
        if let Err(SolveError::NotUnique(two)) = fewer.solve_unique() {
            let [a, b] = *two;
            assert!(a != b && solves(&a, &fewer) && solves(&b, &fewer));
            return;
        }
    }
    panic!("no second solution appeared");
}

#[test]
fn task_3_rate_and_explain() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let (rating, steps) = puzzle.explain(None).unwrap();
    // The command line rates it the same.
    let out = output_ok(sudoku().args(["rate", "-"]).write_stdin(PUZZLE));
    let line = format!("{:.1}/{:.1}/{:.1} ", rating.er(), rating.ep(), rating.ed());
    assert!(stdout_of(&out).contains(&line), "{}", stdout_of(&out));
    // Every step keeps the solution: a placement puts the solution's digit, a removal never
    // takes it.
    let solution = puzzle.solve().unwrap();
    for step in &steps {
        if let Some((cell, digit)) = step.placement() {
            assert_eq!(solution.cells()[cell], digit);
        }
        for (cell, digit) in step.removed() {
            assert_ne!(solution.cells()[cell], digit);
        }
    }
    // Guarded: no rating for a puzzle with many solutions, or none, and at once.
    let start = Instant::now();
    assert_eq!(Grid::EMPTY.rate(None), Err(RateError::NotUnique));
    let mut clash: [u8; 81] = puzzle.into();
    clash[2] = 5; // a second 5 in row 1
    assert_eq!(
        Grid::try_from(clash).unwrap().rate(None),
        Err(RateError::NoSolution)
    );
    // A forum-hardest puzzle given 50 ms.
    let hard: Grid = HARD.parse().unwrap();
    assert_eq!(
        hard.rate(Some(Duration::from_millis(50))),
        Err(RateError::TimedOut)
    );
    // Not a speed test: a bound a loaded machine keeps, that a missing guard (a search of the
    // empty grid's solutions, a full rating of the hard one) would break.
    let spent = start.elapsed();
    assert!(spent < Duration::from_secs(2), "{spent:?}");
}

#[test]
fn task_4_generate_to_a_rating_range() {
    let wanted = Wanted {
        er: "2.6..4.0".parse::<Range>().unwrap(),
        ..Wanted::default()
    };
    let made: Vec<_> = generate_matching(11, &GenerateOptions::default(), &wanted)
        .unwrap()
        .take(4)
        .collect();
    let mut lines = String::new();
    for (generated, rating) in &made {
        let puzzle = Grid::try_from(generated.puzzle).unwrap();
        assert!(puzzle.is_unique());
        assert!((2.6..=4.0).contains(&rating.er()));
        lines += &format!("{puzzle}\n");
    }
    // The command line makes the same puzzles for the same request.
    let out = output_ok(sudoku().args([
        "generate", "-n", "4", "--seed", "11", "--rating", "2.6..4.0", "-f", "line", "-j2",
    ]));
    assert_eq!(stdout_of(&out), lines);
    // A request no puzzle can meet is refused with the reason.
    let never = Wanted {
        ed: "9.0..".parse::<Range>().unwrap(),
        er: "..3.0".parse::<Range>().unwrap(),
        ..Wanted::default()
    };
    let why = generate_matching(11, &GenerateOptions::default(), &never)
        .err()
        .unwrap();
    assert!(why.to_string().contains("ED <= EP <= ER"), "{why}");
    // The library names the parts by their measures, not by a command line's options.
    assert!(
        why.to_string()
            .starts_with("ED starts at 9.0 but ER ends at 3.0"),
        "{why}"
    );
    assert!(!why.to_string().contains("--"), "{why}");
}

#[test]
fn task_5_canonical_form() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    // Disguises: a quarter turn, and digits 1 and 2 swapped.
    let cells = puzzle.cells();
    let turned = Grid::try_from(std::array::from_fn(|i| cells[(8 - i % 9) * 9 + i / 9])).unwrap();
    let relabelled = Grid::try_from(cells.map(|d| match d {
        1 => 2,
        2 => 1,
        d => d,
    }))
    .unwrap();
    let forms: BTreeSet<Grid> = [puzzle, turned, relabelled]
        .iter()
        .map(Grid::canonical)
        .collect();
    assert_eq!(forms.len(), 1);
    // Another puzzle has another form.
    let other: Grid = HARD.parse().unwrap();
    assert!(!forms.contains(&other.canonical()));
}

#[test]
fn task_6_solve_100000_puzzles_on_every_core() {
    // The puzzles of the samples, read with one streaming parser, repeated to 100,000.
    let text = std::fs::read_to_string(root("puzzles/line-puzzles.txt")).unwrap();
    let samples: Vec<Grid> = Parser::new(text.as_bytes())
        .filter_map(|slot| slot.ok()?.ok())
        .map(|puzzle| puzzle.grid())
        .collect();
    assert!(!samples.is_empty());
    let puzzles: Vec<Grid> = samples.iter().cycle().take(100_000).copied().collect();
    let solutions = sudoku_parallel::map_parallel(&puzzles, None, Grid::solve);
    assert_eq!(solutions.len(), puzzles.len());
    for (puzzle, solution) in puzzles.iter().zip(&solutions).take(samples.len()) {
        assert!(solves(solution.as_ref().unwrap(), puzzle));
    }
    // The same answers at any number of threads, in the order of the puzzles.
    let one = sudoku_parallel::map_parallel(&puzzles, std::num::NonZeroUsize::new(1), Grid::solve);
    assert!(one == solutions);
}

#[test]
fn task_7_errors_with_the_question_mark() {
    fn first_row_of_solution(text: &str) -> Result<String, Box<dyn std::error::Error>> {
        let puzzle: Grid = text.parse()?;
        if let Some(conflict) = puzzle.conflict() {
            return Err(conflict.into());
        }
        let solution = puzzle.solve_unique()?;
        Ok(solution.to_string()[..9].to_owned())
    }
    assert_eq!(first_row_of_solution(PUZZLE).unwrap(), "534678912");
    let bad = PUZZLE.replace('7', "x");
    let error = first_row_of_solution(&bad).unwrap_err().to_string();
    assert!(error.contains("'x'"), "{error}");
    let clash = format!("55{}", &PUZZLE[2..]);
    let error = first_row_of_solution(&clash).unwrap_err().to_string();
    assert!(error.contains("5 appears twice in row 1"), "{error}");
    let error = first_row_of_solution(&".".repeat(81))
        .unwrap_err()
        .to_string();
    assert!(error.contains("more than one solution"), "{error}");
}

#[test]
fn a_grid_is_a_serde_value_written_as_its_line() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let json = serde_json::to_string(&vec![puzzle, Grid::EMPTY]).unwrap();
    assert_eq!(json, format!("[\"{PUZZLE}\",\"{}\"]", ".".repeat(81)));
    let back: Vec<Grid> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, vec![puzzle, Grid::EMPTY]);
    let bad = format!("\"{}\"", PUZZLE.replace('7', "x"));
    let error = serde_json::from_str::<Grid>(&bad).unwrap_err().to_string();
    assert!(error.contains("'x'"), "{error}");
}

fn root(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

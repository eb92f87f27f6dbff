//! `sudoku-wasm`: the Sudoku library (`sudoku-solver`) for JavaScript, through wasm-bindgen.
//!
//! Every export takes a puzzle as a string in any layout the library's reader knows, or as a
//! `Uint8Array` of 81 cells (0 empty, 1..=9 given); grids come back in the same kind. Records
//! (`check`, `rate`, `hint`, `explain`, `generate`) come back as JSON with the command line's
//! `-f json` field names; the package's ES module (index.js) parses them. A puzzle the reader
//! refuses throws an `Error` with its message (`line:col: ...`). Work that can take long
//! (`rate`, `explain`, `hint`, `generate`) takes a time limit in milliseconds.

use sudoku_solver::{next_step, Board};
use wasm_bindgen::prelude::*;

mod input;
mod make;
mod records;
mod svg;

use input::{answer, grid_of, puzzle_of};
use make::limit_of;

/// A record as JSON (the records hold strings and numbers only: this cannot fail).
fn json<T: serde::Serialize>(record: &T) -> String {
    serde_json::to_string(record).unwrap_or_default()
}

/// The time limit argument, or the error naming it.
fn limit_arg(ms: Option<f64>) -> Result<Option<std::time::Duration>, JsError> {
    limit_of(ms).map_err(|e| JsError::new(&e))
}

/// The first solution of the puzzle, as the kind of grid given; `null` when it has none.
#[wasm_bindgen]
pub fn solve(puzzle: JsValue) -> Result<JsValue, JsError> {
    let (puzzle, kind) = puzzle_of(&puzzle)?;
    Ok(match puzzle.search(1).first() {
        Some(solution) => answer(&solution, kind),
        None => JsValue::NULL,
    })
}

/// How many solutions, counting up to `limit` (default 1000).
#[wasm_bindgen]
pub fn count(puzzle: JsValue, limit: Option<f64>) -> Result<f64, JsError> {
    let (puzzle, _) = puzzle_of(&puzzle)?;
    let limit = match limit {
        None => 1000,
        Some(n) if n >= 1.0 && n.fract() == 0.0 && n <= 9.0e15 => n as u64,
        Some(n) => {
            return Err(JsError::new(&format!(
                "limit: expected a whole number, 1 or more, got {n}"
            )))
        }
    };
    Ok(puzzle.search(limit).solutions() as f64)
}

/// `check` as JSON: `status` (unique, not_unique, no_solution), `solutions` (0, 1 or 2), the
/// `solution` when unique, the `differences` of the first two solutions when not.
#[wasm_bindgen(js_name = checkJson)]
pub fn check_json(puzzle: JsValue) -> Result<String, JsError> {
    let (puzzle, _) = puzzle_of(&puzzle)?;
    Ok(json(&records::check(&puzzle)))
}

/// `rate` as JSON: ER/EP/ED rounded as printed, the hardest technique, the level, the step
/// count per technique; or a `status` saying why there is no rating.
#[wasm_bindgen(js_name = rateJson)]
pub fn rate_json(puzzle: JsValue, time_limit_ms: Option<f64>) -> Result<String, JsError> {
    let (grid, _) = grid_of(&puzzle)?;
    Ok(json(&records::rate(&grid, limit_arg(time_limit_ms)?)))
}

/// `explain` as JSON: the rating path, every step with its cells.
#[wasm_bindgen(js_name = explainJson)]
pub fn explain_json(puzzle: JsValue, time_limit_ms: Option<f64>) -> Result<String, JsError> {
    let (grid, _) = grid_of(&puzzle)?;
    Ok(json(&records::explain(&grid, limit_arg(time_limit_ms)?)))
}

/// The next step of a grid as it stands (givens, or pencilmarks) and its status: hint, solved,
/// stuck, no_solution, not_unique or timeout.
fn next(puzzle: &JsValue, time_limit_ms: Option<f64>) -> Result<Hinted, JsError> {
    let limit = limit_arg(time_limit_ms)?;
    let (puzzle, _) = puzzle_of(puzzle)?;
    let board = match puzzle.candidates() {
        Some(marks) => Board::from_candidates(marks),
        None => Board::from_grid(&puzzle.grid()),
    };
    let givens = *puzzle.grid().cells();
    let (status, step) = match puzzle.search(2).solutions() {
        0 => ("no_solution", None),
        1 if board.is_solved() => ("solved", None),
        1 => match next_step(&board, limit) {
            Ok(Some(step)) => ("hint", Some(step)),
            Ok(None) => ("stuck", None),
            Err(_) => ("timeout", None),
        },
        _ => ("not_unique", None),
    };
    Ok(Hinted {
        status,
        board,
        givens,
        step,
    })
}

struct Hinted {
    status: &'static str,
    board: Board,
    givens: [u8; 81],
    step: Option<sudoku_solver::Step>,
}

#[derive(serde::Serialize)]
struct HintRecord {
    status: &'static str,
    steps: Vec<records::StepRecord>,
}

/// `hint` as JSON: `status` and `steps` (the one step, when there is one).
#[wasm_bindgen(js_name = hintJson)]
pub fn hint_json(puzzle: JsValue, time_limit_ms: Option<f64>) -> Result<String, JsError> {
    let hinted = next(&puzzle, time_limit_ms)?;
    Ok(json(&HintRecord {
        status: hinted.status,
        steps: hinted.step.iter().map(records::step_record).collect(),
    }))
}

/// The picture of the next step as an SVG document (the grid alone when there is no step).
#[wasm_bindgen(js_name = hintSvg)]
pub fn hint_svg(puzzle: JsValue, time_limit_ms: Option<f64>) -> Result<String, JsError> {
    let hinted = next(&puzzle, time_limit_ms)?;
    Ok(svg::picture(
        &hinted.board,
        &hinted.givens,
        hinted.step.as_ref(),
    ))
}

/// `generate` from its request as JSON (`seed`, `count`, `level`, `rating`, `symmetry`,
/// `minimal`, `timeLimit`, `attempts`), as JSON: `puzzles`, `complete`, `reason`.
#[wasm_bindgen(js_name = generateJson)]
pub fn generate_json(request: &str) -> Result<String, JsError> {
    let request = make::request_of(request).map_err(|e| JsError::new(&e))?;
    let run = make::generate(&request).map_err(|e| JsError::new(&e))?;
    Ok(json(&run))
}

/// The canonical (minlex) form, as the kind of grid given.
#[wasm_bindgen]
pub fn canonical(puzzle: JsValue) -> Result<JsValue, JsError> {
    let (grid, kind) = grid_of(&puzzle)?;
    Ok(answer(grid.canonical().cells(), kind))
}

/// The puzzle as read (any layout): its givens, as the kind of grid given (for pencilmarks,
/// the cells with one candidate).
#[wasm_bindgen]
pub fn read(puzzle: JsValue) -> Result<JsValue, JsError> {
    let (puzzle, kind) = puzzle_of(&puzzle)?;
    Ok(answer(puzzle.grid().cells(), kind))
}

/// The package's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

//! What the exports take: a puzzle as a string in any layout the library's reader knows, or a
//! `Uint8Array` of 81 cells (0 for empty, 1..=9 for a given). Anything else is an error with
//! the reader's message (`line:col: ...`).

use js_sys::Uint8Array;
use sudoku_solver::{Grid, Puzzle};
use wasm_bindgen::{JsCast, JsError, JsValue};

/// Whether the caller gave cells (then answers are cells too) or text (then lines).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Text,
    Cells,
}

/// The puzzle in `input`, pencilmarks included, and which kind `input` was.
pub(crate) fn puzzle_of(input: &JsValue) -> Result<(Puzzle, Kind), JsError> {
    if let Some(text) = input.as_string() {
        return puzzle_of_text(&text)
            .map(|p| (p, Kind::Text))
            .map_err(|e| JsError::new(&e));
    }
    if let Some(array) = input.dyn_ref::<Uint8Array>() {
        let cells = array.to_vec();
        return grid_of_cells(&cells)
            .map(|g| (Puzzle::from(g), Kind::Cells))
            .map_err(|e| JsError::new(&e));
    }
    Err(JsError::new(
        "expected a puzzle: a string (any layout) or a Uint8Array of 81 cells",
    ))
}

/// The givens in `input` (a pencilmark puzzle is refused, as `str::parse::<Grid>` refuses it).
pub(crate) fn grid_of(input: &JsValue) -> Result<(Grid, Kind), JsError> {
    if let Some(text) = input.as_string() {
        return grid_of_text(&text)
            .map(|g| (g, Kind::Text))
            .map_err(|e| JsError::new(&e));
    }
    let (puzzle, kind) = puzzle_of(input)?;
    Ok((puzzle.grid(), kind))
}

/// One puzzle read from text, or the reader's message.
pub(crate) fn puzzle_of_text(text: &str) -> Result<Puzzle, String> {
    text.parse::<Puzzle>().map_err(|e| e.to_string())
}

/// The givens read from text, or the reader's message.
pub(crate) fn grid_of_text(text: &str) -> Result<Grid, String> {
    text.parse::<Grid>().map_err(|e| e.to_string())
}

/// 81 cells as a grid, or what is wrong with them.
pub(crate) fn grid_of_cells(cells: &[u8]) -> Result<Grid, String> {
    let cells: [u8; 81] = cells
        .try_into()
        .map_err(|_| format!("expected 81 cells, got {}", cells.len()))?;
    if let Some(i) = cells.iter().position(|&d| d > 9) {
        return Err(format!(
            "cell {} ({}) holds {}: a cell is 0 (empty) or 1 to 9",
            i,
            sudoku_solver::cell_name(i),
            cells[i]
        ));
    }
    Grid::from_cells(cells).ok_or_else(|| "not a grid of 81 digits 0 to 9".to_string())
}

/// `cells` as the caller's kind: a line of 81 characters (`.` empty), or a Uint8Array.
pub(crate) fn answer(cells: &[u8; 81], kind: Kind) -> JsValue {
    match kind {
        Kind::Text => JsValue::from_str(&line(cells)),
        Kind::Cells => Uint8Array::from(&cells[..]).into(),
    }
}

/// The 81 cells as a line, `.` for empty.
pub(crate) fn line(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_out_of_range_and_short_arrays_are_refused_with_the_place() {
        let mut cells = [0u8; 81];
        cells[10] = 12;
        let e = grid_of_cells(&cells).unwrap_err();
        assert!(e.contains("r2c2") && e.contains("12"), "{e}");
        assert!(grid_of_cells(&[0; 80]).unwrap_err().contains("80"));
    }

    #[test]
    fn text_errors_carry_line_and_column() {
        let e = grid_of_text("12345678\n").unwrap_err();
        assert!(e.starts_with("1:"), "{e}");
    }
}

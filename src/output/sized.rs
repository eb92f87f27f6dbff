//! Boards of other sizes than 9x9 in text: a line, rows, or a pretty grid with the box lines of
//! the board's shape, each in the notation its puzzle was written in (its symbols, or numbers),
//! so that every answer reads back as the same board; and the cells where two solutions differ.

use sudoku_solver::{Notation, SizedGrid};

/// The cells of one row, as the notation writes them: symbols side by side, numbers separated
/// by blanks (right-aligned in `pretty`, so that the columns line up).
fn row_cells(grid: &SizedGrid, notation: &Notation, row: usize, aligned: bool) -> Vec<String> {
    let width = grid.size().to_string().len();
    (0..grid.size())
        .map(|col| {
            let cell = notation.cell(grid.get(row, col));
            match notation {
                Notation::Numbers if aligned => format!("{cell:>width$}"),
                _ => cell,
            }
        })
        .collect()
}

/// The board as N lines, each ending in a newline.
pub(crate) fn rows(grid: &SizedGrid, notation: &Notation) -> String {
    let gap = match notation {
        Notation::Symbols(_) => "",
        Notation::Numbers => " ",
    };
    (0..grid.size())
        .map(|row| row_cells(grid, notation, row, false).join(gap) + "\n")
        .collect()
}

/// The board with a blank between cells, `|` between boxes and a rule between bands of boxes.
pub(crate) fn pretty(grid: &SizedGrid, notation: &Notation) -> String {
    let shape = grid.shape();
    let mut out = String::new();
    let mut rule = String::new();
    for row in 0..grid.size() {
        let cells = row_cells(grid, notation, row, true);
        let boxes: Vec<String> = cells
            .chunks(shape.box_cols())
            .map(|chunk| chunk.join(" "))
            .collect();
        let line = boxes.join(" | ");
        if rule.is_empty() {
            // The rule follows the first row's layout: dashes under cells, `+` under bars.
            rule = line
                .chars()
                .map(|c| if c == '|' { '+' } else { '-' })
                .collect();
        }
        if row > 0 && row % shape.box_rows() == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The cells where two boards differ, as `rNcM a/b` items joined by `, `, in the notation.
pub(crate) fn differences(first: &SizedGrid, second: &SizedGrid, notation: &Notation) -> String {
    let shape = first.shape();
    let items: Vec<String> = (0..shape.cells())
        .filter(|&i| first.cells()[i] != second.cells()[i])
        .map(|i| {
            format!(
                "{} {}/{}",
                shape.cell_name(i),
                notation.cell(first.cells()[i]),
                notation.cell(second.cells()[i])
            )
        })
        .collect();
    items.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_solver::Symbols;

    /// A full 6x6 board (2x3 boxes) that breaks no rule.
    fn six() -> SizedGrid {
        "123456456123231564564231312645645312".parse().unwrap()
    }

    #[test]
    fn rows_and_pretty_grids_read_back_and_draw_the_boxes() {
        let grid = six();
        assert!(grid.conflict().is_none());
        let symbols = Notation::Symbols(Symbols::standard(6));
        assert_eq!(rows(&grid, &symbols).parse::<SizedGrid>().unwrap(), grid);
        let pretty = pretty(&grid, &symbols);
        assert_eq!(pretty.lines().next(), Some("1 2 3 | 4 5 6"));
        assert_eq!(pretty.lines().nth(2), Some("------+------"));
        assert_eq!(pretty.lines().count(), 6 + 2);
        let numbers = rows(&grid, &Notation::Numbers);
        assert_eq!(numbers.lines().next(), Some("1 2 3 4 5 6"));
    }

    #[test]
    fn differences_name_cells_on_the_boards_own_width() {
        let first = six();
        let mut cells = first.cells().to_vec();
        cells.swap(6, 7); // r2c1 and r2c2
        let second = SizedGrid::new(first.shape(), cells).unwrap();
        let symbols = Notation::Symbols(Symbols::standard(6));
        assert_eq!(differences(&first, &second, &symbols), "r2c1 4/5, r2c2 5/4");
    }
}

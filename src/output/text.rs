//! The text forms: a solution as a line, a grid or a pretty grid, and the verdict lines of
//! `check`, `count`, `canon`, `rate`, `explain` and `hint`.

use super::sized;
use super::{input_problem, Format, Page, Problem, Renderer, Settings};
use crate::commands::Logic;
use crate::outcome::{Answer, Outcome, SizedFound, Source};
use sudoku_solver::Level;
use sudoku_solver::{cell_name, CELLS};
use sudoku_solver::{Form, Notation, SizedGrid};
use sudoku_solver::{Rating, Step};

fn symbol(cell: u8) -> u8 {
    if cell == 0 {
        b'.'
    } else {
        b'0' + cell
    }
}

/// Appends the 81 cells as one line (`.` for empty), without a newline.
pub(crate) fn push_line(out: &mut Vec<u8>, cells: &[u8; CELLS]) {
    out.extend(cells.iter().map(|&c| symbol(c)));
}

/// Appends 9 lines of 9 cells, each ending in a newline.
pub(crate) fn push_grid(out: &mut Vec<u8>, cells: &[u8; CELLS]) {
    for row in cells.chunks_exact(9) {
        out.extend(row.iter().map(|&c| symbol(c)));
        out.push(b'\n');
    }
}

/// Appends the pretty grid: spaces between cells, `|` between boxes, a rule between bands.
pub(crate) fn push_pretty(out: &mut Vec<u8>, cells: &[u8; CELLS]) {
    for (r, row) in cells.chunks_exact(9).enumerate() {
        if r == 3 || r == 6 {
            out.extend_from_slice(b"------+-------+------\n");
        }
        for (c, &cell) in row.iter().enumerate() {
            if c > 0 {
                out.extend_from_slice(if c % 3 == 0 { b" | " } else { b" " });
            }
            out.push(symbol(cell));
        }
        out.push(b'\n');
    }
}

/// The cells where two grids differ, as `rNcM a/b` items joined by `, `.
pub(crate) fn differences(first: &[u8; CELLS], second: &[u8; CELLS]) -> String {
    let mut out = Vec::new();
    push_differences(&mut out, first, second);
    String::from_utf8(out).expect("cell names and digits are ASCII")
}

/// Appends [`differences`] to `out`, with no allocation of its own.
///
/// The differing cells are found first as a bit mask, without a branch per cell (whether a
/// cell differs is random enough that such a branch mispredicts often; `check` writes this for
/// every puzzle with several solutions).
pub(crate) fn push_differences(out: &mut Vec<u8>, first: &[u8; CELLS], second: &[u8; CELLS]) {
    let word = |g: &[u8; CELLS], k: usize| {
        u64::from_le_bytes(g[8 * k..8 * k + 8].try_into().expect("8 bytes"))
    };
    let mut mask = u128::from(first[80] != second[80]) << 80;
    for k in 0..10 {
        mask |= u128::from(nonzero_bytes(word(first, k) ^ word(second, k))) << (8 * k);
    }
    // Each item is written as `, rNcM a/b` into a buffer on the stack, and the buffer, without
    // the first `, `, joins `out` in one copy.
    let mut items = [0u8; CELLS * 10];
    let mut len = 0;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let (row, col) = ((i / 9) as u8, (i % 9) as u8);
        items[len..len + 10].copy_from_slice(&[
            b',',
            b' ',
            b'r',
            b'1' + row,
            b'c',
            b'1' + col,
            b' ',
            b'0' + first[i],
            b'/',
            b'0' + second[i],
        ]);
        len += 10;
    }
    out.extend_from_slice(&items[len.min(2)..len]);
}

/// Bit `k` set when byte `k` of `x` is not 0.
fn nonzero_bytes(x: u64) -> u8 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte: set when the byte is not 0 (the low 7 bits plus 0x7F carry into
    // it unless they are all 0; the byte's own high bit is or-ed in).
    let high = (((x & !HIGH) + !HIGH) | x) & HIGH;
    // Gathers bit 8k + 7 to bit 56 + k: the product's terms land on distinct bits, so nothing
    // carries.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Appends `n` in decimal.
pub fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// Appends `PATH:LINE`, as [`Source`]'s `Display` does, without the formatting machinery.
fn push_source(out: &mut Vec<u8>, source: &Source) {
    out.extend_from_slice(source.path.as_bytes());
    if source.line > 0 {
        out.push(b':');
        push_decimal(out, source.line as u64);
    }
}

/// A rating as printed: one decimal.
pub(crate) fn tenths(rating: f64) -> String {
    format!("{:.1}", sudoku_solver::round_rating(rating))
}

/// `ER/EP/ED` as printed.
pub(crate) fn ratings(rating: &Rating) -> String {
    format!(
        "{}/{}/{}",
        tenths(rating.er()),
        tenths(rating.ep()),
        tenths(rating.ed())
    )
}

/// The hardest technique's name, or what to say when the ladder could not finish the puzzle.
pub(crate) fn hardest(rating: &Rating) -> String {
    rating
        .hardest()
        .map_or_else(|| "beyond the ladder".to_string(), |t| t.name().to_string())
}

/// What `rate`, `explain` and `hint` say of a grid with no empty cell.
pub(crate) const ALREADY_SOLVED: &str = "already solved: no step left";

/// What `explain` and `hint` say when no technique applies.
pub(crate) const STUCK: &str =
    "no further step: none of the techniques up to nested forcing chains applies";

/// A step as a line of text: effect, words, rating. (A placement's effect is the placement
/// alone, so the eliminations its own cell loses are never shown here.)
pub(crate) fn step_line(step: &Step) -> String {
    format!(
        "{}   {}   ({})",
        step.effect(),
        sudoku_solver::describe(step),
        tenths(step.rating())
    )
}

/// A puzzle without exactly one solution, in words.
pub(crate) fn failure(answer: &Answer) -> String {
    match &answer.outcome {
        Outcome::NoSolution(reason) => reason.clone(),
        Outcome::NotUnique(first, second) => {
            format!("not unique: {}", differences(first, second))
        }
        Outcome::Sized(SizedFound::NotUnique(pair)) => {
            let notation = sized_notation(answer);
            format!(
                "not unique: {}",
                sized::differences(&pair.0, &pair.1, notation)
            )
        }
        _ => String::new(),
    }
}

/// The notation of an answer's board of another size.
fn sized_notation(answer: &Answer) -> &Notation {
    let sized = answer.puzzle.as_ref().and_then(|p| p.sized());
    sized.expect("a sized answer has its board").1
}

/// What is said of a puzzle that got no answer within `limit`.
pub(crate) fn timed_out(limit: std::time::Duration) -> String {
    format!(
        "timeout: no answer within {} (--time-limit)",
        duration(limit)
    )
}

/// A duration as a user writes one: `2s`, `1.5s`, `50ms`, `250us`.
pub(crate) fn duration(d: std::time::Duration) -> String {
    let micros = d.as_micros();
    if micros.is_multiple_of(1_000_000) {
        format!("{}s", micros / 1_000_000)
    } else if micros >= 1_000_000 {
        format!("{}s", d.as_secs_f64())
    } else if micros.is_multiple_of(1000) {
        format!("{}ms", micros / 1000)
    } else {
        format!("{micros}us")
    }
}

/// What is wrong with an input that cannot be read.
pub(crate) fn unreadable(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Unreadable {
            line: Some(_),
            error,
        } => format!("cannot read further: {error}"),
        Outcome::Unreadable { line: None, error } => format!("cannot read: {error}"),
        _ => String::new(),
    }
}

/// The layout a solution is printed in: `auto` answers a line with a line (and pencilmarks with
/// the solution's 81 digits: the answer has no candidates), anything else with a grid.
pub(crate) fn layout_of(format: Format, answer: &Answer) -> Format {
    match format {
        Format::Auto => match &answer.puzzle {
            Some(p) if p.form() == Form::Line || p.candidates().is_some() => Format::Line,
            _ => Format::Grid,
        },
        other => other,
    }
}

/// Appends `cells` in the text layout `format` (a grid block headed by `# SOURCE`, or a line).
fn push_cells(page: &mut Page, format: Format, answer: &Answer, cells: &[u8; CELLS]) {
    match format {
        Format::Grid => {
            page.comment(true, &answer.source.to_string());
            push_grid(&mut page.out, cells);
        }
        Format::Pretty => {
            page.comment(true, &answer.source.to_string());
            push_pretty(&mut page.out, cells);
        }
        _ => {
            page.begin(false);
            push_line(&mut page.out, cells);
            page.out.push(b'\n');
        }
    }
}

/// The text formats: `auto`, `line`, `grid` and `pretty` (solutions in a layout), and `text`
/// (the command's own lines, which are a canonical form's lines too).
pub(crate) struct TextRenderer {
    settings: Settings<'static>,
}

impl TextRenderer {
    pub(crate) fn new(settings: Settings) -> TextRenderer {
        let mut settings = settings.without_template();
        if settings.format == Format::Text {
            settings.format = Format::Line;
        }
        TextRenderer { settings }
    }
}

impl Renderer for TextRenderer {
    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        render(answer, &self.settings, page);
        Ok(())
    }
}

/// Renders one answer in a text form.
pub(super) fn render(answer: &Answer, settings: &Settings, page: &mut Page) {
    let source = &answer.source;
    let verdicts = settings.verdicts;
    if let Some(input) = input_problem(answer) {
        match verdicts {
            true => page.line(&input.verdict),
            false => page.comment(false, &input.message()),
        }
        return;
    }
    match &answer.outcome {
        // Written above, from the one list of input problems.
        Outcome::Invalid(_)
        | Outcome::NoPuzzle(_)
        | Outcome::Unreadable { .. }
        | Outcome::Refused(_) => {}
        Outcome::Solved(solution) => {
            push_cells(page, layout_of(settings.format, answer), answer, solution)
        }
        Outcome::Generated { solution, .. } => generated(answer, settings, solution, page),
        Outcome::NoSolution(_)
        | Outcome::NotUnique(..)
        | Outcome::Sized(SizedFound::NotUnique(_)) => {
            if settings.counts {
                check_line(answer, page);
            } else if verdicts {
                page.line(&format!("{source}: {}", failure(answer)));
            } else {
                let block = matches!(
                    layout_of(settings.format, answer),
                    Format::Grid | Format::Pretty
                );
                page.comment(block, &format!("{source}: {}", failure(answer)));
            }
        }
        Outcome::Unique(_) | Outcome::Sized(SizedFound::Unique(_)) => check_line(answer, page),
        Outcome::Sized(SizedFound::Solved(solution)) => {
            push_sized(page, layout_of(settings.format, answer), answer, solution)
        }
        Outcome::Sized(SizedFound::Generated(solution)) => {
            sized_generated(answer, settings, solution.as_ref(), page)
        }
        Outcome::UniqueClues { redundant } => unique_clues(answer, redundant, page),
        Outcome::Transformed { cells, candidates } => match candidates {
            // A pencilmark grid stays one: its 729-character line, whatever the format.
            Some(candidates) => page.line(&candidates.to_line()),
            None => push_cells(page, layout_of(settings.format, answer), answer, cells),
        },
        Outcome::Minimized(puzzle) => {
            push_cells(page, layout_of(settings.format, answer), answer, puzzle)
        }
        Outcome::Sized(SizedFound::Minimized(puzzle)) => {
            push_sized(page, layout_of(settings.format, answer), answer, puzzle)
        }
        Outcome::Counted {
            solutions,
            complete,
            ..
        } => {
            // Written without `format!`: `count` prints a line per puzzle, often on sets of
            // millions.
            page.begin(false);
            push_decimal(&mut page.out, *solutions);
            if !*complete {
                page.out.push(b'+');
            }
            page.out.push(b'\n');
        }
        Outcome::Canonical(form) => {
            page.begin(false);
            push_line(&mut page.out, form);
            page.out.push(b'\n');
        }
        // `check --minimal` of pencilmarks: a verdict, as for any input it cannot take.
        Outcome::Rated(analysis) => {
            let rating = &analysis.rating;
            let level = Level::of(rating.er()).map_or_else(String::new, |l| format!(" ({l})"));
            page.line(&format!(
                "{source}: {} {}{level}",
                ratings(rating),
                hardest(rating)
            ));
        }
        Outcome::AlreadySolved { grid, .. } => {
            if settings.logic == Some(Logic::Path) {
                page.comment(true, &format!("{source}: {ALREADY_SOLVED}"));
                push_grid(&mut page.out, grid);
            } else {
                page.line(&format!("{source}: {ALREADY_SOLVED}"));
            }
        }
        Outcome::Explained {
            rating,
            steps,
            end,
            solved,
        } => explained(source, rating, steps, end, *solved, page),
        Outcome::TimedOut(limit) if verdicts => {
            page.line(&format!("{source}: {}", timed_out(*limit)));
        }
        Outcome::TimedOut(limit) => {
            page.comment(false, &format!("{source}: {}", timed_out(*limit)))
        }
        Outcome::Hint(step) => page.line(&format!("{source}: {}", step_line(step))),
        Outcome::Stuck => page.line(&format!("{source}: {STUCK}")),
    }
}

/// A generated puzzle, with its solution when asked for (`generate --solution`).
fn generated(
    answer: &Answer,
    settings: &Settings,
    solution: &Option<[u8; CELLS]>,
    page: &mut Page,
) {
    let puzzle = answer.puzzle.as_ref().expect("a generated puzzle");
    let format = layout_of(settings.format, answer);
    match (solution, format) {
        // `PUZZLE SOLUTION` on one line, as many collections write them (the parser
        // reads such a line as the puzzle).
        (Some(solution), Format::Line | Format::Auto) => {
            page.begin(false);
            push_line(&mut page.out, puzzle.grid().cells());
            page.out.push(b' ');
            push_line(&mut page.out, solution);
            page.out.push(b'\n');
        }
        (Some(solution), _) => {
            push_cells(page, format, answer, puzzle.grid().cells());
            page.begin(true);
            page.out
                .extend_from_slice(format!("# {}: solution\n", answer.source).as_bytes());
            if format == Format::Pretty {
                push_pretty(&mut page.out, solution);
            } else {
                push_grid(&mut page.out, solution);
            }
        }
        (None, _) => push_cells(page, format, answer, puzzle.grid().cells()),
    }
}

/// A board of another size in the text layout `format` (a grid block headed by `# SOURCE`, or a
/// line), in its puzzle's notation.
fn push_sized(page: &mut Page, format: Format, answer: &Answer, grid: &SizedGrid) {
    let notation = sized_notation(answer);
    match format {
        Format::Grid | Format::Pretty => {
            page.comment(true, &answer.source.to_string());
            let text = match format {
                Format::Grid => sized::rows(grid, notation),
                _ => sized::pretty(grid, notation),
            };
            page.out.extend_from_slice(text.as_bytes());
        }
        _ => {
            page.begin(false);
            page.out.extend_from_slice(notation.line(grid).as_bytes());
            page.out.push(b'\n');
        }
    }
}

/// A generated board of another size, with its solution when asked for, as [`generated`]
/// writes a 9x9 one.
fn sized_generated(
    answer: &Answer,
    settings: &Settings,
    solution: Option<&SizedGrid>,
    page: &mut Page,
) {
    let puzzle = answer.puzzle.as_ref().and_then(|p| p.sized());
    let (grid, notation) = puzzle.expect("a generated board");
    let format = layout_of(settings.format, answer);
    match (solution, format) {
        (Some(solution), Format::Line | Format::Auto) => page.line(&format!(
            "{} {}",
            notation.line(grid),
            notation.line(solution)
        )),
        (Some(solution), _) => {
            push_sized(page, format, answer, grid);
            page.comment(true, &format!("{}: solution", answer.source));
            let text = match format {
                Format::Pretty => sized::pretty(solution, notation),
                _ => sized::rows(solution, notation),
            };
            page.out.extend_from_slice(text.as_bytes());
        }
        (None, _) => push_sized(page, format, answer, grid),
    }
}

/// `explain`'s block: the ratings, a line per step, and the grid where the path ended.
fn explained(
    source: &Source,
    rating: &Rating,
    steps: &[Step],
    end: &[u8; CELLS],
    solved: bool,
    page: &mut Page,
) {
    page.comment(
        true,
        &format!(
            "{source}: {} {}, {} steps",
            ratings(rating),
            hardest(rating),
            rating.steps()
        ),
    );
    for step in steps {
        page.out.extend_from_slice(step_line(step).as_bytes());
        page.out.push(b'\n');
    }
    if solved {
        push_grid(&mut page.out, end);
    } else {
        page.out.extend_from_slice(b"# ");
        page.out.extend_from_slice(STUCK.as_bytes());
        page.out.push(b'\n');
    }
}

/// `check --minimal`'s verdict of a unique puzzle: minimal, or the clues that can go.
fn unique_clues(answer: &Answer, redundant: &[usize], page: &mut Page) {
    let source = &answer.source;
    if redundant.is_empty() {
        page.line(&format!("{source}: unique, minimal"));
    } else {
        let cells: Vec<String> = redundant.iter().map(|&c| cell_of(answer, c)).collect();
        page.line(&format!(
            "{source}: unique, not minimal: {} can go (each alone)",
            cells.join(", ")
        ));
    }
}

/// `check`'s verdict, written in place: `check` runs over millions of puzzles, one line each.
fn check_line(answer: &Answer, page: &mut Page) {
    page.begin(false);
    let out = &mut page.out;
    push_source(out, &answer.source);
    match &answer.outcome {
        Outcome::Unique(_) | Outcome::Sized(SizedFound::Unique(_)) => {
            out.extend_from_slice(b": unique")
        }
        Outcome::NotUnique(first, second) => {
            out.extend_from_slice(b": not unique: ");
            push_differences(out, first, second);
        }
        Outcome::Sized(SizedFound::NotUnique(pair)) => {
            out.extend_from_slice(b": not unique: ");
            let notation = sized_notation(answer);
            out.extend_from_slice(sized::differences(&pair.0, &pair.1, notation).as_bytes());
        }
        Outcome::NoSolution(reason) => {
            out.extend_from_slice(b": ");
            out.extend_from_slice(reason.as_bytes());
        }
        _ => {}
    }
    out.push(b'\n');
}

/// The 81 cells as a string, `.` for empty.
pub(crate) fn line_string(cells: &[u8; CELLS]) -> String {
    cells.iter().map(|&c| symbol(c) as char).collect()
}

/// The name of cell `index` in `rNcM` notation (for the JSON records' cells).
pub(crate) fn cell(index: usize) -> String {
    cell_name(index)
}

/// The name of cell `index` of an answer's board, on its own width (9 for the classic board).
pub(crate) fn cell_of(answer: &Answer, index: usize) -> String {
    match answer.puzzle.as_ref().and_then(|p| p.sized()) {
        Some((grid, _)) => grid.shape().cell_name(index),
        None => cell_name(index),
    }
}

#[cfg(test)]
mod tests;

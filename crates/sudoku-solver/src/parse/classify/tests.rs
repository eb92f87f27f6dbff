//! Each recogniser of [`super::RECOGNISERS`] on its own: a line of its kind it knows, and a
//! line of another kind it leaves to the recognisers after it. Then the table itself.

use super::recognisers::*;
use super::*;

const PLAIN: Context<'static> = Context {
    header: None,
    first_line: false,
    labelled: false,
};

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// What `recognise` says of `line`, with `ctx`.
fn with(recognise: Recogniser, line: &str, ctx: &Context) -> Option<LineKind> {
    recognise(&Look::new(line.as_bytes(), ctx))
}

/// What `recognise` says of `line`, read with nothing known around it.
fn say(recognise: Recogniser, line: &str) -> Option<LineKind> {
    with(recognise, line, &PLAIN)
}

/// The cells of a row the line is, when it is a row of givens.
fn row_cells(kind: Option<LineKind>) -> Option<[u8; 9]> {
    match kind {
        Some(LineKind::Row(Row::Cells(cells))) => Some(cells),
        _ => None,
    }
}

/// The digits of LEETCODE's first row, 0 for empty.
const FIRST_ROW: [u8; 9] = [5, 3, 0, 0, 7, 0, 0, 0, 0];

#[test]
fn blank_knows_white_space_and_lone_commas_but_not_a_row_of_empty_fields() {
    assert!(matches!(say(blank, " \t "), Some(LineKind::Blank)));
    assert!(matches!(say(blank, ", ;"), Some(LineKind::Blank)));
    assert!(say(blank, ",,,,,,,,").is_none(), "9 empty fields are a row");
    assert!(say(blank, "5").is_none());
}

#[test]
fn fence_knows_a_markdown_code_fence() {
    assert!(matches!(
        say(fence, "  ```rust"),
        Some(LineKind::Noise { col: 3, .. })
    ));
    assert!(matches!(say(fence, "~~~"), Some(LineKind::Noise { .. })));
    assert!(say(fence, "`code`").is_none());
}

#[test]
fn comment_knows_a_line_that_starts_with_a_hash() {
    assert!(matches!(
        say(comment, "  # a note"),
        Some(LineKind::Comment)
    ));
    assert!(say(comment, "53..7.... # a note").is_none());
}

#[test]
fn braced_knows_candidate_sets_quoted_rows_and_json_objects() {
    let marks = say(braced, "{159}{569}4{169}{18}2{3}{7}{6}");
    assert!(matches!(marks, Some(LineKind::Row(Row::Marks(m))) if m[0] == 0b1_0001_0001));
    let quoted = say(braced, "{'5','3','.','.','7','.','.','.','.'},");
    assert!(matches!(quoted, Some(LineKind::Row(_) | LineKind::Rows(_))));
    let object = format!("{{\"puzzle\": \"{LEETCODE}\"}}");
    assert!(matches!(
        say(braced, &object),
        Some(LineKind::Json {
            at: 0,
            solution: false
        })
    ));
    assert!(say(braced, "[1, 2]").is_none(), "no brace first");
}

#[test]
fn bracketed_knows_a_list_row_and_a_json_array() {
    assert_eq!(
        row_cells(say(bracketed, "[5, 3, 0, 0, 7, 0, 0, 0, 0]")),
        Some(FIRST_ROW)
    );
    let array = format!("  [\"{LEETCODE}\"]");
    assert!(matches!(
        say(bracketed, &array),
        Some(LineKind::Json { at: 2, .. })
    ));
    assert!(say(bracketed, "5 3 0 [x]").is_none());
}

#[test]
fn yaml_item_knows_a_flow_item_holding_a_row() {
    let item = "- [ 5, 3, null, null, 7, null, null, null, null ]";
    assert_eq!(row_cells(say(yaml_item, item)), Some(FIRST_ROW));
    assert!(say(yaml_item, "- a list item").is_none());
    assert!(say(yaml_item, "[5, 3, 0, 0, 7, 0, 0, 0, 0]").is_none());
}

#[test]
fn hodoku_knows_a_line_of_hodokus_library() {
    let placed = LEETCODE.replacen("53", "5+3", 1);
    let line = format!(":0100:1:{placed}:213 413::");
    assert!(matches!(
        say(hodoku, &line),
        Some(LineKind::Whole(Whole::Marks(_)))
    ));
    assert!(say(hodoku, LEETCODE).is_none());
}

#[test]
fn assigned_json_knows_a_json_value_after_a_name_and_a_solutions_name() {
    let puzzle = say(assigned_json, "board = [[5, 3, 0, 0, 7, 0, 0, 0, 0],");
    assert!(matches!(
        puzzle,
        Some(LineKind::Json {
            at: 8,
            solution: false
        })
    ));
    let answer = say(
        assigned_json,
        "const solution = [[5, 3, 4, 6, 7, 8, 9, 1, 2],",
    );
    assert!(matches!(
        answer,
        Some(LineKind::Json { solution: true, .. })
    ));
    assert!(say(assigned_json, "Grid 01").is_none());
}

#[test]
fn solution_knows_a_solution_under_its_name_and_the_name_alone() {
    let named = format!("solution: \"{LEETCODE}\"");
    assert!(matches!(say(solution, &named), Some(LineKind::Solution)));
    assert!(matches!(
        say(solution, "Solution:"),
        Some(LineKind::SolutionLabel)
    ));
    assert!(say(solution, "Puzzle:").is_none());
}

#[test]
fn drawn_knows_a_separator_and_whether_it_is_a_rule() {
    assert!(matches!(
        say(drawn, "------+-------+------"),
        Some(LineKind::Separator { rule: false })
    ));
    assert!(matches!(
        say(drawn, "========="),
        Some(LineKind::Separator { rule: true })
    ));
    assert!(
        say(drawn, "- - - | - - - | - - -").is_none(),
        "9 empty cells"
    );
}

#[test]
fn semicolon_rows_knows_rows_cut_by_semicolons() {
    let rows = "5 3 0 0 7 0 0 0 0; 6 0 0 1 9 5 0 0 0;";
    assert!(matches!(
        say(semicolon_rows, rows),
        Some(LineKind::Rows(r)) if r.len() == 2 && r[0] == FIRST_ROW
    ));
    assert!(say(semicolon_rows, "5 3 0 0 7 0 0 0 0").is_none());
}

#[test]
fn delimited_knows_comma_rows_and_only_lines_with_a_comma_or_semicolon() {
    assert_eq!(
        row_cells(say(delimited, "5,3,0,0,7,0,0,0,0")),
        Some(FIRST_ROW)
    );
    let csv = format!("{LEETCODE},12");
    assert!(matches!(say(delimited, &csv), Some(LineKind::Whole(_))));
    assert!(say(delimited, "5\t3\t0\t0\t7\t0\t0\t0\t0").is_none());
}

#[test]
fn scanned_knows_81_cells_729_cells_and_9_cells() {
    let whole = say(scanned, LEETCODE);
    assert!(matches!(whole, Some(LineKind::Whole(Whole::Cells(c))) if c[..9] == FIRST_ROW));
    assert_eq!(row_cells(say(scanned, "53..7....")), Some(FIRST_ROW));
    let marks = "123456789".repeat(CELLS);
    assert!(matches!(
        say(scanned, &marks),
        Some(LineKind::Whole(Whole::Marks(_)))
    ));
    assert!(say(scanned, "53..7...").is_none(), "8 cells");
}

#[test]
fn candidates_knows_a_row_of_candidate_sets() {
    let row = say(candidates, "19 7 169 | 2 156 3 | 4 8 5");
    assert!(matches!(row, Some(LineKind::Row(Row::Marks(m))) if m[1] == 1 << 6));
    assert!(
        say(candidates, "1 7 6 | 2 5 3 | 4 8 9").is_none(),
        "givens only"
    );
}

#[test]
fn fixed_knows_a_line_of_9_characters_where_a_space_is_empty() {
    assert_eq!(row_cells(say(fixed, "53  7    ")), Some(FIRST_ROW));
    assert!(say(fixed, "5 3 8 1 7").is_none());
}

#[test]
fn undelimited_knows_tab_separated_cells_and_leaves_commas_to_delimited() {
    assert_eq!(
        row_cells(say(undelimited, "5\t3\t\t\t7\t\t\t\t")),
        Some(FIRST_ROW)
    );
    assert!(say(undelimited, "5,3,0,0,7,0,0,0,0").is_none());
}

#[test]
fn piped_knows_spaces_for_empty_cells_between_pipes() {
    assert_eq!(row_cells(say(piped, "53 | 7 |   ")), Some(FIRST_ROW));
    assert!(say(piped, "Grid 01").is_none());
}

#[test]
fn placeholders_knows_cells_packed_with_one_placeholder_letter() {
    assert_eq!(row_cells(say(placeholders, "53xx7xxxx")), Some(FIRST_ROW));
    let whole = LEETCODE.replace('.', "x");
    assert!(matches!(
        say(placeholders, &whole),
        Some(LineKind::Whole(_))
    ));
    assert!(
        say(placeholders, "53..x....").is_none(),
        "empty cells two ways"
    );
}

#[test]
fn run_knows_81_cells_inside_other_text() {
    let line = format!("Simple String: {}", LEETCODE.replace('.', "0"));
    assert!(matches!(say(run, &line), Some(LineKind::Whole(_))));
    assert!(say(run, "Simple String: 53").is_none());
}

#[test]
fn labelled_row_knows_a_row_after_its_label_and_takes_one_label_only() {
    let row = say(labelled_row, "A  5 3 . | . 7 . | . . .");
    assert!(matches!(row, Some(LineKind::LabelledRow(Row::Cells(c))) if c == FIRST_ROW));
    let labelled = Context {
        labelled: true,
        ..PLAIN
    };
    assert!(with(labelled_row, "A  5 3 . | . 7 . | . . .", &labelled).is_none());
    assert!(say(labelled_row, "A B C").is_none());
}

#[test]
fn code_literal_knows_a_board_written_in_code() {
    let rows = "{{5,3,0,0,7,0,0,0,0},{6,0,0,1,9,5,0,0,0}},";
    assert!(matches!(
        say(code_literal, rows),
        Some(LineKind::Rows(r)) if r.len() == 2 && r[0] == FIRST_ROW
    ));
    assert!(
        say(code_literal, "53..7....").is_none(),
        "no bracket or quote"
    );
}

#[test]
fn side_rows_knows_rows_of_grids_side_by_side() {
    let line = "53..7....   534678912";
    assert!(matches!(say(side_rows, line), Some(LineKind::SideBySide(r)) if r.len() == 2));
    assert!(say(side_rows, "53..7....").is_none());
}

#[test]
fn number_knows_a_count_on_the_first_line_and_a_name_later() {
    let first = Context {
        first_line: true,
        ..PLAIN
    };
    assert!(matches!(
        with(number, " 40 ", &first),
        Some(LineKind::Count)
    ));
    assert!(matches!(
        say(number, " 40 "),
        Some(LineKind::Number { label, col: 4, .. }) if &*label == "40"
    ));
    assert!(say(number, "40 puzzles").is_none());
}

#[test]
fn label_knows_a_line_of_text_and_a_csv_header() {
    assert!(matches!(
        say(label, "Grid 01"),
        Some(LineKind::Label { header: None })
    ));
    assert!(matches!(
        say(label, "quizzes,solutions"),
        Some(LineKind::Label { header: Some(_) })
    ));
    assert!(
        say(label, "53..7ab..").is_none(),
        "a row with letters typed in"
    );
}

#[test]
fn damaged_gives_an_error_where_the_line_goes_wrong_and_noise_without_cells() {
    let ctx = PLAIN;
    let short = damaged(Look::new(b"53..7...", &ctx));
    assert!(matches!(
        short,
        LineKind::Bad {
            col: 9,
            kind: ParseErrorKind::RowLength(8),
            row_like: true
        }
    ));
    let long = damaged(Look::new(&LEETCODE.as_bytes()[..80], &ctx));
    assert!(matches!(
        long,
        LineKind::Bad {
            kind: ParseErrorKind::LineLength(80),
            row_like: false,
            ..
        }
    ));
    assert!(matches!(
        damaged(Look::new(b"}", &ctx)),
        LineKind::Noise { .. }
    ));
}

#[test]
fn the_table_names_each_recogniser_once_and_tries_them_in_its_order() {
    let mut names: Vec<&str> = RECOGNISERS.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names.first(),
        Some(&"blank"),
        "the others assume a non-blank line"
    );
    assert_eq!(names.last(), Some(&"label"));
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), RECOGNISERS.len());
    // Order decides: `5,3,0,...` scans as one cell, so `delimited` must come before `scanned`;
    // an 81-cell line is a puzzle before `run` looks inside it.
    let at = |name: &str| RECOGNISERS.iter().position(|(n, _)| *n == name);
    assert!(at("delimited") < at("scanned") && at("scanned") < at("run"));
    assert_eq!(
        row_cells(Some(classify(b"5,3,0,0,7,0,0,0,0", &PLAIN))),
        Some(FIRST_ROW)
    );
}

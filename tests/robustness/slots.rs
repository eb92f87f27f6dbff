//! Slots: every puzzle keeps its slot in the output, whatever fails; nothing lost, nothing
//! glued; a name with a line break never splits a line.

use std::fs;

use crate::common::{
    is_valid_solution, output_with, sample_line_puzzles, stderr_of, stdout_of, sudoku, LEETCODE,
    LEETCODE_SOLUTION,
};
use tempfile::TempDir;

#[test]
fn a_failing_puzzle_keeps_its_slot_and_goes_to_stderr() {
    let puzzles = sample_line_puzzles();
    let conflict = format!("55{}", &LEETCODE[2..]);
    let input = format!("{}\n{}\n{conflict}\n{}\n", puzzles[0], "1234x", puzzles[1]);
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "malformed input outranks no solution"
    );
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(is_valid_solution(&puzzles[0], lines[0]));
    assert_eq!(lines[1], "# <stdin>:2:5: unexpected character 'x'");
    assert_eq!(
        lines[2],
        "# <stdin>:3: no solution: 5 appears twice in row 1 (columns 1 and 2)"
    );
    assert!(is_valid_solution(&puzzles[1], lines[3]));
    let err = stderr_of(&out);
    assert!(err.contains("sudoku: <stdin>:2:5: unexpected character 'x'"));
    assert!(err.contains("sudoku: <stdin>:3: no solution: 5 appears twice in row 1"));
}

#[test]
fn nothing_is_lost_in_a_batch_with_every_kind_of_error() {
    let puzzles = sample_line_puzzles();
    let kinds = [
        "53..x....".to_string(),          // unexpected character
        LEETCODE[..80].to_string(),       // 80 cells
        format!("{LEETCODE}9"),           // 82 cells
        format!("55{}", &LEETCODE[2..]),  // conflicting givens
        format!("531{}", &LEETCODE[3..]), // no solution after search
        "[[\"5\"]]".to_string(),          // JSON shape
        "\u{1}".to_string(),              // control character
    ];
    let mut input = String::new();
    let mut expect_good = Vec::new();
    let total = 5000;
    for i in 0..total {
        if i % 100 == 50 {
            input.push_str(&kinds[(i / 100) % kinds.len()]);
            expect_good.push(None);
        } else {
            let p = &puzzles[i % puzzles.len()];
            input.push_str(p);
            expect_good.push(Some(p.clone()));
        }
        input.push('\n');
    }
    for threads in ["1", "2"] {
        let out = sudoku()
            .args(["-f", "line", "-j", threads])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let text = stdout_of(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), total, "one slot per puzzle");
        for (i, (line, good)) in lines.iter().zip(&expect_good).enumerate() {
            match good {
                Some(p) => assert!(is_valid_solution(p, line), "slot {i}: {line}"),
                None => assert!(
                    line.starts_with(&format!("# <stdin>:{}", i + 1)),
                    "slot {i}: {line}"
                ),
            }
        }
    }
}

#[test]
fn a_json_record_without_a_puzzle_keeps_its_slot() {
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(format!(
            "{{\"grid\": \"{LEETCODE}\"}}\n{{\"name\": \"no puzzle here\"}}\n{LEETCODE}\n"
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], LEETCODE_SOLUTION);
    assert!(
        lines[1].starts_with("# <stdin>:2:1: JSON value holds no puzzle"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], LEETCODE_SOLUTION);
}

#[test]
fn a_newline_or_escape_in_a_file_name_never_breaks_a_line() {
    #[cfg(unix)]
    {
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join("a\nb"), "53..x\n").unwrap();
        fs::write(dir.path().join("c\x1b[31m.txt"), format!("{LEETCODE}\n")).unwrap();
        fs::write(dir.path().join("d.txt"), format!("{LEETCODE}\n")).unwrap();
        let out = sudoku()
            .args(["-f", "line"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let text = stdout_of(&out);
        // Three inputs, three slots.
        assert_eq!(text.lines().count(), 3, "{text}");
        assert!(text
            .lines()
            .next()
            .unwrap()
            .ends_with("a\\nb:1:5: unexpected character 'x'"));
        let err = stderr_of(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("a\\nb:1:5"), "{err}");
        assert!(!err.contains('\x1b'), "{err}");
        // Grid output reads back as two grids and one comment.
        let out = sudoku()
            .args(["-f", "grid"])
            .arg(dir.path())
            .output()
            .unwrap();
        let grids = stdout_of(&out);
        assert!(grids.contains("c\\x1b[31m.txt:1"), "{grids}");
        let back = sudoku()
            .args(["-f", "line"])
            .write_stdin(grids)
            .output()
            .unwrap();
        assert_eq!(back.status.code(), Some(0), "{}", stderr_of(&back));
        assert_eq!(stdout_of(&back).lines().count(), 2);
    }
}

#[test]
fn a_line_break_in_the_stdin_name_is_escaped_and_never_splits_a_line() {
    // A damaged puzzle (a cell short), then a puzzle.
    let input = format!("{}\n{LEETCODE}\n", &LEETCODE[..80]);
    let out = output_with(
        sudoku()
            .args(["solve", "--stdin-name", "in\nput\x1b.txt"])
            .write_stdin(input.clone()),
        3,
    );
    // Line N of the output answers puzzle N.
    let expected_error = "in\\nput\\x1b.txt:1:81: line has 80 cells; a puzzle line needs 81";
    assert_eq!(
        stdout_of(&out),
        format!("# {expected_error}\n{LEETCODE_SOLUTION}\n")
    );
    assert_eq!(stderr_of(&out), format!("sudoku: {expected_error}\n"));
    let out = output_with(
        sudoku()
            .args([
                "check",
                "--stdin-name",
                "in\nput.txt",
                "--template",
                "%s %S",
            ])
            .write_stdin(input),
        3,
    );
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("in\\nput.txt:1: invalid: "), "{text}");
    assert_eq!(lines[1], "in\\nput.txt:2 unique");
}

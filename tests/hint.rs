//! `hint`: the next step, checked against the solution (read back from what the user sees),
//! on pencilmarks, partly solved and solved grids, and what it says when it has no step to
//! give or draw.

use crate::common::{
    self, check_effect, data_lines, output_with, stderr_of, stdout_of, sudoku, LEETCODE,
    LEETCODE_SOLUTION,
};

#[test]
fn hint_gives_a_sound_next_step_for_each_pencilmark_grid() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/pencilmarks.txt");
    let output = sudoku().arg("hint").arg(path).output().unwrap();
    assert!(output.status.success());
    let solved = sudoku()
        .args(["solve", "-f", "line", path])
        .output()
        .unwrap();
    let solutions: Vec<String> = stdout_of(&solved).lines().map(String::from).collect();
    let out = stdout_of(&output);
    let hints: Vec<&str> = out.lines().collect();
    assert_eq!(hints.len(), solutions.len());
    assert!(!hints.is_empty());
    for (hint, solution) in hints.iter().zip(&solutions) {
        let step = hint.split_once(": ").unwrap().1;
        let effect = step.split_once("   ").unwrap().0;
        check_effect(effect, &common::digits(solution));
    }
}

#[test]
fn hint_on_a_partly_solved_grid_and_a_solved_one() {
    // The LeetCode puzzle with its first row filled in from the published solution.
    let partly = format!("{}{}", &LEETCODE_SOLUTION[..9], &LEETCODE[9..]);
    let input = format!("{partly}\n{LEETCODE_SOLUTION}\n");
    let output = sudoku().arg("hint").write_stdin(input).output().unwrap();
    assert!(output.status.success());
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let effect = lines[0]["<stdin>:1: ".len()..].split_once("   ").unwrap().0;
    check_effect(effect, &common::digits(LEETCODE_SOLUTION));
    assert!(!effect.starts_with("r1"), "row 1 is already full: {out}");
    assert_eq!(lines[1], "<stdin>:2: already solved: no step left");
}

#[test]
fn hint_refuses_pencilmarks_that_lost_the_solution() {
    // Pencilmarks of the LeetCode puzzle with the solution's 4 crossed out of r1c3.
    let mut marks = String::new();
    let solution = common::digits(LEETCODE_SOLUTION);
    let givens = common::digits(LEETCODE);
    for cell in 0..81 {
        for d in 1..=9u8 {
            let keep = if givens[cell] != 0 {
                givens[cell] == d
            } else {
                !(cell == 2 && d == solution[cell])
            };
            marks.push(if keep { char::from(b'0' + d) } else { '.' });
        }
    }
    let output = sudoku()
        .arg("hint")
        .write_stdin(marks + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let out = stdout_of(&output);
    assert!(out.contains("no solution"), "{out}");
    // The crossed-out candidate is named, with the solution's digit.
    let named = format!("cross out r1c3 {},", solution[2]);
    assert!(out.contains(&named), "{out}");
}

#[test]
fn hint_as_svg_says_why_it_drew_nothing() {
    let twice = format!("11{}", ".".repeat(79));
    let out = output_with(
        sudoku()
            .args(["hint", "-f", "svg"])
            .write_stdin(twice.clone()),
        1,
    );
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr_of(&out),
        "sudoku: <stdin>:1: no solution: 1 appears twice in row 1 (columns 1 and 2)\n"
    );
    // As solve -f svg says it.
    let solve = output_with(sudoku().args(["solve", "-f", "svg"]).write_stdin(twice), 1);
    assert_eq!(stderr_of(&solve), stderr_of(&out));
    let empty = ".".repeat(81);
    let out = output_with(sudoku().args(["hint", "-f", "svg"]).write_stdin(empty), 4);
    assert!(out.stdout.is_empty());
    let err = stderr_of(&out);
    assert!(
        err.starts_with("sudoku: <stdin>:1: not unique: r") && err.lines().count() == 1,
        "{err}"
    );
    // One of the hardest puzzles: its first step takes far longer than 5 ms.
    let hard = data_lines("puzzles5_forum_hardest_1905_11+-sample.txt").remove(0);
    let out = output_with(
        sudoku()
            .args(["hint", "-f", "svg", "--time-limit", "5ms"])
            .write_stdin(hard),
        6,
    );
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr_of(&out),
        "sudoku: <stdin>:1: timeout: no answer within 5ms (--time-limit)\n"
    );
}

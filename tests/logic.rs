//! `rate`, `explain` and `hint` from the command line: ratings against Sudoku Explainer's own
//! output, explanations checked step by step against the solution (read back from the text
//! and JSON the user sees), the usual slots and exit codes.

mod common;

use common::{is_valid_solution, json_record, stdout_of, sudoku, LEETCODE, LEETCODE_SOLUTION};

/// `(puzzle, "ER/EP/ED")` as serate 1.2.1.3 printed them.
fn serate_sample() -> Vec<(String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/serate-1.2.1.3-sample.txt"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (p, r) = l.split_once(" ED=").expect("PUZZLE ED=ER/EP/ED");
            (p.to_string(), r.to_string())
        })
        .collect()
}

#[test]
fn rate_gives_sudoku_explainers_numbers() {
    let sample = serate_sample();
    assert!(sample.len() >= 40);
    let input: String = sample.iter().map(|(p, _)| format!("{p}\n")).collect();
    let output = sudoku().arg("rate").write_stdin(input).output().unwrap();
    assert!(output.status.success());
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), sample.len());
    for (i, ((_, want), line)) in sample.iter().zip(&lines).enumerate() {
        let source = format!("<stdin>:{}: ", i + 1);
        let rest = line.strip_prefix(&source).expect("input order");
        let got = rest.split(' ').next().unwrap();
        assert_eq!(got, want, "line {}: {line}", i + 1);
    }
}

#[test]
fn rate_json_has_numbers_and_the_hardest_technique() {
    let output = sudoku()
        .args(["rate", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let record = json_record(&output);
    assert_eq!(record["status"], "rated");
    assert_eq!(record["er"], 1.2);
    assert_eq!(record["ep"], 1.2);
    assert_eq!(record["ed"], 1.2);
    assert_eq!(record["hardest"], "Hidden Single");
    assert!(record["steps"].as_u64().unwrap() >= 51);
}

#[test]
fn rate_refuses_puzzles_without_one_solution_as_check_does() {
    let two = format!("{}.\n", &LEETCODE[..80]).replacen("53", "..", 1);
    let none = format!("55{}\n", &LEETCODE[2..]);
    let input = format!("{two}{none}{LEETCODE}\n");
    let output = sudoku().arg("rate").write_stdin(input).output().unwrap();
    // No solution (1) outranks not unique (4).
    assert_eq!(output.status.code(), Some(1));
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("<stdin>:1: not unique"), "{out}");
    assert!(lines[1].starts_with("<stdin>:2: no solution"), "{out}");
    assert!(lines[2].starts_with("<stdin>:3: 1.2/1.2/1.2"), "{out}");
}

#[test]
fn rate_keeps_every_slot_of_a_damaged_file() {
    let mut lines: Vec<String> = serate_sample()
        .into_iter()
        .map(|(p, _)| p)
        .take(6)
        .collect();
    lines[2] = lines[2].replacen('.', "x", 1);
    lines.insert(4, lines[3].clone());
    let output = sudoku()
        .args(["rate", "-j", "2"])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let out = stdout_of(&output);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 7, "{out}");
    for (i, line) in got.iter().enumerate() {
        assert!(line.starts_with(&format!("<stdin>:{}: ", i + 1)), "{out}");
    }
    assert!(got[2].contains("invalid"), "{out}");
    assert_eq!(got[3][11..], got[4][11..], "a repeated line rates the same");
}

/// The solution of `puzzle` as the solver gives it, checked independently.
fn solution(puzzle: &str) -> Vec<u8> {
    let output = sudoku()
        .args(["solve", "-f", "line"])
        .write_stdin(format!("{puzzle}\n"))
        .output()
        .unwrap();
    let line = stdout_of(&output).trim().to_string();
    assert!(is_valid_solution(puzzle, &line));
    common::digits(&line)
}

/// The index (row-major) of a cell named as printed: `r4c5`.
fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "cell {name}");
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

/// Checks one effect as printed (`r4c5=3` or `r1c2,r1c3<>4, r2c2<>5`) against `solution`.
fn check_effect(effect: &str, solution: &[u8]) {
    if let Some((c, d)) = effect.split_once('=') {
        let d: u8 = d.parse().unwrap();
        assert_eq!(solution[cell(c)], d, "{effect} places a wrong digit");
        return;
    }
    for part in effect.split(", ") {
        let (cells, d) = part.split_once("<>").expect("an elimination");
        let d: u8 = d.parse().unwrap();
        for c in cells.split(',') {
            assert_ne!(
                solution[cell(c)],
                d,
                "{effect} removes the solution's digit"
            );
        }
    }
}

#[test]
fn explain_prints_sound_steps_and_the_solved_grid() {
    let sample = serate_sample();
    // One puzzle of each kind: singles only, chains, dynamic chains.
    let picks: Vec<&(String, String)> = sample
        .iter()
        .filter(|(_, r)| {
            ["1.5/", "6.6/", "8.3/", "9.0/"]
                .iter()
                .any(|p| r.starts_with(p))
        })
        .collect();
    assert_eq!(picks.len(), 4);
    for (puzzle, rating) in picks {
        let output = sudoku()
            .arg("explain")
            .write_stdin(format!("{puzzle}\n"))
            .output()
            .unwrap();
        assert!(output.status.success());
        let out = stdout_of(&output);
        let lines: Vec<&str> = out.lines().collect();
        let header = format!("# <stdin>:1: {rating} ");
        assert!(lines[0].starts_with(&header), "{}", lines[0]);
        let solution = solution(puzzle);
        let steps = &lines[1..lines.len() - 9];
        let count: usize = lines[0]
            .rsplit(", ")
            .next()
            .unwrap()
            .trim_end_matches(" steps")
            .parse()
            .unwrap();
        assert_eq!(steps.len(), count);
        let mut hardest = 0.0f64;
        for step in steps {
            let (effect, rest) = step.split_once("   ").expect("EFFECT   WORDS   (RATING)");
            check_effect(effect, &solution);
            let r = rest.rsplit_once('(').unwrap().1.trim_end_matches(')');
            hardest = hardest.max(r.parse().unwrap());
        }
        let er: f64 = rating.split('/').next().unwrap().parse().unwrap();
        assert_eq!(hardest, er, "the hardest step is the ER");
        let grid = common::grids_in(&lines[lines.len() - 9..].join("\n"));
        assert_eq!(grid.len(), 1);
        assert!(is_valid_solution(puzzle, &grid[0]));
    }
}

#[test]
fn explain_json_steps_have_the_documented_fields() {
    let (puzzle, _) = serate_sample()
        .into_iter()
        .find(|(_, r)| r.starts_with("7.1/"))
        .unwrap();
    let output = sudoku()
        .args(["explain", "-f", "json"])
        .write_stdin(format!("{puzzle}\n"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let record = json_record(&output);
    assert_eq!(record["status"], "explained");
    assert_eq!(record["er"], 7.1);
    let solution = solution(&puzzle);
    assert!(is_valid_solution(
        &puzzle,
        record["solution"].as_str().unwrap()
    ));
    let steps = record["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    let mut placed = 0;
    for step in steps {
        assert!(step["technique"].is_string());
        assert!(step["rating"].is_f64());
        for p in step["placements"].as_array().unwrap() {
            assert_eq!(
                u64::from(solution[cell(p["cell"].as_str().unwrap())]),
                p["digit"].as_u64().unwrap()
            );
            placed += 1;
        }
        for e in step["eliminations"].as_array().unwrap() {
            assert_ne!(
                u64::from(solution[cell(e["cell"].as_str().unwrap())]),
                e["digit"].as_u64().unwrap()
            );
        }
        assert!(
            !step["placements"].as_array().unwrap().is_empty()
                || !step["eliminations"].as_array().unwrap().is_empty()
        );
    }
    let givens = puzzle.bytes().filter(u8::is_ascii_digit).count();
    assert_eq!(placed + givens, 81, "every empty cell is placed once");
}

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
fn the_serg_sample_has_puzzles_with_many_solutions_and_none_is_rated() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/puzzles7_serg_benchmark-sample.txt"
    );
    let output = sudoku().args(["rate", "-q", path]).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    let output = sudoku().args(["rate", path]).output().unwrap();
    let out = stdout_of(&output);
    assert_eq!(out.lines().count(), 100);
    assert!(out.lines().all(|l| l.contains(": not unique: ")), "{out}");
}

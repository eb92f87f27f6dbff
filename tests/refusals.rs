//! Answers and refusals that misled (issue 38, items 9-17): an option dropped without a word, a
//! verdict with no words, a name that split a line, numbers that wrapped, a read without end,
//! a PDF of no pages, labels drawn as `?`, a refusal out of its slot, a message that named an
//! option never given. Each test asserts what the user reads, not only the exit code.

mod common;

use common::*;

/// A minimal puzzle: `generate` makes minimal ones (`check --minimal` says so below too).
const MINIMAL: &str =
    "..632.8...7........2..7.493517.9..2...........4......7....3...998......11....975.";

// ----------------------------------------------------------------------------------- item 9

#[test]
fn check_minimal_with_a_template_says_minimal_or_not_with_percent_m() {
    let empty = ".".repeat(81);
    let input = format!("{MINIMAL}\n{LEETCODE}\n{empty}\n");
    let out = output_with(
        sudoku()
            .args(["check", "--minimal", "--template", "%s %S %m|"])
            .write_stdin(input.clone()),
        4,
    );
    assert_eq!(
        stdout_of(&out),
        "<stdin>:1 unique minimal|\n<stdin>:2 unique not_minimal|\n<stdin>:3 not_unique |\n"
    );
    // The same verdicts as the text lines.
    let text = stdout_of(&output_with(
        sudoku().args(["check", "--minimal"]).write_stdin(input),
        4,
    ));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "<stdin>:1: unique, minimal");
    assert!(lines[1].starts_with("<stdin>:2: unique, not minimal: r1c1,"));
    // Independently: r1c1 of LEETCODE can go, the puzzle keeping one solution.
    let mut less = LEETCODE.to_string();
    less.replace_range(0..1, ".");
    assert_eq!(brute_force_count(&less, 2), 1);
}

#[test]
fn check_minimal_with_a_template_without_percent_m_is_refused() {
    let out = output_with(
        sudoku()
            .args(["check", "--minimal", "--template", "%s %S"])
            .write_stdin(LEETCODE),
        2,
    );
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr_of(&out),
        "sudoku: check --minimal --template: the template has no %m, so it would not say whether \
         a puzzle is minimal; add %m (minimal or not_minimal)\n"
    );
    let out = output_with(
        sudoku()
            .args(["check", "--template", "%s %m"])
            .write_stdin(LEETCODE),
        2,
    );
    assert_eq!(
        stderr_of(&out),
        "sudoku: check --template: %m is the verdict of --minimal; add --minimal\n"
    );
    let out = output_with(
        sudoku()
            .args(["rate", "--template", "%s %m"])
            .write_stdin(LEETCODE),
        2,
    );
    assert_eq!(
        stderr_of(&out),
        "sudoku: rate --template: %m is the verdict of check --minimal (minimal or not_minimal); \
         rate does not judge minimality\n"
    );
}

// ---------------------------------------------------------------------------------- item 10

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

// ---------------------------------------------------------------------------------- item 11

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

// ---------------------------------------------------------------------------------- item 12

#[test]
fn a_first_line_whose_numbers_would_wrap_is_refused() {
    let out = output_with(
        sudoku()
            .args(["check", "--first-line", "18446744073709551615"])
            .write_stdin(format!("{LEETCODE}\n{LEETCODE}\n")),
        2,
    );
    assert!(out.stdout.is_empty());
    assert!(
        stderr_of(&out).starts_with(
            "error: invalid value '18446744073709551615' for '--first-line <N>': \
             18446744073709551615 is not in 1..=9223372036854775807"
        ),
        "{}",
        stderr_of(&out)
    );
    // The greatest accepted: the lines after it are counted on.
    let out = output_ok(
        sudoku()
            .args(["check", "--first-line", "9223372036854775807"])
            .write_stdin(format!("{LEETCODE}\n{LEETCODE}\n")),
    );
    assert_eq!(
        stdout_of(&out),
        "<stdin>:9223372036854775807: unique\n<stdin>:9223372036854775808: unique\n"
    );
}

// ---------------------------------------------------------------------------------- item 13

#[test]
fn a_pattern_file_is_read_only_as_far_as_a_pattern_goes() {
    let refusal = |shown: &str| {
        format!(
            "sudoku: --pattern {shown}: more than 64 KiB, which no pattern is (81 cells, or a \
             grid of 9 rows); give a pattern file, or 81 characters: x for a clue, . for none\n"
        )
    };
    // A device without end: refused, not read until memory runs out.
    #[cfg(unix)]
    {
        let out = output_with(
            sudoku()
                .args(["generate", "--seed", "1", "--pattern", "/dev/zero"])
                .timeout(std::time::Duration::from_secs(60)),
            2,
        );
        assert!(out.stdout.is_empty());
        assert_eq!(stderr_of(&out), refusal("/dev/zero"));
    }
    // A big file: refused as it is, a pattern's worth of it read.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let heart = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/patterns/heart.txt"))
        .unwrap();
    std::fs::write(&big, format!("{heart}{}", "# a comment\n".repeat(6000))).unwrap();
    let out = output_with(
        sudoku()
            .args(["generate", "--seed", "1", "--pattern"])
            .arg(&big),
        2,
    );
    assert_eq!(stderr_of(&out), refusal(&big.display().to_string()));
    // The same pattern with a few comments is read.
    std::fs::write(&big, format!("{heart}{}", "# a comment\n".repeat(60))).unwrap();
    let out = output_ok(
        sudoku()
            .args(["generate", "--seed", "1", "--pattern"])
            .arg(&big),
    );
    assert_eq!(stdout_of(&out).lines().count(), 1);
}

// ---------------------------------------------------------------------------------- item 14

#[test]
fn a_pdf_of_no_pages_is_never_written() {
    let out = output_with(sudoku().args(["generate", "-n", "0", "-f", "pdf"]), 2);
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr_of(&out),
        "sudoku: generate -n 0 -f pdf: a PDF needs at least one puzzle (a book of no pages is \
         no PDF); give -n 1 or more\n"
    );
    // No puzzle to print: nothing on stdout, and it says so.
    let twice = format!("11{}", ".".repeat(79));
    let out = output_with(
        sudoku()
            .args(["solve", "-f", "pdf"])
            .write_stdin(twice.clone()),
        1,
    );
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr_of(&out),
        "sudoku: <stdin>:1: no solution: 1 appears twice in row 1 (columns 1 and 2)\n\
         sudoku: no PDF written: no puzzle to print\n"
    );
    let out = output_with(sudoku().args(["canon", "-f", "pdf"]).write_stdin(""), 3);
    assert!(out.stdout.is_empty());
    assert!(stderr_of(&out).ends_with("sudoku: no PDF written: no puzzle to print\n"));
    // With -o, the file is left as it was (or not made).
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.pdf");
    std::fs::write(&book, "an older book").unwrap();
    let fresh = dir.path().join("fresh.pdf");
    for file in [&book, &fresh] {
        let out = output_with(
            sudoku()
                .args(["solve", "-f", "pdf", "-o"])
                .arg(file)
                .write_stdin(twice.clone()),
            1,
        );
        assert!(stderr_of(&out).ends_with("sudoku: no PDF written: no puzzle to print\n"));
    }
    assert_eq!(std::fs::read_to_string(&book).unwrap(), "an older book");
    assert!(!fresh.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

// ---------------------------------------------------------------------------------- item 15

/// The text of each page of a PDF, as lopdf (a PDF reader of its own) reads it.
fn pdf_text(bytes: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF lopdf reads");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    pages
        .iter()
        .map(|&p| doc.extract_text(&[p]).expect("text"))
        .collect()
}

#[test]
fn pdf_labels_and_paths_keep_their_letters_in_any_script_the_font_has() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("grilles-é");
    std::fs::create_dir(&folder).unwrap();
    let file = folder.join("numéro-Ω.txt");
    std::fs::write(
        &file,
        format!(
            "Grille numéro 1\n{LEETCODE}\nСудоку Ωμέγα\n{LEETCODE}\nsudoku 数独 ü\n{LEETCODE}\n{LEETCODE}\n"
        ),
    )
    .unwrap();
    let out = output_ok(
        sudoku()
            .args(["solve", "-f", "pdf", "--no-answers", "--per-page", "4"])
            .arg(&file),
    );
    let pages = pdf_text(&out.stdout);
    assert_eq!(pages.len(), 1, "{pages:?}");
    let page = &pages[0];
    for label in [
        "Grille numéro 1",
        "Судоку Ωμέγα",
        "ü",
        "grilles-é/numéro-Ω.txt:7",
    ] {
        assert!(page.contains(label), "{label:?} not in {page:?}");
    }
    // The font has no Chinese: those two are drawn as `?`, and nothing else is.
    assert!(page.contains("sudoku ?? ü"), "{page:?}");
    assert_eq!(page.matches('?').count(), 2, "{page:?}");
    // poppler's reader, where it is installed, reads the same.
    match std::process::Command::new("pdftotext")
        .args(["-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
    {
        Ok(mut child) => {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&out.stdout).unwrap();
            let text = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
            for label in ["Grille numéro 1", "Судоку Ωμέγα", "sudoku ?? ü"] {
                assert!(text.contains(label), "pdftotext: {label:?} not in {text:?}");
            }
        }
        Err(_) => eprintln!("pdftotext is not installed: checked with lopdf only"),
    }
}

// ---------------------------------------------------------------------------------- item 16

#[test]
fn check_minimal_of_pencilmarks_is_an_invalid_verdict_in_its_slot() {
    let pencilmarks = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/pencilmarks.txt"
    ))
    .unwrap()
    .lines()
    .find(|l| l.len() == 729)
    .unwrap()
    .to_string();
    let input = format!("{pencilmarks}\n{MINIMAL}\n");
    let refusal = "check --minimal reads givens, not pencilmarks: this puzzle is a pencilmark \
                   grid (check without --minimal reads it)";
    let out = output_with(
        sudoku()
            .args(["check", "--minimal"])
            .write_stdin(input.clone()),
        3,
    );
    assert_eq!(
        stdout_of(&out),
        format!("<stdin>:1: invalid: {refusal}\n<stdin>:2: unique, minimal\n")
    );
    assert_eq!(stderr_of(&out), format!("sudoku: <stdin>:1: {refusal}\n"));
    // Under a template: the same verdict line in its slot, as any input check cannot take.
    let out = output_with(
        sudoku()
            .args(["check", "--minimal", "--template", "%s %S %m"])
            .write_stdin(input),
        3,
    );
    assert_eq!(
        stdout_of(&out),
        format!("<stdin>:1: invalid: {refusal}\n<stdin>:2 unique minimal\n")
    );
}

// ---------------------------------------------------------------------------------- item 17

#[test]
fn an_impossible_level_names_the_level_not_a_rating_never_given() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--level", "easy", "--needs", "x-wing"],
            "--needs X-Wing: it is rated 3.2 or more, above --level easy, which ends at ER 1.2",
        ),
        (
            &["--level", "easy", "--ep", "2.0.."],
            "--ep starts at 2.0 but --level easy (ER 1.0..1.2) ends at 1.2: EP is never above \
             ER (ED <= EP <= ER)",
        ),
        (
            &["--level", "hard", "--ed", "2.6.."],
            "--ed starts at 2.6 but --level hard (ER 1.6..2.5) ends at 2.5: ED is never above \
             ER (ED <= EP <= ER)",
        ),
        // Given, --rating is named.
        (
            &["--rating", "..1.2", "--needs", "x-wing"],
            "--needs X-Wing: it is rated 3.2 or more, above --rating's end 1.2",
        ),
    ];
    for (args, message) in cases {
        let out = output_with(sudoku().arg("generate").args(args), 2);
        assert!(out.stdout.is_empty());
        assert_eq!(
            stderr_of(&out),
            format!("sudoku: no puzzle can be what is asked: {message}\n"),
            "{args:?}"
        );
    }
}

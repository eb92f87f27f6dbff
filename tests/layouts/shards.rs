//! Shards: `--stdin-name` and `--first-line` make runs on pieces of a file print what one run
//! on the whole file prints (the guide's recipe, also under GNU parallel).

use crate::common::{output_ok, output_with, repo, stderr_of, stdout_of, sudoku, LEETCODE};

// ----------------------------------------------------------- shards: --stdin-name and --first-line

/// `solve -f json` of `lines` cut into shards of `size` lines, each run on stdin with
/// `--stdin-name` and `--first-line` as the guide's recipe gives them.
fn sharded(lines: &[&str], size: usize, name: &str, args: &[&str]) -> String {
    let mut out = String::new();
    for (i, shard) in lines.chunks(size).enumerate() {
        let first = (i * size + 1).to_string();
        let text: String = shard.iter().map(|l| format!("{l}\n")).collect();
        let run = sudoku()
            .args(args)
            .args(["--stdin-name", name, "--first-line", &first])
            .write_stdin(text)
            .output()
            .unwrap();
        out.push_str(&stdout_of(&run));
    }
    out
}

#[test]
fn shards_with_stdin_name_and_first_line_print_what_one_run_prints() {
    // A file with comments, an invalid line and a conflict, so errors carry line numbers too.
    let path = "puzzles/line-puzzles.txt";
    let text = std::fs::read_to_string(repo(path)).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(
        5,
        "53..7....6..1ab95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    );
    let whole: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("in.txt");
    std::fs::write(&file, &whole).unwrap();
    for args in [
        vec!["solve", "-f", "json"],
        vec!["check"],
        vec!["count", "--limit", "10", "-f", "csv"],
    ] {
        let one = sudoku()
            .args(&args)
            .arg("in.txt")
            .current_dir(dir.path())
            .output()
            .unwrap();
        let expected = stdout_of(&one);
        let mut got = sharded(&lines, 4, "in.txt", &args);
        if args.contains(&"csv") {
            // Every shard writes the header row: keep the first.
            let header = expected.lines().next().unwrap().to_string();
            got = got
                .lines()
                .enumerate()
                .filter(|(i, l)| *i == 0 || *l != header)
                .map(|(_, l)| format!("{l}\n"))
                .collect();
        }
        assert_eq!(got, expected, "{args:?}");
    }
}

#[test]
fn gnu_parallel_runs_the_guides_recipe() {
    if std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: GNU parallel is not installed (.ci/run installs it)");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin!("sudoku");
    let dir = tempfile::tempdir().unwrap();
    let data =
        std::fs::read_to_string(repo("tests/data/puzzles1_random_minimal-sample.txt")).unwrap();
    let mut text = data.clone();
    text.push_str("not a puzzle at all, a line of words\n");
    text.push_str(&data);
    std::fs::write(dir.path().join("in.txt"), &text).unwrap();
    let single = sudoku()
        .args(["solve", "-f", "json", "in.txt"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let recipe = format!(
        "parallel --will-cite --pipe -N 37 -k '{} solve -f json --stdin-name in.txt --first-line $(( ({{#}}-1)*37+1 ))' < in.txt",
        bin.display()
    );
    let sharded = std::process::Command::new("bash")
        .arg("-c")
        .arg(&recipe)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        sharded.status.success() || sharded.status.code() == Some(3),
        "{}",
        String::from_utf8_lossy(&sharded.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&sharded.stdout),
        stdout_of(&single),
        "{recipe}"
    );
    assert!(stdout_of(&single).lines().count() > 150);
}

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

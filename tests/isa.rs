//! The vector isa's instruction sets from the command line: `SUDOKU_ENGINE` forces one (and
//! one this CPU cannot run is refused), `--version` names the one in use, and every instruction
//! set prints the same bytes for every command on the sample puzzles and the test data.

use crate::common::*;
use sudoku_solver::internals::Isa;

/// The instruction sets this CPU runs; each one it lacks is named.
fn available() -> Vec<Isa> {
    Isa::ALL
        .into_iter()
        .filter(|&e| {
            let runs = e.is_available();
            if !runs {
                eprintln!("skipped: instruction set {e} (this CPU cannot run it)");
            }
            runs
        })
        .collect()
}

fn root(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

#[test]
fn version_names_the_instruction_set_in_use() {
    let out = output_ok(sudoku().arg("--version").env_remove("SUDOKU_ENGINE"));
    let text = stdout_of(&out);
    assert!(text.starts_with("sudoku "), "{text}");
    assert!(
        text.lines()
            .any(|l| l == format!("instruction set: {}", Isa::detect())),
        "{text}"
    );
    for isa in available() {
        let out = output_ok(sudoku().arg("--version").env("SUDOKU_ENGINE", isa.name()));
        let text = stdout_of(&out);
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with("instruction set: "))
                .collect::<Vec<_>>(),
            vec![format!("instruction set: {isa}")],
            "{text}"
        );
    }
    // An empty value is no choice: the CPU's fastest.
    let out = output_ok(sudoku().arg("--version").env("SUDOKU_ENGINE", ""));
    assert!(stdout_of(&out).contains(&format!("instruction set: {}", Isa::detect())));
}

#[test]
fn an_unknown_instruction_set_is_refused_with_the_reason() {
    let out = output_with(
        sudoku()
            .arg(root("puzzles/leetcode.txt"))
            .env("SUDOKU_ENGINE", "fastest"),
        2,
    );
    assert_eq!(stdout_of(&out), "");
    assert_eq!(
        stderr_of(&out),
        "sudoku: SUDOKU_ENGINE: unknown instruction set 'fastest' (the instruction sets are portable, sse4, avx2 \
         and avx512)\n"
    );
}

#[test]
fn an_instruction_set_this_cpu_lacks_is_refused_with_the_reason() {
    let lacking: Vec<Isa> = Isa::ALL.into_iter().filter(|e| !e.is_available()).collect();
    if lacking.is_empty() {
        eprintln!("skipped: this CPU runs every instruction set, none to refuse");
    }
    for isa in lacking {
        let out = output_with(
            sudoku()
                .arg(root("puzzles/leetcode.txt"))
                .env("SUDOKU_ENGINE", isa.name()),
            2,
        );
        assert_eq!(stdout_of(&out), "");
        let err = stderr_of(&out);
        assert!(
            err.starts_with(&format!(
                "sudoku: SUDOKU_ENGINE: this CPU cannot run instruction set {isa}: it lacks "
            )),
            "{err}"
        );
    }
}

#[test]
fn every_instruction_set_prints_the_same_bytes() {
    // JSON carries all that the text forms print (solutions, counts, differing cells), and
    // each instruction set's answers are held to portable Rust's, which runs once.
    let isas: Vec<Isa> = available()
        .into_iter()
        .filter(|&e| e != Isa::Portable)
        .collect();
    if isas.is_empty() {
        eprintln!("skipped: this CPU runs only portable Rust, nothing to compare");
    }
    let commands: [&[&str]; 3] = [
        &["solve", "-f", "json"],
        &["check", "-f", "json"],
        &["count", "--limit", "3", "-f", "json"],
    ];
    for input in ["puzzles", "tests/data"] {
        for command in commands {
            let run = |isa: Isa| {
                sudoku()
                    .args(command)
                    .arg(root(input))
                    .env("SUDOKU_ENGINE", isa.name())
                    .output()
                    .unwrap()
            };
            let reference = run(Isa::Portable);
            assert!(!reference.stdout.is_empty());
            for &isa in &isas {
                let out = run(isa);
                assert_eq!(out.status.code(), reference.status.code(), "{command:?}");
                assert!(
                    out.stdout == reference.stdout,
                    "{isa}: {command:?} on {input} differs from portable"
                );
                assert_eq!(stderr_of(&out), stderr_of(&reference), "{command:?}");
            }
        }
    }
}

#[test]
fn help_names_every_instruction_set_and_each_name_is_understood() {
    let help = stdout_of(&output_ok(sudoku().arg("--help")));
    let env = &help[help.find("Environment:").expect("an Environment section")..];
    let line = env
        .lines()
        .find(|l| l.trim_start().starts_with("SUDOKU_ENGINE"))
        .expect("SUDOKU_ENGINE listed");
    for isa in Isa::ALL {
        assert!(
            line.contains(&format!(" {}", isa.name())),
            "{isa} missing from: {line}"
        );
        // Every name the help gives is an instruction set: run, or refused as one this CPU lacks.
        let out = sudoku()
            .arg("--version")
            .env("SUDOKU_ENGINE", isa.name())
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert!(!err.contains("unknown instruction set"), "{isa}: {err}");
    }
}

//! The solver's engines from the command line: `SUDOKU_ENGINE` forces one (and one this CPU
//! cannot run is refused), `--version` names the one in use, and every engine prints the same
//! bytes for every command on the sample puzzles and the test data.

use crate::common::*;
use sudoku_solver::internals::Engine;

/// The engines this CPU runs; each one it lacks is named.
fn available() -> Vec<Engine> {
    Engine::ALL
        .into_iter()
        .filter(|&e| {
            let runs = e.is_available();
            if !runs {
                eprintln!("skipped: engine {e} (this CPU cannot run it)");
            }
            runs
        })
        .collect()
}

fn root(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

#[test]
fn version_names_the_engine_in_use() {
    let out = output_ok(sudoku().arg("--version").env_remove("SUDOKU_ENGINE"));
    let text = stdout_of(&out);
    assert!(text.starts_with("sudoku "), "{text}");
    assert!(
        text.lines()
            .any(|l| l == format!("engine: {}", Engine::detect())),
        "{text}"
    );
    for engine in available() {
        let out = output_ok(
            sudoku()
                .arg("--version")
                .env("SUDOKU_ENGINE", engine.name()),
        );
        let text = stdout_of(&out);
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with("engine: "))
                .collect::<Vec<_>>(),
            vec![format!("engine: {engine}")],
            "{text}"
        );
    }
    // An empty value is no choice: the CPU's engine.
    let out = output_ok(sudoku().arg("--version").env("SUDOKU_ENGINE", ""));
    assert!(stdout_of(&out).contains(&format!("engine: {}", Engine::detect())));
}

#[test]
fn an_unknown_engine_is_refused_with_the_reason() {
    let out = output_with(
        sudoku()
            .arg(root("puzzles/leetcode.txt"))
            .env("SUDOKU_ENGINE", "fastest"),
        2,
    );
    assert_eq!(stdout_of(&out), "");
    assert_eq!(
        stderr_of(&out),
        "sudoku: SUDOKU_ENGINE: unknown engine 'fastest' (the engines are portable, sse4, avx2 \
         and avx512)\n"
    );
}

#[test]
fn an_engine_this_cpu_lacks_is_refused_with_the_reason() {
    let lacking: Vec<Engine> = Engine::ALL
        .into_iter()
        .filter(|e| !e.is_available())
        .collect();
    if lacking.is_empty() {
        eprintln!("skipped: this CPU runs every engine, none to refuse");
    }
    for engine in lacking {
        let out = output_with(
            sudoku()
                .arg(root("puzzles/leetcode.txt"))
                .env("SUDOKU_ENGINE", engine.name()),
            2,
        );
        assert_eq!(stdout_of(&out), "");
        let err = stderr_of(&out);
        assert!(
            err.starts_with(&format!(
                "sudoku: SUDOKU_ENGINE: this CPU cannot run engine {engine}: it lacks "
            )),
            "{err}"
        );
    }
}

#[test]
fn every_engine_prints_the_same_bytes() {
    // JSON carries all that the text forms print (solutions, counts, differing cells), and
    // each engine's answers are held to the portable engine's, which runs once.
    let engines: Vec<Engine> = available()
        .into_iter()
        .filter(|&e| e != Engine::Portable)
        .collect();
    if engines.is_empty() {
        eprintln!("skipped: this CPU runs only the portable engine, nothing to compare");
    }
    let commands: [&[&str]; 3] = [
        &["solve", "-f", "json"],
        &["check", "-f", "json"],
        &["count", "--limit", "3", "-f", "json"],
    ];
    for input in ["puzzles", "tests/data"] {
        for command in commands {
            let run = |engine: Engine| {
                sudoku()
                    .args(command)
                    .arg(root(input))
                    .env("SUDOKU_ENGINE", engine.name())
                    .output()
                    .unwrap()
            };
            let reference = run(Engine::Portable);
            assert!(!reference.stdout.is_empty());
            for &engine in &engines {
                let out = run(engine);
                assert_eq!(out.status.code(), reference.status.code(), "{command:?}");
                assert!(
                    out.stdout == reference.stdout,
                    "{engine}: {command:?} on {input} differs from portable"
                );
                assert_eq!(stderr_of(&out), stderr_of(&reference), "{command:?}");
            }
        }
    }
}

#[test]
fn help_names_every_engine_and_each_name_is_understood() {
    let help = stdout_of(&output_ok(sudoku().arg("--help")));
    let env = &help[help.find("Environment:").expect("an Environment section")..];
    let line = env
        .lines()
        .find(|l| l.trim_start().starts_with("SUDOKU_ENGINE"))
        .expect("SUDOKU_ENGINE listed");
    for engine in Engine::ALL {
        assert!(
            line.contains(&format!(" {}", engine.name())),
            "{engine} missing from: {line}"
        );
        // Every name the help gives is an engine: run, or refused as one this CPU lacks.
        let out = sudoku()
            .arg("--version")
            .env("SUDOKU_ENGINE", engine.name())
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert!(!err.contains("unknown engine"), "{engine}: {err}");
    }
}

//! The PDF book (`cargo bench --bench pdf`, plain `main`, no harness): 1,000 puzzles from the
//! test data (the easy sets first, the forum's hardest last) solved and written as a book (four to an A4 page, then the answer key) on one
//! core, timed against the same run printing lines, so the book's own cost shows. The book is
//! read back with lopdf and its pages counted; a wrong count, or a book slower than a second,
//! exits non-zero.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudoku_cli::batch::{self, Command, Options};
use sudoku_cli::output::Format;

/// The run's output and the best time of three.
fn timed(options: &Options) -> (Vec<u8>, Duration) {
    let mut best = Duration::MAX;
    let mut out = Vec::new();
    for _ in 0..3 {
        out.clear();
        let mut err = Vec::new();
        let start = Instant::now();
        let report = batch::run(options, &mut out, &mut err, None);
        best = best.min(start.elapsed());
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
        assert_eq!(report.exit.code(), 0);
    }
    (out, best)
}

fn main() -> ExitCode {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut puzzles = Vec::new();
    for name in [
        "17clue-300.txt",
        "puzzles1_random_minimal-sample.txt",
        "puzzles2_17_clue-sample.txt",
        "puzzles3_magictour_top1465-sample.txt",
        "puzzles7_serg_benchmark-sample.txt",
        "puzzles6_forum_hardest_1106-sample.txt",
        "puzzles5_forum_hardest_1905_11+-sample.txt",
        "serate-1.2.1.3-sample.txt",
    ] {
        let text = std::fs::read_to_string(data.join(name)).expect("the test data");
        puzzles.extend(text.lines().filter(|l| l.len() == 81).map(str::to_string));
    }
    // The first thousand (the sets hold a few short of it: the first ones again make it up).
    let puzzles: Vec<String> = puzzles.iter().cycle().take(1000).cloned().collect();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("puzzles.txt");
    std::fs::write(&input, puzzles.join("\n") + "\n").unwrap();

    let mut options = Options {
        command: Command::Solve { unique: false },
        format: Format::Line,
        threads: 1,
        paths: vec![input],
        ..Options::default()
    };
    let (_, lines) = timed(&options);
    options.format = Format::Pdf;
    let (book, pdf) = timed(&options);
    let pages = lopdf::Document::load_mem(&book)
        .map(|doc| doc.get_pages().len())
        .unwrap_or(0);
    println!(
        "1,000 puzzles, one core: -f line {:.0} ms, -f pdf {:.0} ms (the book {:.0} ms), \
         {pages} pages, {} KB",
        lines.as_secs_f64() * 1e3,
        pdf.as_secs_f64() * 1e3,
        pdf.saturating_sub(lines).as_secs_f64() * 1e3,
        book.len() / 1024
    );
    // 250 pages of four puzzles, 84 of the key's twelve answers.
    if pages != 250 + 84 {
        eprintln!("expected 334 pages, read {pages}");
        return ExitCode::FAILURE;
    }
    if pdf > Duration::from_secs(1) {
        eprintln!("the book took over a second");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

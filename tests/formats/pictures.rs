//! Pictures and print: what `-f svg`, `-f html` and `-f pdf` write is parsed (SVG as XML, PDF
//! with lopdf) and judged against what the test works out itself: cell boxes from the grid's
//! border, the puzzles' clues, independently checked solutions. Also: labels in any script the
//! font has, no PDF of no pages, and the pictures in a real browser (`scripts/browser-check.sh`
//! opens the explain page and a hint picture in headless Chromium: screenshots not blank, a
//! picture per step in the DOM, a printed page per step; skipped, with a message, where
//! Chromium or pdftoppm is missing, and `.ci/run` installs both and runs the script itself too).

use std::path::Path;
use std::process::Command;

use crate::common::{
    digits, is_valid_solution, output_ok, output_with, stderr_of, stdout_of, sudoku, LEETCODE,
    LEETCODE_SOLUTION,
};

/// The grid's border (`x`, `y`, side) and every `<text>` as (class, x, y, text).
struct Drawn {
    border: (f64, f64, f64),
    texts: Vec<(String, f64, f64, String)>,
}

fn drawn(svg: &str) -> Drawn {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let number = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let border = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("class") == Some("border"))
        .map(|n| (number(n, "x"), number(n, "y"), number(n, "width")))
        .expect("a border");
    let texts = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            (
                n.attribute("class").unwrap_or("").to_string(),
                number(n, "x"),
                number(n, "y"),
                n.text().unwrap_or("").to_string(),
            )
        })
        .collect();
    Drawn { border, texts }
}

/// The cell (0..81) whose box, worked out from the border, holds the point; `None` outside.
fn cell_at((bx, by, side): (f64, f64, f64), x: f64, y: f64) -> Option<usize> {
    let cell = side / 9.0;
    let (col, row) = ((x - bx) / cell, (y - by) / cell);
    let inside = |v: f64| v > 0.0 && v < 9.0 && v.fract() > 0.05 && v.fract() < 0.95;
    (inside(col) && inside(row)).then(|| row as usize * 9 + col as usize)
}

#[test]
fn solve_svg_draws_81_digits_each_in_its_cell_givens_told_from_filled() {
    let out = output_ok(sudoku().args(["solve", "-f", "svg", LEETCODE]));
    let svg = stdout_of(&out);
    let picture = drawn(&svg);
    assert_eq!(
        picture.texts.len(),
        81,
        "one text per cell, no coordinate labels"
    );
    let puzzle = digits(LEETCODE);
    let solution = digits(LEETCODE_SOLUTION);
    let mut seen = [false; 81];
    for (class, x, y, text) in &picture.texts {
        let cell = cell_at(picture.border, *x, *y).expect("a digit inside the grid");
        assert!(!seen[cell], "two digits in cell {cell}");
        seen[cell] = true;
        assert_eq!(text, &solution[cell].to_string(), "cell {cell}");
        let expected = if puzzle[cell] != 0 { "given" } else { "filled" };
        assert_eq!(class, expected, "cell {cell}");
    }
}

/// The first pencilmark puzzle of `puzzles/pencilmarks.txt` (a 729-character line).
fn pencilmarks() -> String {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/pencilmarks.txt"),
    )
    .unwrap();
    text.lines()
        .find(|l| l.len() == 729)
        .expect("a 729-character line")
        .to_string()
}

#[test]
fn pencilmark_hint_svg_draws_every_candidate_in_its_place_and_the_step() {
    let line = pencilmarks();
    let out = output_ok(sudoku().args(["hint", "-f", "svg", &line]));
    let svg = stdout_of(&out);
    let picture = drawn(&svg);
    let (bx, by, side) = picture.border;
    let third = side / 27.0;
    let mut shown = vec![Vec::new(); 81];
    let mut names = Vec::new();
    for (class, x, y, text) in &picture.texts {
        if class == "name" {
            names.push(text.clone());
            continue;
        }
        if class == "caption" {
            continue;
        }
        let cell = cell_at(picture.border, *x, *y).expect("inside the grid");
        let d: u8 = text.parse().unwrap();
        if class.starts_with("cand") {
            // In its place of the cell's 3 x 3: column (d-1)%3, row (d-1)/3.
            let sub_col = ((x - bx) / third) as usize % 3;
            let sub_row = ((y - by) / third) as usize % 3;
            assert_eq!(
                (sub_row * 3 + sub_col) as u8,
                d - 1,
                "candidate {d} of {cell}"
            );
        }
        shown[cell].push(d);
    }
    for (cell, digits) in shown.iter_mut().enumerate() {
        digits.sort();
        let written: Vec<u8> = (1..=9u8)
            .filter(|&d| line.as_bytes()[cell * 9 + d as usize - 1] == b'0' + d)
            .collect();
        assert_eq!(*digits, written, "cell {cell}");
    }
    assert_eq!(names.len(), 18, "r1..r9 and c1..c9 around a step's picture");
    let marked = ["placed", "removed"]
        .iter()
        .any(|m| svg.contains(&format!("class=\"cand {m}\"")));
    assert!(marked, "the step's effect is drawn");
}

#[test]
fn hint_svg_names_its_step_under_the_grid_in_the_words_hint_prints() {
    // A single, and a long chain (its words wrap over several lines); the puzzles are the
    // first and last of puzzles/line-puzzles.txt.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/line-puzzles.txt"),
    )
    .unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| &l[..81])
        .collect();
    for line in [lines[0], lines[lines.len() - 1]] {
        // `hint` as text: `arg 1: EFFECT   WORDS   (RATING)`.
        let said = stdout_of(&output_ok(sudoku().args(["hint", line])));
        let said = said.trim_end().split_once(": ").unwrap().1;
        let parts: Vec<&str> = said.split("   ").collect();
        assert_eq!(parts.len(), 3, "{said}");
        let expected = format!("{}, {} {}", parts[0], parts[1], parts[2]);

        let svg = stdout_of(&output_ok(sudoku().args(["hint", "-f", "svg", line])));
        let picture = drawn(&svg);
        let (bx, by, side) = picture.border;
        let caption: Vec<&(String, f64, f64, String)> = picture
            .texts
            .iter()
            .filter(|(class, ..)| class == "caption")
            .collect();
        assert!(!caption.is_empty(), "no caption: {svg}");
        let words: Vec<&str> = caption.iter().map(|(.., t)| t.as_str()).collect();
        assert_eq!(words.join(" "), expected);
        // Under the grid, one line under another, inside the picture.
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let height: f64 = doc
            .root_element()
            .attribute("height")
            .unwrap()
            .parse()
            .unwrap();
        let mut last = by + side;
        for (_, x, y, _) in &caption {
            assert!(*x >= bx && *x < bx + side, "x {x}");
            assert!(
                *y > last && *y < height,
                "y {y} after {last}, height {height}"
            );
            last = *y;
        }
        // And the document's title says the same.
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap();
        assert_eq!(title, expected);
    }
    // The other pictures have no caption.
    let solved = stdout_of(&output_ok(sudoku().args(["solve", "-f", "svg", LEETCODE])));
    assert!(!solved.contains("caption") && !solved.contains("<title>"));
}

#[test]
fn svg_draws_the_first_puzzle_and_refuses_the_others_with_exit_2() {
    let input = format!("{LEETCODE}\n{LEETCODE}\n");
    let out = output_with(sudoku().args(["solve", "-f", "svg"]).write_stdin(input), 2);
    let svg = stdout_of(&out);
    assert_eq!(drawn(&svg).texts.len(), 81);
    let err = stderr_of(&out);
    assert!(err.contains("<stdin>:2") && err.contains("-f svg draws the first puzzle only"));
}

#[test]
fn pictures_are_refused_by_commands_that_draw_none() {
    for (command, format, offered) in [
        ("check", "svg", "text, json, csv"),
        ("rate", "html", "text, json, csv"),
        ("explain", "pdf", "text, json, csv, html"),
        (
            "solve",
            "html",
            "auto, line, grid, pretty, json, csv, svg, pdf",
        ),
    ] {
        let out = output_with(sudoku().args([command, "-f", format, LEETCODE]), 2);
        let err = stderr_of(&out);
        assert!(
            err.contains(&format!("invalid value '{format}' for '--format <FORMAT>'"))
                && err.contains(&format!("[possible values: {offered}]")),
            "{command} -f {format}: {err}"
        );
    }
}

#[test]
fn each_command_s_help_offers_only_the_formats_it_renders() {
    let offered = [
        ("solve", "auto line grid pretty json csv svg pdf"),
        ("check", "text json csv"),
        ("count", "text json csv"),
        ("rate", "text json csv"),
        ("explain", "text json csv html"),
        ("hint", "text json csv svg html"),
        ("canon", "line text json csv svg pdf"),
        ("minimize", "auto line grid pretty json csv svg pdf"),
        ("transform", "auto line grid pretty json csv svg pdf"),
        ("generate", "line grid pretty json csv svg pdf"),
    ];
    for (command, formats) in offered {
        let help = stdout_of(&output_ok(sudoku().args([command, "--help"])));
        // The values listed under -f, --format, up to the next option.
        let section = help
            .split("-f, --format <FORMAT>")
            .nth(1)
            .unwrap()
            .split("\n      --")
            .next()
            .unwrap()
            .split("\n  -")
            .next()
            .unwrap();
        let listed: Vec<&str> = section
            .lines()
            .filter_map(|l| l.trim().strip_prefix("- "))
            .map(|l| l.split(':').next().unwrap())
            .collect();
        assert_eq!(listed.join(" "), formats, "{command} --help");
    }
}

#[test]
fn explain_html_is_one_page_with_a_picture_per_step_and_nothing_fetched() {
    let out = output_ok(sudoku().args(["explain", "-f", "html", LEETCODE]));
    let html = stdout_of(&out);
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    // Every step of this puzzle is a single: one step per empty cell.
    let empty = digits(LEETCODE).iter().filter(|&&d| d == 0).count();
    assert_eq!(html.matches("<section class=\"step\">").count(), empty);
    for forbidden in ["<script", "src=", "<link", "@import", "url(http"] {
        assert!(!html.contains(forbidden), "{forbidden}");
    }
    assert!(html.contains("@media print") && html.contains("break-after: page"));
    // Each picture is well-formed SVG with its 81 cells' digits inside the grid.
    let mut pictures = 0;
    for part in html.split("<svg").skip(1) {
        let svg = format!("<svg{}", &part[..part.find("</svg>").unwrap() + 6]);
        let picture = drawn(&svg);
        for (class, x, y, _) in &picture.texts {
            if class != "name" {
                assert!(cell_at(picture.border, *x, *y).is_some());
            }
        }
        pictures += 1;
    }
    assert_eq!(
        pictures,
        empty + 1,
        "a picture per step and the solved grid"
    );
}

/// The text of each page, as lopdf reads it.
fn pdf_pages(bytes: &[u8]) -> (lopdf::Document, Vec<String>) {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF lopdf reads");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let texts = pages
        .iter()
        .map(|&p| doc.extract_text(&[p]).expect("text"))
        .collect();
    (doc, texts)
}

/// The digits page `number` shows in cells (each digit is a text of its own), in the order
/// written; the page's number, written last at its foot, is left out.
fn cell_digits(page: &str, number: usize) -> String {
    let mut words: Vec<&str> = page.split_whitespace().collect();
    assert_eq!(
        words.pop(),
        Some(number.to_string().as_str()),
        "the page number"
    );
    words
        .into_iter()
        .filter(|w| w.len() == 1 && w.as_bytes()[0].is_ascii_digit())
        .collect()
}

/// Six puzzles from the test data, on lines.
fn six_puzzles() -> Vec<String> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/puzzles3_magictour_top1465-sample.txt"),
    )
    .unwrap();
    text.lines().take(6).map(str::to_string).collect()
}

#[test]
fn pdf_book_has_the_clues_in_reading_order_then_a_valid_answer_key() {
    let puzzles = six_puzzles();
    let out = output_ok(
        sudoku()
            .args(["solve", "-f", "pdf"])
            .write_stdin(puzzles.join("\n")),
    );
    assert!(out.stdout.starts_with(b"%PDF-"));
    let (doc, pages) = pdf_pages(&out.stdout);
    // Six puzzles at four to a page: two pages; the key's six grids: one more.
    assert_eq!(pages.len(), 3, "{pages:?}");
    let clues: String = puzzles
        .iter()
        .flat_map(|p| digits(p))
        .filter(|&d| d != 0)
        .map(|d| char::from(b'0' + d))
        .collect();
    assert_eq!(
        cell_digits(&pages[0], 1) + &cell_digits(&pages[1], 2),
        clues
    );
    for (k, number) in ["1.", "4.", "5.", "6."].iter().enumerate() {
        let page = if k < 2 { &pages[0] } else { &pages[1] };
        assert!(page.contains(number), "{number} on its page");
    }
    assert!(pages[2].contains("Answers"));
    let key = cell_digits(&pages[2], 3);
    assert_eq!(key.len(), 6 * 81);
    for (k, puzzle) in puzzles.iter().enumerate() {
        let solution = &key[k * 81..(k + 1) * 81];
        assert!(is_valid_solution(puzzle, solution), "key {k}: {solution}");
    }
    // The font is embedded.
    let embedded = doc.objects.values().any(|o| {
        o.as_dict()
            .is_ok_and(|d| d.has(b"FontFile2") && d.get(b"FontName").is_ok())
    });
    assert!(embedded, "a font descriptor with the font file");
}

#[test]
fn pdf_per_page_paper_and_no_answers_change_the_pages() {
    let puzzles = six_puzzles();
    let out = output_ok(
        sudoku()
            .args(["solve", "-f", "pdf", "--per-page", "6", "--paper", "letter"])
            .arg("--no-answers")
            .write_stdin(puzzles.join("\n")),
    );
    let (doc, pages) = pdf_pages(&out.stdout);
    assert_eq!(pages.len(), 1);
    let page = *doc.get_pages().values().next().unwrap();
    let media = doc
        .get_dictionary(page)
        .unwrap()
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_float().unwrap())
        .collect::<Vec<f32>>();
    assert_eq!(media, vec![0.0, 0.0, 612.0, 792.0], "US Letter in points");
}

#[test]
fn pdf_of_a_pencilmark_puzzle_writes_its_candidates_cell_by_cell() {
    let line = pencilmarks();
    let out = output_ok(
        sudoku()
            .args(["solve", "-f", "pdf", "--no-answers"])
            .write_stdin(line.clone()),
    );
    let (_, pages) = pdf_pages(&out.stdout);
    assert_eq!(pages.len(), 1);
    // Each cell's candidates in order, a solved cell's one digit alone: the line without dots.
    let written: String = line.chars().filter(|c| c.is_ascii_digit()).collect();
    assert_eq!(cell_digits(&pages[0], 1), written);
}

#[test]
fn generate_pdf_labels_each_grid_with_its_seed() {
    let out = output_ok(sudoku().args([
        "generate",
        "-n",
        "2",
        "--seed",
        "5",
        "-f",
        "pdf",
        "--per-page",
        "1",
    ]));
    let (_, pages) = pdf_pages(&out.stdout);
    assert_eq!(pages.len(), 3, "two puzzle pages and the key");
    assert!(pages[0].contains("seed 5 #1") && pages[1].contains("seed 5 #2"));
}

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

#[cfg(target_os = "linux")]
#[test]
fn pictures_that_cannot_be_written_exit_5() {
    for format in ["pdf", "svg"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
            .args(["solve", "-f", format, LEETCODE])
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(5), "-f {format}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write output"));
    }
}

/// The value after `key: ` in a technique fixture (the puzzle, and Sudoku Explainer's own
/// eliminations and cells for its step).
fn fixture(name: &str, key: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/techniques")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .unwrap()
        .to_string()
}

#[test]
fn a_chain_hint_draws_se_s_eliminations_struck_out_and_links_between_its_cells() {
    let puzzle = fixture("bidirectional-cycle.txt", "puzzle");
    let out = output_ok(sudoku().args(["hint", "-f", "svg"]).write_stdin(puzzle));
    let svg = stdout_of(&out);
    let picture = drawn(&svg);
    let (bx, by, side) = picture.border;
    let third = side / 27.0;
    // Struck out: exactly the candidates Sudoku Explainer removes (`r1c4<>6 ...`).
    let mut removed: Vec<String> = picture
        .texts
        .iter()
        .filter(|t| t.0 == "cand removed")
        .map(|(_, x, y, d)| {
            let cell = cell_at(picture.border, *x, *y).unwrap();
            let sub = ((y - by) / third) as usize % 3 * 3 + ((x - bx) / third) as usize % 3;
            assert_eq!(d, &(sub + 1).to_string(), "drawn in its place");
            format!("r{}c{}<>{d}", cell / 9 + 1, cell % 9 + 1)
        })
        .collect();
    removed.sort();
    let mut expected: Vec<String> = fixture("bidirectional-cycle.txt", "eliminates")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    expected.sort();
    assert_eq!(removed, expected);
    // The links join SE's cycle cells, D6 D9 E9 E5 (column letter, row): r6c4 r9c4 r9c5 r5c5.
    let cycle = [6 * 9 - 9 + 3, 9 * 9 - 9 + 3, 9 * 9 - 9 + 4, 5 * 9 - 9 + 4];
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let links: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("link ")))
        .collect();
    assert!(!links.is_empty());
    for link in &links {
        let at = |a: &str| link.attribute(a).unwrap().parse::<f64>().unwrap();
        for (x, y) in [(at("x1"), at("y1")), (at("x2"), at("y2"))] {
            let col = ((x - bx) / (side / 9.0)) as usize;
            let row = ((y - by) / (side / 9.0)) as usize;
            assert!(
                cycle.contains(&(row * 9 + col)),
                "a link end in r{}c{}",
                row + 1,
                col + 1
            );
        }
    }
    let kinds = |k: &str| {
        links
            .iter()
            .filter(|l| l.attribute("class") == Some(k))
            .count()
    };
    assert!(
        kinds("link strong") > 0 && kinds("link weak") > 0,
        "strong and weak told apart"
    );
}

/// Whether `program` is on the PATH.
fn found(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

#[test]
fn explain_page_and_hint_picture_render_in_chromium() {
    let chromium = found("chromium") || found("chromium-browser");
    if !chromium || !found("pdftoppm") {
        eprintln!(
            "skipped: the browser check needs chromium and pdftoppm \
             (apt-get install chromium poppler-utils)"
        );
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/browser-check.sh");
    let run = Command::new("bash")
        .arg(script)
        .arg(assert_cmd::cargo::cargo_bin!("sudoku"))
        .arg(out.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains("browser-check: ok"), "{said}");
}

//! The help texts that several commands share: inputs and layouts, examples, the exit codes
//! (written from the library's [`sudoku_cli::exit::TABLE`], so `--help`, the man page and
//! the README's table say the same) and the environment variables.

use sudoku_cli::exit::{PRECEDENCE, TABLE};
use sudoku_solver::internals::Isa;

/// The width help lines are wrapped at.
const WIDTH: usize = 100;

/// The exit-code section of `--help`: one code per entry, continuation lines indented. Written
/// once per run (every command's help holds it, and the commands are all built at every start).
pub fn exit_codes() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(exit_codes_text)
}

fn exit_codes_text() -> String {
    let mut text = String::from("Exit codes:\n");
    for (exit, meaning) in TABLE {
        entry(
            &mut text,
            &format!("  {}  ", exit.code()),
            &meaning.replace('`', ""),
        );
    }
    let order: Vec<String> = PRECEDENCE.iter().map(|e| e.code().to_string()).collect();
    text.push_str(&format!(
        "When several happen in one run, the first in the order {} wins.\n\n",
        order.join(", ")
    ));
    text.push_str(&environment());
    text
}

/// Appends one entry of a list to `text`: `head`, then `words` wrapped at [`WIDTH`] with the
/// continuation lines indented under the first word.
fn entry(text: &mut String, head: &str, words: &str) {
    let mut line = head.to_string();
    let indent = line.len();
    for word in words.split(' ') {
        if line.len() + word.len() > WIDTH && line.trim().len() > 1 {
            text.push_str(line.trim_end());
            text.push('\n');
            line = " ".repeat(indent);
        }
        line.push_str(word);
        line.push(' ');
    }
    text.push_str(line.trim_end());
    text.push('\n');
}

/// The environment variables `sudoku` reads, with the vector engine's instruction sets as the
/// library names them.
fn environment() -> String {
    let names: Vec<&str> = Isa::ALL.iter().map(|isa| isa.name()).collect();
    let (last, rest) = names.split_last().expect("instruction sets");
    let mut text = String::from("Environment:\n");
    entry(
        &mut text,
        "  SUDOKU_ENGINE  ",
        &format!(
            "the instruction set of the solver's vector engine: {} or {last} (default: the \
             fastest this CPU runs, which sudoku --version names). Every one gives the same \
             answers, so this is for tests and benchmarks; one this CPU cannot run is refused \
             (exit 2).",
            rest.join(", ")
        ),
    );
    entry(
        &mut text,
        "  NO_COLOR       ",
        "when set and not empty, --color auto writes no colour.",
    );
    text.trim_end().to_string()
}

pub const INPUTS: &str = "\
Inputs:
  Each PATH is a file, a directory (its regular, non-hidden files in byte order of their names;
  -r descends into subdirectories, -g chooses files by glob) or '-' for stdin. With no PATH, stdin
  is read. A PATH that does not exist but reads as one puzzle is that puzzle (source 'arg 1').

  Layouts, which may mix in one file:
    line    81 cells on one line: 53..7....6..195....98....6.8...  ('.', '0', '_' or '-' is
            empty; text after the 81st cell is ignored when a space, tab, ',', ';', ':' or '#'
            separates it, as in PUZZLE:COUNT:SOLUTION); a field may come first (2018-06-07
            PUZZLE SOLUTION); a puzzle paired with its solution is the puzzle; also 81
            characters with spaces, or with one letter such as x, for empty cells
    grid    9 consecutive rows of 9 cells: 53..7...., 5 3 . | . 7 ., 5,3,0,0,7,0,0,0,0,
            5,3,,,7,,,,, x1xxx6xxx, spaces for empty cells with | between boxes, lists as a
            program prints them ([5, 3, 0, ...], [None, 6, ...], - [ null, 6, ... ]);
            separators such as ------+-------+------ or - - - - - - - - - - - only between
            bands, box characters (║ │ ─ ┼) too; a grid that lost or repeated a row is an
            error, never glued to the next
    CSV     a header names the puzzle column (puzzle, quizzes, quiz, unsolved, board, sudoku);
            without one, the first field of 81 cells; solution columns are never read; a quoted
            field may hold line breaks
    JSON    boards of strings or numbers ([[\"5\",\"3\",...],...] or [[5,3,0,...],...]), strings
            of 81 cells, under any key of any value ({\"board\": ...}), on one line of any
            length or many; damage costs the damaged element only
    pencil  729 characters (9 per cell, the digit where it is a candidate, '.' where not), or
            9 rows of 9 candidate sets (19 7 169 | 2 156 3 | ...); solve, check and count
  A line of text (Grid 01, a title, a CSV header) is a label: it names the next puzzle in JSON
  output. Lines starting with '#' are comments. UTF-16 with a byte-order mark is decoded.";

pub const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku solve puzzles/leetcode.txt         solve one file, answer in its own layout
  cat many.txt | sudoku -f line             solve a stream, one 81-digit line per puzzle
  sudoku solve -r -f json puzzles/ > out.jsonl
  sudoku solve --unique gen.txt || echo \"some puzzle is not proper (exit $?)\"

A puzzle that fails keeps its slot in stdout as one '# PATH:LINE: <error>' line, so line N of
line-format output answers puzzle N; the error also goes to stderr.";

// The long help of each command (`sudoku COMMAND --help`): what it prints, examples, inputs
// and exit codes.

/// `sudoku solve --help`'s long text.
pub fn solve() -> String {
    format!("{INPUTS}\n\n{SOLVE_EXAMPLES}\n\n{}", exit_codes())
}

/// `sudoku check --help`'s long text.
pub fn check() -> String {
    format!(
        "Prints one verdict per puzzle, in input order:\n  \
            SOURCE: unique\n  SOURCE: no solution: <reason>\n  \
            SOURCE: not unique: r4c5 3/7, r4c8 7/3, ...   (cells where two solutions differ)\n  \
            SOURCE: invalid: <parse error>\n\
            With --minimal, a puzzle with one solution is also judged minimal or not:\n  \
            SOURCE: unique, minimal\n  \
            SOURCE: unique, not minimal: r1c3, r5c5 can go (each alone)\n\n\
            Examples:\n  sudoku check puzzles/line-puzzles.txt\n  \
            sudoku check -q new.txt && echo proper\n  \
            sudoku check --minimal mine.txt\n\n{INPUTS}\n\n{}",
        exit_codes()
    )
}

/// `sudoku count --help`'s long text.
pub fn count() -> String {
    format!(
        "Prints the number of solutions of each puzzle, one line per puzzle; \
            a count that reached --limit is followed by '+', e.g. 1000000+.\n\n\
            Examples:\n  sudoku count puzzles/line-puzzles.txt\n  \
            echo ................................................................................. | sudoku count --limit 10\n\n\
            {INPUTS}\n\n{}", exit_codes()
    )
}

/// `sudoku generate --help`'s long text.
pub fn generate() -> String {
    format!(
        "Every puzzle has exactly one solution and, unless --no-minimal, is minimal: removing \
            any one clue (with a symmetry: any one orbit of clues) gives it a second solution. The same seed \
            and version give the same output byte for byte, whatever -j is; without --seed a random seed \
            is drawn and written to stderr, so any run can be repeated.\n\n\
            To order: --rating, --ep, --ed, --needs and --pattern keep only the candidates that \
            fit (each is rated on Sudoku Explainer's scale, as rate does), in stream order, so \
            the output is still the same for the same seed at any -j. A narrow request can take \
            long: the progress bar counts candidates tried and kept, --stats gives the acceptance \
            rate, --attempts and --timeout end the run cleanly (exit 1, with the puzzles found so \
            far and a message saying how many).\n\n\
            Examples:\n  sudoku generate -n 10 --seed 42\n  \
            sudoku generate -n 1000 --symmetry rotational -j 2 > proper.txt\n  \
            sudoku generate --max-clues 22 -f pretty\n  \
            sudoku generate -n 20 --rating 7.0..8.0 --seed 1\n  \
            sudoku generate -n 10 --level fiendish --seed 1\n  \
            sudoku generate -n 5 --needs x-wing --rating ..4.0\n  \
            sudoku generate -n 3 --pattern heart.txt --timeout 1m --stats\n\n{}", exit_codes()
    )
}

/// `sudoku minimize --help`'s long text.
pub fn minimize() -> String {
    format!(
        "Prints each puzzle with clues removed, one at a time, as long as it keeps \
            exactly one solution: the result is minimal (removing any one of its clues gives a \
            second solution), its clues are a subset of the input's, and its solution is the same. \
            The clues are tried row by row, left to right, or in an order drawn from --seed; each \
            order is the same every run. A puzzle with no solution or several is refused as check \
            refuses it (the '# SOURCE: ...' line keeps its slot; exit 1 or 4). Pencilmark grids are \
            refused.\n\n\
            Examples:\n  sudoku minimize mine.txt\n  \
            sudoku minimize --seed 3 -f pretty mine.txt\n  \
            sudoku check --minimal mine.txt     # which clues can go\n\n{INPUTS}\n\n{}", exit_codes()
    )
}

/// `sudoku transform --help`'s long text.
pub fn transform() -> String {
    format!(
        "Each puzzle is printed as an equivalent one, with the same canonical form \
            (see canon): the same puzzle in disguise. Named transformations apply to every puzzle, \
            in this order when several are given: --transpose, --mirror, --rotate, --relabel. \
            Without them, each puzzle gets a random one (transposition, bands, rows in each band, \
            stacks, columns in each stack, and digits, each shuffled), drawn from --seed and the \
            puzzle itself, so the output is the same every run and at any -j; without --seed a \
            seed is drawn and written to stderr. Pencilmark grids transform too, candidates \
            included (printed as their 729-character line). Puzzles with no solution or several \
            are transformed as they are.\n\n\
            Examples:\n  sudoku transform --rotate 90 puzzles/leetcode.txt\n  \
            sudoku transform --mirror vertical --relabel 987654321 mine.txt\n  \
            sudoku transform --seed 7 puzzles/line-puzzles.txt\n\n{INPUTS}\n\n{}",
        exit_codes()
    )
}

/// `sudoku canon --help`'s long text.
pub fn canon() -> String {
    format!(
        "The canonical form is the minlex representative of the puzzle's class under the \
            3,359,232 geometric transformations (transposition, band and stack permutations, row and \
            column permutations within them) with digits relabelled in order of first appearance: of all \
            those grids written as 81 characters with 0 for empty, the smallest.\n\n\
            Examples:\n  sudoku canon puzzles/line-puzzles.txt\n  \
            sudoku canon collection.txt | sort -u | wc -l     # distinct puzzles\n\n{INPUTS}\n\n{}", exit_codes()
    )
}

/// `sudoku rate --help`'s long text.
pub fn rate() -> String {
    format!(
        "Prints one line per puzzle, in input order:\n  \
            SOURCE: ER/EP/ED TECHNIQUE (LEVEL)        (7.2/1.2/1.2 Forcing Chain (diabolical))\n\
            ER is the hardest step of the path Sudoku Explainer walks (the easiest technique \
            that applies, again and again), EP the hardest up to the first placement, ED the \
            first step. LEVEL is Sudoku Explainer's band of ER (generate --list-levels); none \
            above 11.0. A puzzle without exactly one solution is not rated; it says so, as \
            check does.\n\n\
            Examples:\n  sudoku rate puzzles/line-puzzles.txt\n  \
            sudoku rate -f json many.txt | grep '\"er\":9'\n\n{INPUTS}\n\n{}",
        exit_codes()
    )
}

/// `sudoku explain --help`'s long text.
pub fn explain() -> String {
    format!(
        "Prints a block per puzzle: a '# SOURCE: ER/EP/ED TECHNIQUE, N steps' line, \
            then one line per step, the easiest that applies each time (Sudoku Explainer's path), \
            then the solved grid:\n  \
            r4c5=3   hidden single in box 5   (1.2)\n  \
            r6c1,r6c2<>4   pointing: box 4 holds 4 only in row 6   (2.6)\n\
            An effect is a placement (r4c5=3) or eliminations (r6c1,r6c2<>4: 4 goes from both \
            cells); the number is the step's rating. With -f json, one record per puzzle with a \
            'steps' array; each step has 'technique', 'rating', 'placements' and 'eliminations' \
            ([{{\"cell\": \"r4c5\", \"digit\": 3}}]), 'text', 'pattern' (the candidates that prove \
            it) and, for chains, 'chains'. A puzzle without exactly one solution is not explained; \
            it says so, as check does.\n\n\
            Examples:\n  sudoku explain puzzles/line-puzzles.txt\n  \
            sudoku explain -f json hard.txt | jq '.steps[] | .technique'\n\n{INPUTS}\n\n{}",
        exit_codes()
    )
}

/// `sudoku hint --help`'s long text.
pub fn hint() -> String {
    format!(
        "Prints one line per grid: 'SOURCE: ' and the easiest step that applies, \
            as explain prints it:\n  \
            game.txt:1: r4c5=3   hidden single in box 5   (1.2)\n\
            Pencilmarks are taken as they stand: a candidate you have removed stays removed, so \
            the hint is the next step from your own position. A grid without exactly one solution \
            (pencilmarks that removed a needed digit, say) gets no hint; it says so, as check \
            does.\n\n\
            Examples:\n  sudoku hint puzzles/pencilmarks.txt\n  \
            echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku hint\n\n\
            {INPUTS}\n\n{}", exit_codes()
    )
}

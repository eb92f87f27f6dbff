//! Values given on the command line, read into the library's types: durations, pattern files,
//! report formats.

use super::*;
use sudoku_cli::commands::{CommandSpec, TABLE};

/// A duration: seconds, or a number with `ms`, `s`, `m` or `h`.
pub(super) fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => t.split_at(i),
        None => (t, "s"),
    };
    let x: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a duration (write 30, 30s, 5m or 500ms)"))?;
    let seconds = match unit {
        "ms" => x / 1000.0,
        "s" => x,
        "m" => x * 60.0,
        "h" => x * 3600.0,
        _ => return Err(format!("{text:?}: the unit is one of ms, s, m, h")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text:?} is not a duration"))
}

/// The most a pattern file is read: a pattern is 81 cells, or a grid of 9 rows, with a few
/// comments. A larger file (or a device without end, `/dev/zero`) is refused once this much is
/// read, not read whole.
const PATTERN_BYTES: u64 = 64 * 1024;

/// The `--pattern` value: a mask written out, or a file holding one. A file that cannot be read
/// is an I/O error (its context names it); one that is no pattern, the library's
/// [`PatternError`](sudoku_solver::PatternError) or a refusal.
pub(super) fn read_pattern(value: &str) -> anyhow::Result<Pattern> {
    use anyhow::Context;
    use std::io::Read;
    if Pattern::is_mask(value) {
        return Pattern::parse(value).context("--pattern");
    }
    let shown = sudoku_cli::input::escape_path(std::path::Path::new(value));
    let mut bytes = Vec::new();
    std::fs::File::open(value)
        .and_then(|file| file.take(PATTERN_BYTES + 1).read_to_end(&mut bytes))
        .with_context(|| {
            format!(
                "--pattern {shown}: cannot read (give a file, or 81 characters: x for a clue, . \
                 for none)"
            )
        })?;
    if bytes.len() as u64 > PATTERN_BYTES {
        return Err(Usage(format!(
            "--pattern {shown}: more than {} KiB, which no pattern is (81 cells, or a grid of 9 rows); \
             give a pattern file, or 81 characters: x for a clue, . for none",
            PATTERN_BYTES / 1024
        ))
        .into());
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        Usage(format!(
            "--pattern {shown}: not text (a pattern is 81 cells: x for a clue, . for none)"
        ))
    })?;
    Pattern::parse(&text).context("--pattern")
}

/// The row of the command table called `name` (a name the table has: the test
/// `every_command_of_the_table_is_a_subcommand_as_its_row_says` holds the two together).
pub(super) fn spec(name: &str) -> &'static CommandSpec {
    TABLE
        .iter()
        .find(|row| row.name == name)
        .expect("a command of the table")
}

/// The `-f/--format` values `command` takes: the formats the library renders for it, by their
/// names, each with its help (so each command's `--help` lists only its own).
pub(super) fn formats(command: Command) -> impl TypedValueParser<Value = Format> {
    let values = output::formats(command)
        .iter()
        .map(|f| clap::builder::PossibleValue::new(f.name()).help(f.help()));
    clap::builder::PossibleValuesParser::new(values)
        .map(|name| name.parse::<Format>().expect("a listed format"))
}

/// The format `command` prints in when no `-f` is given.
pub(super) fn default_format(command: Command) -> &'static str {
    output::formats(command)[0].name()
}

/// The `--symmetry` values: Sudoku Explainer's names, each with what it means, and the old
/// names kept as aliases.
pub(super) fn symmetry_parser() -> impl TypedValueParser<Value = Symmetry> {
    let values = Symmetry::ALL.iter().map(|&symmetry| {
        let mut value =
            clap::builder::PossibleValue::new(symmetry.name()).help(symmetry_help(symmetry));
        for (alias, meant) in Symmetry::ALIASES {
            if meant == symmetry {
                value = value.alias(alias);
            }
        }
        value
    });
    clap::builder::PossibleValuesParser::new(values)
        .map(|s| s.parse::<Symmetry>().expect("a listed name"))
}

/// What a symmetry means, for `--help`.
fn symmetry_help(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::None => "No symmetry",
        Symmetry::Rotational => "Half turn about the centre",
        Symmetry::Rotational90 => "Quarter turn about the centre",
        Symmetry::Diagonal => "Mirror in the rising diagonal, bottom left to top right",
        Symmetry::AntiDiagonal => "Mirror in the falling diagonal, top left to bottom right",
        Symmetry::Vertical => "Mirror about the vertical axis: left-right (alias: mirror)",
        Symmetry::Horizontal => "Mirror about the horizontal axis: top-bottom",
        Symmetry::BiDiagonal => "Mirrors in both diagonals",
        Symmetry::Orthogonal => "Mirrors about both axes",
        Symmetry::Full => "All eight: every rotation and mirror",
        Symmetry::Random => "One of the nine above other than none, drawn for each puzzle",
    }
}

/// `--symbols STRING`: one symbol a digit, in order.
pub(super) fn symbols_parser(text: &str) -> Result<Symbols, String> {
    Symbols::new(text).map_err(|e| e.to_string())
}

/// `--box RxC` (`--size` too, in `generate`): rows by columns of a box.
pub(super) fn box_parser(text: &str) -> Result<Shape, String> {
    text.parse::<Shape>().map_err(|e| e.to_string())
}

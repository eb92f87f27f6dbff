//! `read`: the puzzles of files, directories or text, in every layout the command line reads,
//! with each error in its slot, and a CSV's other columns (solution, rating, source) as data.

use std::io::{BufRead, BufReader, Cursor, Read as _};
use std::path::{Path, PathBuf};

use numpy::IntoPyArray;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use sudoku_solver::Parser;

use crate::args::{grids_out, Cells};

/// An error in its slot: (slot, path, line, column, message).
type SlotError = (usize, String, Option<usize>, Option<usize>, String);

/// One parsed input: its puzzles, their sources and labels, and its errors in their slots.
#[derive(Default)]
struct Read {
    cells: Vec<Cells>,
    lines: Vec<String>,
    sources: Vec<String>,
    labels: Vec<Option<String>>,
    errors: Vec<SlotError>,
    slots: usize,
    /// Each puzzle's solution from a CSV's solution column, zeros where there is none.
    solutions: Vec<Cells>,
    /// Each puzzle's rating from a CSV's rating column, NaN where there is none.
    ratings: Vec<f64>,
    /// A CSV's other columns by header name (not the puzzle's or the solution's), each with a
    /// value or `None` per puzzle, in the order they were first met.
    columns: Vec<(String, Vec<Option<String>>)>,
}

/// The most of a first line looked at for a CSV header.
const HEADER_BYTES: u64 = 64 * 1024;

/// A CSV header's column names (lower case), when `line` is one: two fields or more, each a
/// name (letters, digits, `_`, `-`, spaces), at least one of them a letter.
fn header_of(line: &[u8]) -> Option<Vec<String>> {
    let text = std::str::from_utf8(line).ok()?;
    let text = text
        .trim_start_matches('\u{feff}')
        .trim_end_matches(['\r', '\n']);
    let fields: Vec<String> = text
        .split(',')
        .map(|f| f.trim().trim_matches('"').trim().to_ascii_lowercase())
        .collect();
    let named = |f: &String| {
        !f.is_empty()
            && f.chars().any(|c| c.is_ascii_alphabetic())
            && f.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_- ".contains(c))
    };
    (fields.len() >= 2 && fields.iter().all(named)).then_some(fields)
}

/// Whether a column of this name holds solutions.
fn solution_column(name: &str) -> bool {
    matches!(
        name,
        "solution" | "solutions" | "answer" | "answers" | "solved"
    )
}

/// Whether a column of this name holds ratings.
fn rating_column(name: &str) -> bool {
    matches!(name, "rating" | "ratings" | "difficulty" | "er" | "se")
}

/// A full grid of 81 digits 1-9, as a CSV's solution column holds it.
fn full_grid(field: &str) -> Option<Cells> {
    let bytes = field.trim().as_bytes();
    (bytes.len() == 81 && bytes.iter().all(|b| (b'1'..=b'9').contains(b)))
        .then(|| std::array::from_fn(|i| bytes[i] - b'0'))
}

/// Whether `field` writes the grid `cells` (empty cells as `0`, `.`, `_` or `-`).
fn writes(field: &str, cells: &Cells) -> bool {
    let bytes = field.trim().as_bytes();
    bytes.len() == 81
        && bytes.iter().zip(cells).all(|(&b, &v)| match b {
            b'1'..=b'9' => b - b'0' == v,
            b'0' | b'.' | b'_' | b'-' => v == 0,
            _ => false,
        })
}

impl Read {
    /// Every slot of one reader, named `name` in sources and errors.
    fn input(&mut self, name: &str, reader: impl std::io::Read) {
        // The first line, looked at for a CSV header, then read again by the parser.
        let mut reader = BufReader::new(reader);
        let mut first = Vec::new();
        if let Err(e) = (&mut reader)
            .take(HEADER_BYTES)
            .read_until(b'\n', &mut first)
        {
            self.errors
                .push((self.slots, name.to_string(), None, None, e.to_string()));
            self.slots += 1;
            return;
        }
        let header = header_of(&first);
        let mut items = 0;
        let mut parser = Parser::new(Cursor::new(first).chain(reader));
        if header.is_some() {
            parser = parser.keeping_text();
        }
        for item in &mut parser {
            items += 1;
            match item {
                Ok(Ok(puzzle)) => {
                    let cells = *puzzle.grid().cells();
                    self.cells.push(cells);
                    self.lines.push(puzzle.to_line());
                    self.sources.push(format!("{name}:{}", puzzle.line()));
                    self.labels.push(puzzle.label().map(String::from));
                    self.solutions.push([0; 81]);
                    self.ratings.push(f64::NAN);
                    if let (Some(header), Some(text)) = (&header, puzzle.text()) {
                        self.fields(header, text, &cells);
                    }
                }
                Ok(Err(e)) => self.errors.push((
                    self.slots,
                    name.to_string(),
                    Some(e.line),
                    Some(e.col),
                    e.kind.to_string(),
                )),
                Err(e) => {
                    self.errors
                        .push((self.slots, name.to_string(), None, None, e.to_string()))
                }
            }
            self.slots += 1;
        }
        if items == 0 {
            self.errors
                .push((self.slots, name.to_string(), None, None, parser.no_puzzle()));
            self.slots += 1;
        }
    }

    /// The other fields of the CSV record `text` (a simple record: no quoted comma) of the
    /// puzzle just read, whose givens are `cells`, by the names of `header`.
    fn fields(&mut self, header: &[String], text: &str, cells: &Cells) {
        let fields: Vec<&str> = text.split(',').collect();
        if fields.len() != header.len() {
            return;
        }
        let at = self.cells.len() - 1;
        for (name, field) in header.iter().zip(fields) {
            let field = field.trim().trim_matches('"');
            if solution_column(name) {
                if let Some(solution) = full_grid(field) {
                    self.solutions[at] = solution;
                }
                continue;
            }
            if writes(field, cells) {
                continue;
            }
            if rating_column(name) {
                if let Ok(rating) = field.parse::<f64>() {
                    self.ratings[at] = rating;
                }
            }
            let column = match self.columns.iter().position(|(n, _)| n == name) {
                Some(c) => c,
                None => {
                    self.columns.push((name.clone(), Vec::new()));
                    self.columns.len() - 1
                }
            };
            let values = &mut self.columns[column].1;
            values.resize(at, None);
            values.push(Some(field.to_string()));
        }
    }

    /// A file, or every regular, non-hidden file directly in a directory, in byte order.
    fn path(&mut self, path: &Path) {
        let name = path.display().to_string();
        if path.is_dir() {
            let mut entries = 0;
            let mut files: Vec<PathBuf> = match std::fs::read_dir(path) {
                Ok(found) => found
                    .filter_map(|e| e.ok())
                    .inspect(|_| entries += 1)
                    .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .map(|e| e.path())
                    .collect(),
                Err(e) => {
                    self.errors
                        .push((self.slots, name, None, None, e.to_string()));
                    self.slots += 1;
                    return;
                }
            };
            if files.is_empty() {
                // As the command line says it (exit 3): a directory with nothing to read is
                // an input with no puzzle, an error in its slot.
                let why = if entries == 0 {
                    "it is empty".to_string()
                } else {
                    format!("its {entries} entries are hidden files or not regular files")
                };
                self.errors.push((
                    self.slots,
                    name,
                    None,
                    None,
                    format!("no puzzle files in this directory: {why}"),
                ));
                self.slots += 1;
                return;
            }
            files.sort();
            for file in files {
                self.path(&file);
            }
            return;
        }
        match std::fs::File::open(path) {
            Ok(file) => self.input(&name, file),
            Err(e) => {
                self.errors
                    .push((self.slots, name, None, None, e.to_string()));
                self.slots += 1;
            }
        }
    }
}

/// The puzzles of a file, a directory or a text, with their sources, and the errors as data.
#[pyfunction]
#[pyo3(signature = (source=None, *, text=None))]
pub(crate) fn read<'py>(
    py: Python<'py>,
    source: Option<&Bound<'py, PyAny>>,
    text: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut read = Read::default();
    match (source, text) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(PyValueError::new_err(
                "read: give a path (or a text) as the first argument, or text=, not both",
            ))
        }
        (None, Some(text)) => py.detach(|| read.input("<text>", text.as_bytes())),
        (Some(source), None) => {
            // A path-like object is a path; a string is a path when it names one, else text.
            let path: Option<PathBuf> = if source.is_instance_of::<PyString>() {
                let s: String = source.extract()?;
                let p = PathBuf::from(&s);
                if !s.contains('\n') && p.exists() {
                    Some(p)
                } else {
                    py.detach(|| read.input("<text>", s.as_bytes()));
                    None
                }
            } else {
                Some(
                    source
                        .extract::<PathBuf>()
                        .map_err(|_| PyValueError::new_err("read: expected a path or a string"))?,
                )
            };
            if let Some(path) = path {
                py.detach(|| read.path(&path));
            }
        }
    }
    let dict = PyDict::new(py);
    dict.set_item("puzzles", grids_out(py, &read.cells))?;
    dict.set_item("lines", read.lines)?;
    dict.set_item("sources", read.sources)?;
    dict.set_item("labels", read.labels)?;
    dict.set_item("solutions", grids_out(py, &read.solutions))?;
    dict.set_item("ratings", read.ratings.into_pyarray(py))?;
    let columns = PyDict::new(py);
    let n = read.cells.len();
    for (name, mut values) in read.columns {
        values.resize(n, None);
        columns.set_item(name, values)?;
    }
    dict.set_item("columns", columns)?;
    let errors = PyList::empty(py);
    for (slot, path, line, column, message) in read.errors {
        let e = PyDict::new(py);
        e.set_item("slot", slot)?;
        e.set_item("path", path)?;
        e.set_item("line", line)?;
        e.set_item("column", column)?;
        e.set_item("message", message)?;
        errors.append(e)?;
    }
    dict.set_item("errors", errors)?;
    Ok(dict)
}

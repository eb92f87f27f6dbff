//! `read`: the puzzles of files, directories or text, in every layout the command line reads,
//! with each error in its slot.

use std::path::{Path, PathBuf};

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
}

impl Read {
    /// Every slot of one reader, named `name` in sources and errors.
    fn input(&mut self, name: &str, reader: impl std::io::Read) {
        let mut items = 0;
        let mut parser = Parser::new(reader);
        for item in &mut parser {
            items += 1;
            match item {
                Ok(Ok(puzzle)) => {
                    self.cells.push(*puzzle.grid().cells());
                    self.lines.push(puzzle.to_line());
                    self.sources.push(format!("{name}:{}", puzzle.line()));
                    self.labels.push(puzzle.label().map(String::from));
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

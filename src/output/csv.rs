//! CSV (RFC 4180): a header row, then one row per answer with the fields of its JSON record
//! (`json.rs`), in a fixed set of columns per command. A field the record leaves out is an empty
//! cell; a nested value (`steps`, `differences`, `techniques`) is its compact JSON text in one
//! cell. A cell that holds a comma, a quote or a line break is quoted, its quotes doubled (RFC
//! 4180); rows end in a line feed, as other Unix tools write them (readers take either ending). The `puzzle` column makes the output input again: the parser reads a
//! CSV's `puzzle` column and never its `solution` or `canonical`.

use serde_json::Value;

use super::{json, Page, Problem, Renderer, Settings};
use crate::outcome::Answer;

/// `-f csv`: the header row first, then a row per answer.
pub(crate) struct CsvRenderer {
    settings: Settings<'static>,
}

impl CsvRenderer {
    pub(crate) fn new(settings: Settings) -> CsvRenderer {
        CsvRenderer {
            settings: settings.without_template(),
        }
    }
}

impl Renderer for CsvRenderer {
    fn begin(&self) -> Vec<u8> {
        let mut out = Vec::new();
        push_row(
            &mut out,
            self.settings.columns.iter().map(|c| c.to_string()),
        );
        out
    }

    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        render(answer, &self.settings, page);
        Ok(())
    }
}

/// Renders one answer as a row.
fn render(answer: &Answer, settings: &Settings, page: &mut Page) {
    let record = json::record(answer, settings);
    let Value::Object(fields) = serde_json::to_value(&record).expect("records serialize") else {
        unreachable!("a record is an object");
    };
    let cells = settings
        .columns
        .iter()
        .map(|&column| match fields.get(column) {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
        });
    page.begin(false);
    debug_assert!(
        fields
            .keys()
            .all(|k| settings.columns.contains(&k.as_str())),
        "a record key without a column: {:?}",
        fields.keys().collect::<Vec<_>>()
    );
    push_row(&mut page.out, cells);
}

/// Appends one row: the cells, quoted where needed, joined by commas, ended by a line feed.
fn push_row(out: &mut Vec<u8>, cells: impl Iterator<Item = String>) {
    for (i, cell) in cells.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_cell(out, &cell);
    }
    out.push(b'\n');
}

/// Appends one cell, quoted when it holds a comma, a quote or a line break.
fn push_cell(out: &mut Vec<u8>, cell: &str) {
    if cell.contains([',', '"', '\r', '\n']) {
        out.push(b'"');
        out.extend_from_slice(cell.replace('"', "\"\"").as_bytes());
        out.push(b'"');
    } else {
        out.extend_from_slice(cell.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_only_when_they_must_be() {
        let mut out = Vec::new();
        let cells = ["plain", "a,b", "say \"hi\"", "two\nlines", ""];
        push_row(&mut out, cells.iter().map(|c| c.to_string()));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\n"
        );
    }
}

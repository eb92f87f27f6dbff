//! The JSON schema, written once in `doc/guide.md` ("JSON records"), against what the commands
//! print. Every record of every command (`-f json`), every step and inner object in it, and the
//! `--stats=json` summary must hold only keys of their table, each with its documented type;
//! every `status` must be a documented one; and every documented key must turn up in some run,
//! so the tables can neither miss a key nor keep one that no longer exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{stderr_of, stdout_of, sudoku, LEETCODE_SOLUTION};
use serde_json::{Map, Value};

/// The tables of the "JSON records" section, by their `###` heading.
const RECORDS: &str = "Records";
const STEPS: &str = "Step objects";
const INNER: &str = "Inner objects";
const SUMMARY: &str = "Summary";
const STATUSES: &str = "Statuses";

/// Which table describes the objects under a key whose value is an object or holds objects.
const NESTED: &[(&str, &str)] = &[
    ("steps", STEPS),
    ("differences", INNER),
    ("placements", INNER),
    ("eliminations", INNER),
    ("pattern", INNER),
    ("slowest", INNER),
];

/// A word of the type vocabulary stated above the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    String,
    Integer,
    Number,
    Boolean,
    Object,
    ArrayOfStrings,
    ArrayOfObjects,
    Null,
}
impl Type {
    fn parse(word: &str) -> Option<Type> {
        Some(match word {
            "string" => Type::String,
            "integer" => Type::Integer,
            "number" => Type::Number,
            "boolean" => Type::Boolean,
            "object" => Type::Object,
            "array of strings" => Type::ArrayOfStrings,
            "array of objects" => Type::ArrayOfObjects,
            "null" => Type::Null,
            _ => return None,
        })
    }

    fn admits(self, value: &Value) -> bool {
        match self {
            Type::String => value.is_string(),
            Type::Integer => value.is_u64() || value.is_i64(),
            Type::Number => value.is_number(),
            Type::Boolean => value.is_boolean(),
            Type::Object => value.is_object(),
            Type::ArrayOfStrings => value
                .as_array()
                .is_some_and(|items| items.iter().all(Value::is_string)),
            Type::ArrayOfObjects => value
                .as_array()
                .is_some_and(|items| items.iter().all(Value::is_object)),
            Type::Null => value.is_null(),
        }
    }
}

/// The schema as `doc/guide.md` writes it.
struct Schema {
    /// Table name -> key -> the types its value may have.
    tables: BTreeMap<String, BTreeMap<String, Vec<Type>>>,
    statuses: BTreeSet<String>,
}

fn guide_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/guide.md")
}

/// The cells of a markdown table row, trimmed, with `\|` kept inside a cell.
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|');
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '|' => cells.push(std::mem::take(&mut cell).trim().to_string()),
            _ => cell.push(c),
        }
    }
    if !cell.trim().is_empty() {
        cells.push(cell.trim().to_string());
    }
    cells
}

fn unquote(cell: &str) -> String {
    cell.trim().trim_matches('`').to_string()
}

/// Reads the tables of the "JSON records" section of `text`.
fn parse_schema(text: &str) -> Schema {
    let section: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim() != "## JSON records")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect();
    assert!(
        !section.is_empty(),
        "doc/guide.md has no \"## JSON records\" section"
    );
    let mut tables: BTreeMap<String, BTreeMap<String, Vec<Type>>> = BTreeMap::new();
    let mut statuses = BTreeSet::new();
    let mut heading = String::new();
    let mut rows: Vec<Vec<String>> = Vec::new();
    // A blank line after the last row ends the last table.
    for line in section.iter().copied().chain(std::iter::once("")) {
        if line.trim_start().starts_with('|') {
            rows.push(cells(line));
            continue;
        }
        if !rows.is_empty() {
            let table = std::mem::take(&mut rows);
            let header: Vec<&str> = table[0].iter().map(String::as_str).collect();
            assert!(
                table.len() > 2 && table[1].iter().all(|c| c.starts_with("--")),
                "table under \"### {heading}\" lacks its separator row or rows"
            );
            if heading == STATUSES {
                assert_eq!(header, ["status", "given by", "meaning"], "{heading}");
                for row in &table[2..] {
                    assert!(
                        statuses.insert(unquote(&row[0])),
                        "status {:?} twice",
                        row[0]
                    );
                }
            } else {
                assert_eq!(
                    header,
                    ["key", "type", "present when", "meaning"],
                    "table under \"### {heading}\""
                );
                let fields = tables.entry(heading.clone()).or_default();
                for row in &table[2..] {
                    assert_eq!(row.len(), 4, "a row of \"### {heading}\": {row:?}");
                    let key = unquote(&row[0]);
                    let types: Vec<Type> = row[1]
                        .split(" or ")
                        .map(|word| {
                            Type::parse(word.trim()).unwrap_or_else(|| {
                                panic!(
                                    "\"### {heading}\", key `{key}`: type {word:?} is not in \
                                     the vocabulary stated above the tables"
                                )
                            })
                        })
                        .collect();
                    assert!(
                        fields.insert(key.clone(), types).is_none(),
                        "\"### {heading}\" lists `{key}` twice"
                    );
                }
            }
        }
        if let Some(title) = line.strip_prefix("### ") {
            heading = title.trim().to_string();
        }
    }
    for name in [RECORDS, STEPS, INNER, SUMMARY] {
        assert!(
            tables.get(name).is_some_and(|t| !t.is_empty()),
            "doc/guide.md, \"JSON records\": no table under \"### {name}\""
        );
    }
    assert!(
        !statuses.is_empty(),
        "doc/guide.md, \"JSON records\": no table under \"### {STATUSES}\""
    );
    Schema { tables, statuses }
}

fn schema() -> Schema {
    let text = std::fs::read_to_string(guide_path()).expect("doc/guide.md is readable");
    parse_schema(&text)
}

/// Checks what the runs print against the schema, and remembers which keys turned up.
struct Checker {
    schema: Schema,
    seen: BTreeSet<(String, String)>,
    records: usize,
}
impl Checker {
    fn new() -> Self {
        Checker {
            schema: schema(),
            seen: BTreeSet::new(),
            records: 0,
        }
    }

    /// One object against the table `table`, and every object inside it against its own.
    fn object(&mut self, table: &str, object: &Map<String, Value>, context: &str) {
        for (key, value) in object {
            let types = self.schema.tables[table].get(key).unwrap_or_else(|| {
                panic!(
                    "{context}: key `{key}` is not in the table \"### {table}\" of \
                     doc/guide.md:\n{}",
                    Value::Object(object.clone())
                )
            });
            assert!(
                types.iter().any(|t| t.admits(value)),
                "{context}: `{key}` is {value}, but doc/guide.md (\"### {table}\") says \
                 {types:?}"
            );
            self.seen.insert((table.to_string(), key.clone()));
            if table == RECORDS && key == "status" {
                let status = value.as_str().unwrap_or_default();
                assert!(
                    self.schema.statuses.contains(status),
                    "{context}: status {value} is not in \"### {STATUSES}\" of doc/guide.md"
                );
            }
            if key == "er_histogram" {
                // Its keys are bands of ER, its values counts.
                for (band, count) in value.as_object().expect("an object") {
                    let (low, high) = band.split_once('-').expect("LOW-HIGH");
                    let whole = low.strip_suffix(".0").expect("a whole number");
                    assert!(whole.parse::<u32>().is_ok(), "{context}: {band}");
                    assert_eq!(high, format!("{whole}.9"), "{context}: {band}");
                    assert!(count.as_u64().is_some_and(|n| n > 0), "{context}: {count}");
                }
                continue;
            }
            if key == "techniques" {
                // Its keys are technique names, its values counts.
                for (name, count) in value.as_object().expect("an object") {
                    assert!(
                        sudoku_solver::Technique::named(name).is_some(),
                        "{context}: `techniques` names {name:?}, which is no technique"
                    );
                    assert!(count.as_u64().is_some_and(|n| n > 0), "{context}: {count}");
                }
                continue;
            }
            let inner: Vec<&Map<String, Value>> = match value {
                Value::Object(o) => vec![o],
                Value::Array(items) => items.iter().filter_map(Value::as_object).collect(),
                _ => Vec::new(),
            };
            if inner.is_empty() {
                continue;
            }
            let nested = NESTED
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, t)| *t)
                .unwrap_or_else(|| {
                    panic!("{context}: `{key}` holds objects, but this test has no table for them")
                });
            for o in inner {
                self.object(nested, o, &format!("{context}, in `{key}`"));
            }
        }
    }

    /// Every line of a run's stdout is a record; `--stats=json` adds one summary on stderr.
    fn run(&mut self, args: &[&str], stdin: Option<&str>) {
        let mut command = sudoku();
        command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
        if let Some(input) = stdin {
            command.write_stdin(input.to_string());
        }
        let output = command.output().expect("sudoku runs");
        let context = format!("sudoku {}", args.join(" "));
        let code = output.status.code();
        assert!(
            matches!(code, Some(0 | 1 | 3 | 4 | 5 | 6)),
            "{context}: exit {code:?}\n{}",
            stderr_of(&output)
        );
        let stdout = stdout_of(&output);
        assert!(!stdout.is_empty(), "{context}: no records");
        for (n, line) in stdout.lines().enumerate() {
            let context = format!("{context}, record {}", n + 1);
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{context}: not JSON ({e}): {line}"));
            let record = value
                .as_object()
                .unwrap_or_else(|| panic!("{context}: not a JSON object: {line}"));
            self.object(RECORDS, record, &context);
            in_its_row(args[0], record, &context);
            self.records += 1;
        }
        if args.contains(&"--stats=json") {
            let stderr = stderr_of(&output);
            let summaries: Vec<&str> = stderr.lines().filter(|l| l.starts_with('{')).collect();
            assert_eq!(
                summaries.len(),
                1,
                "{context}: one summary on stderr:\n{stderr}"
            );
            assert!(
                stderr.trim_end().ends_with(summaries[0]),
                "{context}: the summary is the last line of stderr:\n{stderr}"
            );
            let value: Value = serde_json::from_str(summaries[0])
                .unwrap_or_else(|e| panic!("{context}: summary not JSON ({e})"));
            let summary = value.as_object().expect("the summary is a JSON object");
            self.object(SUMMARY, summary, &format!("{context}, summary"));
        }
    }

    /// Every documented key turned up in some run.
    fn all_seen(&self) {
        let unseen: Vec<String> = self
            .schema
            .tables
            .iter()
            .flat_map(|(table, keys)| keys.keys().map(move |k| (table.clone(), k.clone())))
            .filter(|tk| !self.seen.contains(tk))
            .map(|(table, key)| format!("`{key}` (\"### {table}\")"))
            .collect();
        assert!(
            unseen.is_empty(),
            "doc/guide.md documents keys that no run printed: {}",
            unseen.join(", ")
        );
    }
}

/// A record holds only the fields of its command's row of the command table (its CSV
/// columns), and a status the row lists.
fn in_its_row(command: &str, record: &serde_json::Map<String, Value>, context: &str) {
    let row = sudoku_cli::commands::TABLE
        .iter()
        .find(|row| row.name == command)
        .unwrap_or_else(|| panic!("{context}: no row for {command}"));
    for key in record.keys() {
        assert!(
            row.fields.contains(&key.as_str()),
            "{context}: `{key}` is not a field of {command}'s row"
        );
    }
    let status = record["status"].as_str().unwrap_or_default();
    assert!(
        row.statuses.iter().any(|s| serde_json::to_value(s)
            .ok()
            .as_ref()
            .and_then(Value::as_str)
            == Some(status)),
        "{context}: status {status} is not in {command}'s row"
    );
}

#[test]
fn every_record_of_every_command_follows_the_documented_schema() {
    let mut checker = Checker::new();
    let all = ["puzzles/", "puzzles/invalid/"];
    let missing = "puzzles/no-such-file.txt";

    // Every sample and every failing file, through the commands that are quick on all of them.
    for command in [
        vec!["solve"],
        vec!["solve", "--unique"],
        vec!["check"],
        vec!["count", "--limit", "100"],
        vec!["canon"],
        vec!["minimize"],
        vec!["transform", "--seed", "1"],
        vec!["check", "--minimal"],
    ] {
        let mut args = command;
        args.extend(["-f", "json"]);
        args.extend(all);
        checker.run(&args, None);
    }

    // The logic engine on a few small files: unique (with a chain step, a label and
    // pencilmarks), not unique, no solution, malformed.
    let small = [
        "puzzles/leetcode.txt",
        "puzzles/boards.json",
        "puzzles/board.yaml",
        "puzzles/pencilmarks.txt",
        "puzzles/hostile.txt",
        "puzzles/invalid/conflict.txt",
        "puzzles/invalid/unsolvable.txt",
        "puzzles/invalid/malformed.txt",
    ];
    let solved_grid = format!("{LEETCODE_SOLUTION}\n");
    for command in ["rate", "explain", "hint"] {
        let mut args = vec![command, "-f", "json", "--stats=json"];
        args.extend(small);
        checker.run(&args, None);
        // A grid with no empty cell: already solved.
        checker.run(&[command, "-f", "json"], Some(&solved_grid));
    }

    // Generated puzzles, plain and to order.
    checker.run(&["generate", "-n", "3", "--seed", "1", "-f", "json"], None);
    checker.run(
        &[
            "generate",
            "-n",
            "2",
            "--seed",
            "1",
            "--solution",
            "-f",
            "json",
        ],
        None,
    );
    checker.run(
        &[
            "generate", "-n", "2", "--seed", "2", "--rating", "2.0..4.0", "-f", "json",
        ],
        None,
    );

    // The edges: a count cut by its limit, an unreadable input.
    checker.run(
        &[
            "count",
            "--limit",
            "1",
            "-f",
            "json",
            "puzzles/leetcode.txt",
        ],
        None,
    );
    checker.run(&["solve", "-f", "json", missing], None);
    // A time limit no count of the empty grid's solutions can meet.
    let empty = format!("{}\n", ".".repeat(81));
    checker.run(
        &[
            "count",
            "--limit",
            "1000000000",
            "--time-limit",
            "1ms",
            "-f",
            "json",
            "--stats=json",
        ],
        Some(&empty),
    );

    // The --stats=json summary: with a slowest puzzle, and for generate to order (candidates,
    // no slowest).
    checker.run(
        &["solve", "-f", "json", "--stats=json", "puzzles/", missing],
        None,
    );
    checker.run(
        &[
            "generate",
            "-n",
            "2",
            "--seed",
            "2",
            "--rating",
            "2.0..4.0",
            "-f",
            "json",
            "--stats=json",
        ],
        None,
    );

    assert!(checker.records > 1000, "{} records", checker.records);
    checker.all_seen();
}

#[test]
fn the_documented_statuses_are_the_librarys() {
    let documented = schema().statuses;
    let library: BTreeSet<String> = sudoku_cli::outcome::Status::ALL
        .iter()
        .map(|s| {
            serde_json::to_value(s)
                .expect("a status serializes")
                .as_str()
                .expect("a status is a string")
                .to_string()
        })
        .collect();
    assert_eq!(
        documented, library,
        "\"### {STATUSES}\" in doc/guide.md against sudoku_cli::outcome::Status::ALL"
    );
}

#[test]
fn the_table_reader_catches_a_wrong_table() {
    let text = std::fs::read_to_string(guide_path()).unwrap();
    let schema = parse_schema(&text);
    assert_eq!(schema.tables[RECORDS]["source"], [Type::String]);
    assert_eq!(
        schema.tables[RECORDS]["steps"],
        [Type::Integer, Type::ArrayOfObjects]
    );
    assert_eq!(
        schema.tables[SUMMARY]["slowest"],
        [Type::Object, Type::Null]
    );

    // A type outside the vocabulary is refused.
    let bad = text.replacen("| `source` | string |", "| `source` | text |", 1);
    assert_ne!(bad, text);
    let refused = std::panic::catch_unwind(|| parse_schema(&bad));
    assert!(refused.is_err(), "an unknown type word must be refused");

    // A record with a key the table lacks, or a value of another type, fails the check.
    let mut checker = Checker::new();
    let extra: Map<String, Value> =
        serde_json::from_str(r#"{"source":"x:1","status":"solved","surprise":1}"#).unwrap();
    let wrong: Map<String, Value> =
        serde_json::from_str(r#"{"source":"x:1","status":"solved","clues":"26"}"#).unwrap();
    let odd: Map<String, Value> =
        serde_json::from_str(r#"{"source":"x:1","status":"odd"}"#).unwrap();
    for record in [extra, wrong, odd] {
        let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            checker.object(RECORDS, &record, "a made-up record")
        }));
        assert!(failed.is_err(), "{record:?} must fail the check");
    }
}

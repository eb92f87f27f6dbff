//! The command table: one row per command ([`CommandSpec`]), the one place that says what a
//! command gives and takes. The rest of the application reads it: the statuses its JSON
//! records can hold, whether its answers are verdict lines, whether it takes `--time-limit`,
//! how many puzzles a chunk of work holds, its `-f` formats (the default first), its CSV
//! columns, whether it takes `--template`, and how its answers are rendered
//! ([`crate::output::Settings`] are built from the row).

use super::Command;
use crate::outcome::Status;
use crate::output::Format;

/// What one command gives and takes.
#[derive(Debug)]
pub struct CommandSpec {
    /// Its name on the command line.
    pub name: &'static str,
    /// What it does, in a line for `--help`.
    pub about: &'static str,
    /// The statuses its JSON records can hold.
    pub statuses: &'static [Status],
    /// Its answers are verdict lines (`SOURCE: ...`): a bad input is one such line too, rather
    /// than a `#` comment among solutions, and a puzzle without a single solution is data on
    /// stdout, not a problem on stderr.
    pub verdicts: bool,
    /// A search's verdict is the data itself (`check`: 0, 1 or 2 solutions), not a failure.
    pub counts: bool,
    /// The logic it runs on a puzzle with one solution, if any.
    pub logic: Option<Logic>,
    /// It takes `--time-limit` (its work on one puzzle can run long).
    pub time_limit: bool,
    /// The most puzzles answered in one chunk: 1 where one puzzle can take seconds, so each
    /// answer is written as soon as it is done.
    pub chunk: usize,
    /// The formats it renders, its default first.
    pub formats: &'static [Format],
    /// The keys its JSON records can hold, in the order of its CSV columns.
    pub fields: &'static [&'static str],
    /// It takes `--template`.
    pub template: bool,
    /// It takes boards of every size (4x4 to 36x36); the others answer a board of another
    /// size than 9x9 with a refusal.
    pub sizes: bool,
}

/// What a logic command shows of a puzzle's logical path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logic {
    /// `rate`: the ratings and what the path is made of.
    Rating,
    /// `explain`: every step, and where the path ends.
    Path,
    /// `hint`: the next step.
    Step,
}

/// The most puzzles in a chunk of work for the commands that answer one quickly.
pub const CHUNK: usize = 256;

use Format::*;
use Status::*;

/// Every command, in the order `--help` lists them.
pub const TABLE: [CommandSpec; 10] = [
    CommandSpec {
        name: "solve",
        about: "Solve each puzzle and print its solution (the default command)",
        statuses: &[Solved, NoSolution, NotUnique, Invalid, Unreadable],
        verdicts: false,
        counts: false,
        logic: None,
        time_limit: false,
        chunk: CHUNK,
        formats: &[Auto, Line, Grid, Pretty, Json, Csv, Svg, Pdf],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "solution",
            "differences",
            "error",
        ],
        template: false,
        sizes: true,
    },
    CommandSpec {
        name: "check",
        about: "Say whether each puzzle has no solution, exactly one, or several (and where two differ)",
        statuses: &[Unique, NoSolution, NotUnique, Invalid, Unreadable],
        verdicts: true,
        counts: true,
        logic: None,
        time_limit: false,
        chunk: CHUNK,
        formats: &[Text, Json, Csv],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "solutions",
            "complete",
            "minimal",
            "redundant",
            "differences",
            "error",
        ],
        template: true,
        sizes: true,
    },
    CommandSpec {
        name: "count",
        about: "Count the solutions of each puzzle, up to a limit",
        statuses: &[Unique, Limit, NoSolution, NotUnique, Timeout, Invalid, Unreadable],
        verdicts: false,
        counts: false,
        logic: None,
        time_limit: true,
        chunk: CHUNK,
        formats: &[Text, Json, Csv],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "solutions",
            "complete",
            "error",
        ],
        template: false,
        sizes: true,
    },
    CommandSpec {
        name: "generate",
        about: "Make puzzles with exactly one solution, minimal by default, reproducible from a seed",
        statuses: &[Unique],
        verdicts: false,
        counts: false,
        logic: None,
        time_limit: false,
        chunk: 64,
        formats: &[Line, Grid, Pretty, Json, Csv, Svg, Pdf],
        fields: &[
            "source", "puzzle", "status", "solution", "clues", "er", "ep", "ed", "hardest",
        ],
        template: false,
        sizes: true,
    },
    CommandSpec {
        name: "minimize",
        about: "Remove clues from each puzzle until none can go without a second solution",
        statuses: &[Unique, NoSolution, NotUnique, Invalid, Unreadable],
        verdicts: false,
        counts: false,
        logic: None,
        time_limit: false,
        chunk: CHUNK,
        formats: &[Auto, Line, Grid, Pretty, Json, Csv, Svg, Pdf],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "minimized",
            "clues",
            "differences",
            "error",
        ],
        template: false,
        sizes: true,
    },
    CommandSpec {
        name: "transform",
        about: "Print each puzzle as an equivalent one: turned, mirrored, transposed, relabelled, or shuffled at random",
        statuses: &[Transformed, Invalid, Unreadable],
        verdicts: false,
        counts: false,
        logic: None,
        time_limit: false,
        chunk: CHUNK,
        formats: &[Auto, Line, Grid, Pretty, Json, Csv, Svg, Pdf],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "transformed",
            "error",
        ],
        template: false,
        sizes: false,
    },
    CommandSpec {
        name: "canon",
        about: "Print the canonical (minlex) form of each puzzle, so that `sort -u` removes disguised duplicates",
        statuses: &[Canonical, Invalid, Unreadable],
        verdicts: false,
        counts: false,
        logic: None,
        time_limit: false,
        chunk: CHUNK,
        // A canonical form is a line: `text` prints the same lines.
        formats: &[Line, Text, Json, Csv, Svg, Pdf],
        fields: &["source", "label", "puzzle", "status", "canonical", "error"],
        template: false,
        sizes: false,
    },
    CommandSpec {
        name: "rate",
        about: "Rate each puzzle on Sudoku Explainer's scale: ER/EP/ED and the hardest technique",
        statuses: &[Rated, Solved, NoSolution, NotUnique, Timeout, Invalid, Unreadable],
        verdicts: true,
        counts: false,
        logic: Some(Logic::Rating),
        time_limit: true,
        chunk: 1,
        formats: &[Text, Json, Csv],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "clues",
            "er",
            "ep",
            "ed",
            "hardest",
            "level",
            "ep_technique",
            "ed_technique",
            "pearl",
            "diamond",
            "steps",
            "techniques",
            "differences",
            "error",
        ],
        template: true,
        sizes: false,
    },
    CommandSpec {
        name: "explain",
        about: "Explain each puzzle step by step, as a person would solve it, and print the solved grid",
        statuses: &[
            Explained, Stuck, Solved, NoSolution, NotUnique, Timeout, Invalid, Unreadable,
        ],
        verdicts: true,
        counts: false,
        logic: Some(Logic::Path),
        time_limit: true,
        chunk: 1,
        formats: &[Text, Json, Csv, Html],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "er",
            "ep",
            "ed",
            "hardest",
            "steps",
            "solution",
            "differences",
            "error",
        ],
        template: false,
        sizes: false,
    },
    CommandSpec {
        name: "hint",
        about: "Show the next logical step for each grid as it stands (a puzzle, a partly solved grid or pencilmarks)",
        statuses: &[
            Hint, Stuck, Solved, NoSolution, NotUnique, Timeout, Invalid, Unreadable,
        ],
        verdicts: true,
        counts: false,
        logic: Some(Logic::Step),
        time_limit: true,
        chunk: 1,
        formats: &[Text, Json, Csv, Svg, Html],
        fields: &[
            "source",
            "label",
            "puzzle",
            "status",
            "steps",
            "differences",
            "error",
        ],
        template: false,
        sizes: false,
    },
];

impl Command {
    /// The command's row of [`TABLE`].
    pub const fn spec(self) -> &'static CommandSpec {
        &TABLE[match self {
            Command::Solve { .. } => 0,
            Command::Check { .. } => 1,
            Command::Count { .. } => 2,
            Command::Generate => 3,
            Command::Minimize { .. } => 4,
            Command::Transform(_) => 5,
            Command::Canon => 6,
            Command::Rate => 7,
            Command::Explain => 8,
            Command::Hint => 9,
        }]
    }
}

/// The names of the commands whose row says `yes`, as a list in words (`rate and check`).
pub fn names_where(yes: impl Fn(&CommandSpec) -> bool) -> String {
    let names: Vec<&str> = TABLE.iter().filter(|r| yes(r)).map(|r| r.name).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

//! The problems of answers, in one place for every format: what is wrong with an input that
//! gave no puzzle to answer ([`InputProblem`]: each format writes it in its own way, from the
//! same words), what stderr reports for an answer, and the answer a picture cannot draw.

pub(crate) use super::Problem;
use super::{text, Format, Settings};
use crate::exit::Exit;
use crate::outcome::{Answer, Outcome};

/// What is wrong with an input that gave no puzzle to answer: malformed, no puzzle at all,
/// unreadable, or a puzzle the command does not take. Every format reads it from here: stderr
/// and the JSON `error` as `PLACE: WHAT` ([`InputProblem::message`]), the text formats as that
/// in a `#` comment, or as [`InputProblem::verdict`] among verdict lines.
#[derive(Debug)]
pub(crate) struct InputProblem {
    /// Where: `PATH:LINE:COL` for a parse error, else the answer's source.
    pub(crate) place: String,
    /// What is wrong.
    pub(crate) what: String,
    /// The verdict line: `SOURCE: invalid: ...` (`SOURCE: cannot read...` for unreadable input).
    pub(crate) verdict: String,
}

impl InputProblem {
    /// `PLACE: WHAT`.
    pub(crate) fn message(&self) -> String {
        format!("{}: {}", self.place, self.what)
    }
}

/// The input problem of `answer`, if its input gave no puzzle to answer.
pub(crate) fn input_problem(answer: &Answer) -> Option<InputProblem> {
    let source = &answer.source;
    if !answer.outcome.is_input_problem() {
        // Most answers: no source text is formatted for them.
        return None;
    }
    let at = source.to_string();
    Some(match &answer.outcome {
        Outcome::Invalid(error) => {
            let what = error.kind.to_string();
            InputProblem {
                place: format!("{}:{}:{}", source.path, error.line, error.col),
                verdict: format!("{at}: invalid: {}:{}: {what}", error.line, error.col),
                what,
            }
        }
        Outcome::NoPuzzle(reason) => InputProblem {
            verdict: format!("{at}: invalid: {reason}"),
            what: reason.clone(),
            place: at,
        },
        Outcome::Refused(what) => InputProblem {
            verdict: format!("{at}: invalid: {what}"),
            what: what.to_string(),
            place: at,
        },
        Outcome::Unreadable { .. } => {
            let what = text::unreadable(&answer.outcome);
            InputProblem {
                verdict: format!("{at}: {what}"),
                what,
                place: at,
            }
        }
        _ => return None,
    })
}

/// The problem an answer reports on stderr, if any: input that is no puzzle, a puzzle a command
/// refuses, and `solve`'s failures. (The verdicts of `check`, `rate`, `explain` and `hint` are
/// data, on stdout only; but an SVG has no room for one, so `hint -f svg` says on stderr why
/// it drew nothing, as `solve -f svg` does.)
pub(crate) fn problem(answer: &Answer, settings: &Settings) -> Option<Problem> {
    let source = &answer.source;
    let verdicts = settings.verdicts && settings.format != Format::Svg;
    if let Some(input) = input_problem(answer) {
        return Some(Problem {
            exit: answer.outcome.exit(),
            place: Some(input.place),
            what: input.what,
        });
    }
    let (place, what) = match &answer.outcome {
        Outcome::NoSolution(_)
        | Outcome::NotUnique(..)
        | Outcome::Sized(crate::outcome::SizedFound::NotUnique(_))
            if !verdicts =>
        {
            (source.to_string(), text::failure(answer))
        }
        Outcome::TimedOut(limit) if !verdicts => (source.to_string(), text::timed_out(*limit)),
        _ => return None,
    };
    Some(Problem {
        exit: answer.outcome.exit(),
        place: Some(place),
        what,
    })
}

/// The problem of an answer that a picture format has no picture for (a `rate` verdict in an
/// SVG, say): "not drawn", with exit 2, so that a renderer never writes nothing in silence.
/// None when the answer's own problem already says why nothing is drawn (input that is no
/// puzzle, a puzzle without a single solution, a time limit).
pub(crate) fn undrawable(answer: &Answer, settings: &Settings) -> Option<Problem> {
    if problem(answer, settings).is_some() {
        return None;
    }
    let status = serde_json::to_value(answer.outcome.status())
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    Some(Problem {
        exit: Exit::Usage,
        place: Some(answer.source.to_string()),
        what: format!(
            "not drawn: -f {} has no picture for an answer of status {status}",
            settings.format
        ),
    })
}

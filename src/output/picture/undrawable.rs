//! A picture format that meets an answer it has no picture for says so: the answer is refused
//! with a problem for stderr and exit 2, never left out in silence; an answer whose own problem
//! already says why nothing is drawn gets no second one.

use std::sync::Arc;

use super::book::PdfRenderer;
use super::svg::SvgRenderer;
use crate::commands::Command;
use crate::exit::Exit;
use crate::outcome::{Answer, Outcome, Source};
use crate::output::{problem, BookLayout, Format, Page, Renderer, Settings};

fn answer(outcome: Outcome) -> Answer {
    Answer {
        source: Source {
            path: Arc::from("test.txt"),
            line: 3,
        },
        puzzle: None,
        outcome,
        guesses: None,
        ordinal: 1,
        time: None,
        key: None,
    }
}

fn renderers(format: Format) -> (Settings<'static>, Box<dyn Renderer>) {
    // `count` has no picture formats: its answers are what a picture renderer cannot draw.
    let settings = Settings::of(Command::Count { limit: 2 }.spec()).format(format);
    let renderer: Box<dyn Renderer> = match format {
        Format::Svg => Box::new(SvgRenderer::new(settings)),
        _ => Box::new(PdfRenderer::new(settings, BookLayout::default())),
    };
    (settings, renderer)
}

#[test]
fn an_answer_a_picture_cannot_draw_is_refused_with_exit_2_not_left_out() {
    for format in [Format::Svg, Format::Pdf] {
        let (settings, renderer) = renderers(format);
        let counted = answer(Outcome::Counted {
            solutions: 1,
            complete: true,
            reason: String::new(),
        });
        // The answer has no problem of its own to say why nothing is drawn...
        assert!(problem(&counted, &settings).is_none());
        let mut page = Page::default();
        let refused = renderer
            .render(&counted, &mut page)
            .expect_err("an undrawable answer is refused");
        // ...so the renderer says so, naming the answer and the format, with exit 2.
        assert_eq!(refused.exit, Exit::Usage, "{format}");
        assert_eq!(refused.place.as_deref(), Some("test.txt:3"), "{format}");
        assert!(refused.what.starts_with("not drawn:"), "{}", refused.what);
        assert!(refused.what.contains(format.name()), "{}", refused.what);
        assert!(page.out.is_empty() && page.entries.is_empty(), "{format}");
    }
}

#[test]
fn an_answer_whose_problem_is_reported_gets_no_second_one() {
    for format in [Format::Svg, Format::Pdf] {
        let (settings, renderer) = renderers(format);
        let failed = answer(Outcome::TimedOut(std::time::Duration::from_secs(1)));
        assert!(problem(&failed, &settings).is_some(), "{format}");
        let mut page = Page::default();
        assert!(renderer.render(&failed, &mut page).is_ok(), "{format}");
        assert!(page.out.is_empty() && page.entries.is_empty(), "{format}");
    }
}

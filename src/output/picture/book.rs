//! `-f pdf`: a print-ready puzzle book. Each answer with a grid becomes an [`BookGrid`] (its
//! number, label, grid and solution) as it is rendered; the [`Book`] lays out a page as soon as
//! it has enough entries for one, keeps the solutions, and at the end adds the answer key
//! (smaller grids, twelve to a page) and writes the whole PDF.
//!
//! Drawn with `pdf-writer`: lines are vector paths, the thick ones between boxes; every digit
//! and label is real text in DejaVu Sans Mono, embedded whole (its licence allows it; see
//! `assets/fonts/LICENSE`), so a reader can search and copy the clues. The text of a page is
//! written in reading order: each grid's label, then its digits row by row.
//!
//! The font is a composite (Type 0) font whose codes are the TrueType file's glyph numbers
//! (`Identity-H`, two bytes a glyph): a label in any script the font covers (accents, Greek,
//! Cyrillic, ...) is drawn with the font's own glyphs, found in its character map ([`Glyphs`]),
//! and a `ToUnicode` map of the glyphs used lets a reader copy and search it. A character the
//! font lacks is drawn as `?`.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, SystemInfo};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};

use crate::outcome::{Answer, Outcome};
use std::sync::Mutex;

use crate::exit::Exit;
use crate::output::{undrawable, BookLayout, Page, Paper, Problem, Renderer, Settings};

/// One grid of the book.
#[derive(Clone, Debug)]
pub(crate) struct BookGrid {
    /// What is printed above the grid besides its number: the puzzle's label or source, and
    /// its rating when known.
    pub(crate) label: String,
    /// The givens.
    pub(crate) puzzle: [u8; 81],
    /// A pencilmark puzzle's candidates (bit `d - 1` for digit `d`), drawn in its empty cells.
    pub(crate) candidates: Option<Box<[u16; 81]>>,
    /// The solution, for the answer key (none when the puzzle has none).
    pub(crate) solution: Option<[u8; 81]>,
}

/// `-f pdf`: each answer with a grid becomes an entry of its page; the writer hands the pages'
/// entries to the book in order, and the book is written at the end.
pub(crate) struct PdfRenderer {
    settings: Settings<'static>,
    book: Mutex<Option<Book>>,
}

impl PdfRenderer {
    pub(crate) fn new(settings: Settings, layout: BookLayout) -> PdfRenderer {
        PdfRenderer {
            settings: settings.without_template(),
            book: Mutex::new(Some(Book::new(layout))),
        }
    }
}

impl Renderer for PdfRenderer {
    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        match entry(answer) {
            Some(entry) => page.entries.push(entry),
            // Nothing to draw: the answer's problem says why on stderr, or this one does.
            None => return undrawable(answer, &self.settings).map_or(Ok(()), Err),
        }
        Ok(())
    }

    fn collect(&self, page: &mut Page) {
        let mut book = self.book.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(book) = book.as_mut() {
            for entry in page.entries.drain(..) {
                book.add(entry);
            }
        }
    }

    fn finish(&self) -> Result<Vec<u8>, Problem> {
        let book = self.book.lock().unwrap_or_else(|e| e.into_inner()).take();
        match book {
            Some(book) if !book.is_empty() => Ok(book.finish()),
            // A PDF of no pages is no PDF (readers reject it): none is written.
            _ => Err(Problem {
                exit: Exit::Malformed,
                place: None,
                what: "no PDF written: no puzzle to print".to_string(),
            }),
        }
    }
}

/// The grid of an answer: the grid the command prints (a puzzle, or the puzzle a solution
/// solves), and its solution for the key ([`Answer::key`], found before rendering).
fn entry(answer: &Answer) -> Option<BookGrid> {
    let given = || answer.puzzle.as_ref().map(|p| *p.grid().cells());
    let masks = |c: &sudoku_solver::Candidates| Box::new(*c.masks());
    let pencilmarks = || {
        let puzzle = answer.puzzle.as_ref()?;
        puzzle.candidates().map(masks)
    };
    let (puzzle, candidates, rating) = match &answer.outcome {
        Outcome::Solved(_) | Outcome::Unique(_) => (given()?, pencilmarks(), None),
        Outcome::Generated { rating, .. } => (given()?, None, rating.as_ref()),
        Outcome::Canonical(cells) | Outcome::Minimized(cells) => (*cells, None, None),
        Outcome::Transformed { cells, candidates } => {
            (*cells, candidates.as_deref().map(masks), None)
        }
        _ => return None,
    };
    let solution = answer.key;
    let mut label = match answer.puzzle.as_ref().and_then(|p| p.label()) {
        Some(label) => label.to_string(),
        None => answer.source.to_string(),
    };
    if let Some(rating) = rating {
        label.push_str(&format!(
            "   ER {}",
            crate::output::text::tenths(rating.er())
        ));
    }
    Some(BookGrid {
        label,
        puzzle,
        candidates,
        solution,
    })
}

/// The font's name in the file, and its metrics in thousandths of an em (from its `head`,
/// `hhea` and `OS/2` tables). Every glyph of a monospaced font is as wide.
const FONT_NAME: &[u8] = b"DejaVuSansMono";
const FONT_FILE: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansMono.ttf");
const ADVANCE: f32 = 602.0;
const CAP_HEIGHT: f32 = 729.0;

/// The answer key's grids per row and rows per page.
const KEY_COLUMNS: usize = 3;
const KEY_ROWS: usize = 4;

/// The embedded font's glyphs: each character's glyph number, and the glyphs used so far with
/// a character each, for the `ToUnicode` map.
pub(crate) struct Glyphs {
    face: Option<ttf_parser::Face<'static>>,
    digits: [u16; 10],
    unknown: u16,
    used: BTreeMap<u16, char>,
}

impl Glyphs {
    fn new() -> Glyphs {
        let face = ttf_parser::Face::parse(FONT_FILE, 0).ok();
        let mut glyphs = Glyphs {
            face,
            digits: [0; 10],
            unknown: 0,
            used: BTreeMap::new(),
        };
        glyphs.unknown = glyphs.glyph('?').unwrap_or(0);
        for d in 0..10u8 {
            glyphs.digits[usize::from(d)] = glyphs.glyph(char::from(b'0' + d)).unwrap_or(0);
        }
        glyphs
    }

    /// The glyph of `c` in the font, noted as used.
    fn glyph(&mut self, c: char) -> Option<u16> {
        let id = self.face.as_ref()?.glyph_index(c)?.0;
        self.used.entry(id).or_insert(c);
        Some(id)
    }

    /// `words` as the font's codes, two bytes a glyph; a control character, or one the font
    /// lacks, is `?`. Also the number of glyphs.
    fn encode(&mut self, words: &str) -> (Vec<u8>, usize) {
        let mut codes = Vec::with_capacity(2 * words.len());
        let mut count = 0;
        for c in words.chars() {
            let id = if c.is_control() {
                self.unknown
            } else {
                self.glyph(c).unwrap_or(self.unknown)
            };
            codes.extend_from_slice(&id.to_be_bytes());
            count += 1;
        }
        (codes, count)
    }

    /// The code of digit `d`.
    fn digit(&self, d: u8) -> [u8; 2] {
        self.digits[usize::from(d)].to_be_bytes()
    }

    /// The advance of `glyph` in thousandths of an em.
    fn width(&self, glyph: u16) -> f32 {
        let Some(face) = &self.face else {
            return ADVANCE;
        };
        let advance = face.glyph_hor_advance(ttf_parser::GlyphId(glyph));
        advance.map_or(ADVANCE, |a| {
            f32::from(a) * 1000.0 / f32::from(face.units_per_em())
        })
    }
}

/// A book being written.
pub(crate) struct Book {
    layout: BookLayout,
    pdf: Pdf,
    glyphs: Glyphs,
    next: i32,
    font: Ref,
    pages: Vec<Ref>,
    tree: Ref,
    /// Entries waiting for their page to fill.
    waiting: Vec<BookGrid>,
    /// Entries placed so far.
    placed: usize,
    /// The number and solution of each entry, for the key.
    key: Vec<(usize, [u8; 81], [u8; 81])>,
}

impl Book {
    pub(crate) fn new(layout: BookLayout) -> Book {
        let mut book = Book {
            layout,
            pdf: Pdf::new(),
            glyphs: Glyphs::new(),
            next: 1,
            font: Ref::new(1),
            pages: Vec::new(),
            tree: Ref::new(1),
            waiting: Vec::new(),
            placed: 0,
            key: Vec::new(),
        };
        book.tree = book.id();
        book.font = book.id();
        book
    }

    fn id(&mut self) -> Ref {
        let id = Ref::new(self.next);
        self.next += 1;
        id
    }

    fn size(&self) -> (f32, f32) {
        match self.layout.paper {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// Whether no entry was added: the book would have no page.
    pub(crate) fn is_empty(&self) -> bool {
        self.placed == 0 && self.waiting.is_empty()
    }

    /// Adds an entry; a page is laid out as soon as it is full.
    pub(crate) fn add(&mut self, entry: BookGrid) {
        self.waiting.push(entry);
        if self.waiting.len() >= self.layout.per_page as usize {
            self.puzzle_page();
        }
    }

    /// Lays out the waiting entries on a page.
    fn puzzle_page(&mut self) {
        let entries = std::mem::take(&mut self.waiting);
        let (columns, rows) = self.grid_shape();
        let mut content = Content::new();
        for (k, entry) in entries.into_iter().enumerate() {
            self.placed += 1;
            let number = self.placed;
            let label = format!("{number}.  {}", entry.label);
            let slot = self.slot(k, columns, rows, 0.0);
            let marks = entry.candidates.as_deref();
            let glyphs = &mut self.glyphs;
            grid(
                &mut content,
                glyphs,
                slot,
                &label,
                &entry.puzzle,
                None,
                marks,
            );
            if let Some(solution) = entry.solution {
                self.key.push((number, entry.puzzle, solution));
            }
        }
        self.finish_page(content);
    }

    /// The puzzle pages' grids per row and rows.
    fn grid_shape(&self) -> (usize, usize) {
        match self.layout.per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        }
    }

    /// The grid's top-left corner and side in slot `k` of a page of `columns` by `rows`, below
    /// a heading of `heading` points.
    fn slot(&self, k: usize, columns: usize, rows: usize, heading: f32) -> (f32, f32, f32) {
        let (width, height) = self.size();
        let margin = 40.0;
        let label = 18.0;
        let w = (width - 2.0 * margin) / columns as f32;
        let h = (height - 2.0 * margin - heading - 14.0) / rows as f32;
        let side = (w - 24.0).min(h - label - 20.0);
        let (column, row) = (k % columns, k / columns);
        let x = margin + column as f32 * w + (w - side) / 2.0;
        let y =
            height - margin - heading - row as f32 * h - label - (h - label - 20.0 - side) / 2.0;
        (x, y, side)
    }

    /// Writes a page of `content`, with its number at the foot.
    fn finish_page(&mut self, mut content: Content) {
        let (width, _) = self.size();
        let number = format!("{}", self.pages.len() + 1);
        text(
            &mut content,
            &mut self.glyphs,
            9.0,
            width / 2.0,
            24.0,
            &number,
            true,
        );
        let page = self.id();
        let stream = self.id();
        self.pages.push(page);
        let data = miniz_oxide::deflate::compress_to_vec_zlib(&content.finish(), 6);
        self.pdf.stream(stream, &data).filter(Filter::FlateDecode);
        let (width, height) = self.size();
        let mut writer = self.pdf.page(page);
        writer.media_box(Rect::new(0.0, 0.0, width, height));
        writer.parent(self.tree);
        writer.contents(stream);
        writer.resources().fonts().pair(Name(b"F1"), self.font);
        writer.finish();
    }

    /// The answer key's pages.
    fn key_pages(&mut self) {
        let key = std::mem::take(&mut self.key);
        let (width, height) = self.size();
        for page in key.chunks(KEY_COLUMNS * KEY_ROWS) {
            let mut content = Content::new();
            let glyphs = &mut self.glyphs;
            text(
                &mut content,
                glyphs,
                16.0,
                40.0,
                height - 52.0,
                "Answers",
                false,
            );
            let _ = width;
            for (k, (number, puzzle, solution)) in page.iter().enumerate() {
                let slot = self.slot(k, KEY_COLUMNS, KEY_ROWS, 28.0);
                let label = format!("{number}.");
                let glyphs = &mut self.glyphs;
                grid(
                    &mut content,
                    glyphs,
                    slot,
                    &label,
                    solution,
                    Some(puzzle),
                    None,
                );
            }
            self.finish_page(content);
        }
    }

    /// The whole PDF: the last puzzle page, the answer key (unless `--no-answers`), the font.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        if !self.waiting.is_empty() {
            self.puzzle_page();
        }
        if self.layout.answers {
            self.key_pages();
        }
        let catalog = self.id();
        self.pdf.catalog(catalog).pages(self.tree);
        let count = self.pages.len() as i32;
        self.pdf
            .pages(self.tree)
            .kids(self.pages.iter().copied())
            .count(count);
        self.embed_font();
        self.pdf.finish()
    }

    /// The font: a composite font of the TrueType file's glyphs, embedded whole, with the
    /// widths of the glyphs used that differ from the usual one and their characters for
    /// copying.
    fn embed_font(&mut self) {
        let cid_font = self.id();
        let descriptor = self.id();
        let file = self.id();
        let unicode = self.id();
        let info = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        self.pdf
            .type0_font(self.font)
            .base_font(Name(FONT_NAME))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid_font)
            .to_unicode(unicode);
        let odd: Vec<(u16, f32)> = self
            .glyphs
            .used
            .keys()
            .map(|&g| (g, self.glyphs.width(g)))
            .filter(|&(_, w)| (w - ADVANCE).abs() > 0.5)
            .collect();
        let mut cid = self.pdf.cid_font(cid_font);
        cid.subtype(CidFontType::Type2)
            .base_font(Name(FONT_NAME))
            .system_info(info)
            .font_descriptor(descriptor)
            .default_width(ADVANCE)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        if !odd.is_empty() {
            let mut widths = cid.widths();
            for (glyph, width) in odd {
                widths.consecutive(glyph, [width]);
            }
        }
        cid.finish();
        let map = to_unicode(&self.glyphs.used);
        self.pdf.stream(unicode, &map);
        self.pdf
            .font_descriptor(descriptor)
            .name(Name(FONT_NAME))
            .flags(
                pdf_writer::types::FontFlags::FIXED_PITCH
                    | pdf_writer::types::FontFlags::NON_SYMBOLIC,
            )
            .bbox(Rect::new(-559.0, -375.0, 718.0, 1028.0))
            .italic_angle(0.0)
            .ascent(928.0)
            .descent(-236.0)
            .cap_height(CAP_HEIGHT)
            .stem_v(80.0)
            .font_file2(file);
        let data = miniz_oxide::deflate::compress_to_vec_zlib(FONT_FILE, 6);
        self.pdf
            .stream(file, &data)
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), FONT_FILE.len() as i32);
    }
}

/// The `ToUnicode` map of the glyphs `used`: each glyph's code and its character (UTF-16), in
/// the PDF reference's own form of such a map (`CMapType 2`, at most 100 entries a section),
/// which every reader takes.
fn to_unicode(used: &BTreeMap<u16, char>) -> Vec<u8> {
    use std::fmt::Write;
    let mut map = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let pairs: Vec<(&u16, &char)> = used.iter().collect();
    for section in pairs.chunks(100) {
        let _ = writeln!(map, "{} beginbfchar", section.len());
        for (glyph, c) in section {
            let _ = write!(map, "<{glyph:04X}> <");
            for unit in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(map, "{unit:04X}");
            }
            map.push_str(">\n");
        }
        map.push_str("endbfchar\n");
    }
    map.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    map.into_bytes()
}

/// Draws a labelled grid of `cells` with its top-left corner at `(x, y)` and side `side`; with
/// `givens`, the digits that were given are grey and the rest black (the answer key); with
/// `candidates`, the empty cells show theirs. Cell by cell in reading order, so the text layer
/// reads as the grid does.
fn grid(
    content: &mut Content,
    glyphs: &mut Glyphs,
    (x, y, side): (f32, f32, f32),
    label: &str,
    cells: &[u8; 81],
    givens: Option<&[u8; 81]>,
    candidates: Option<&[u16; 81]>,
) {
    let size = if side > 200.0 { 11.0 } else { 9.0 };
    text(
        content,
        glyphs,
        size,
        x,
        y + 6.0,
        &fitted(label, side, size),
        false,
    );
    let cell = side / 9.0;
    content.set_stroke_gray(0.45);
    content.set_line_width(0.5);
    for i in [1, 2, 4, 5, 7, 8] {
        let at = i as f32 * cell;
        content.move_to(x + at, y).line_to(x + at, y - side);
        content.move_to(x, y - at).line_to(x + side, y - at);
    }
    content.stroke();
    content.set_stroke_gray(0.0);
    content.set_line_width(if side > 200.0 { 2.0 } else { 1.2 });
    for i in [3, 6] {
        let at = i as f32 * cell;
        content.move_to(x + at, y).line_to(x + at, y - side);
        content.move_to(x, y - at).line_to(x + side, y - at);
    }
    content.rect(x, y - side, side, side);
    content.stroke();
    let font = cell * 0.62;
    for (c, &v) in cells.iter().enumerate() {
        if v == 0 {
            if let Some(candidates) = candidates {
                pencilmarks(content, glyphs, (x, y, side), c, candidates[c]);
            }
            continue;
        }
        let grey = givens.is_some_and(|g| g[c] != 0);
        if grey {
            content.set_fill_gray(0.55);
        }
        let cx = x + ((c % 9) as f32 + 0.5) * cell;
        let cy = y - ((c / 9) as f32 + 0.5) * cell;
        centred_digit(content, glyphs, (cx, cy), font, v);
        if grey {
            content.set_fill_gray(0.0);
        }
    }
}

/// The candidates `mask` of `cell` in a grid drawn at `(x, y)` with side `side`: small, grey,
/// each in its place of the cell's 3 x 3.
fn pencilmarks(
    content: &mut Content,
    glyphs: &Glyphs,
    (x, y, side): (f32, f32, f32),
    cell: usize,
    mask: u16,
) {
    let third = side / 27.0;
    let font = third * 0.8;
    content.set_fill_gray(0.3);
    for d in sudoku_solver::mask::digits_of(mask) {
        let k = (d - 1) as usize;
        let cx = x + (3 * (cell % 9) + k % 3) as f32 * third + third / 2.0;
        let cy = y - (3 * (cell / 9) + k / 3) as f32 * third - third / 2.0;
        centred_digit(content, glyphs, (cx, cy), font, d);
    }
    content.set_fill_gray(0.0);
}

/// Digit `d` at size `font`, its middle at `(cx, cy)`.
fn centred_digit(content: &mut Content, glyphs: &Glyphs, (cx, cy): (f32, f32), font: f32, d: u8) {
    content
        .begin_text()
        .set_font(Name(b"F1"), font)
        .next_line(
            cx - font * ADVANCE / 2000.0,
            cy - font * CAP_HEIGHT / 2000.0,
        )
        .show(Str(&glyphs.digit(d)))
        .end_text();
}

/// `label` cut to fit `width` points at `size`: a long one keeps its number and its end (the
/// file name and line of a long path), with `...` for what is cut.
fn fitted(label: &str, width: f32, size: f32) -> String {
    let room = (width / (size * ADVANCE / 1000.0)) as usize;
    let chars: Vec<char> = label.chars().collect();
    if chars.len() <= room {
        return label.to_string();
    }
    let head = label
        .find("  ")
        .map_or(0, |at| at + 2)
        .min(room.saturating_sub(4));
    let tail = room.saturating_sub(head + 3);
    let mut out: String = chars[..head].iter().collect();
    out.push_str("...");
    out.extend(&chars[chars.len() - tail..]);
    out
}

/// Writes `words` at `(x, y)` (its baseline), centred on `x` when `centre`; characters the
/// font lacks become `?`.
fn text(
    content: &mut Content,
    glyphs: &mut Glyphs,
    size: f32,
    x: f32,
    y: f32,
    words: &str,
    centre: bool,
) {
    let (codes, count) = glyphs.encode(words);
    let x = if centre {
        x - count as f32 * size * ADVANCE / 2000.0
    } else {
        x
    };
    content
        .begin_text()
        .set_font(Name(b"F1"), size)
        .next_line(x, y)
        .show(Str(&codes))
        .end_text();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_the_font_has_get_their_glyph_and_others_a_question_mark() {
        let mut glyphs = Glyphs::new();
        let question = glyphs.unknown;
        assert_ne!(question, 0, "the font has '?'");
        let (codes, count) = glyphs.encode("é数\tЖ");
        assert_eq!(count, 4);
        let ids: Vec<u16> = codes
            .chunks(2)
            .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
            .collect();
        assert!(ids[0] != question && ids[0] != 0, "é is in the font");
        assert_eq!(
            ids[1..3],
            [question, question],
            "no Chinese; a tab is a control"
        );
        assert!(ids[3] != question && ids[3] != 0, "Ж is in the font");
        assert_eq!(glyphs.used[&ids[0]], 'é');
        assert_eq!(glyphs.used[&ids[3]], 'Ж');
    }

    #[test]
    fn the_unicode_map_writes_each_glyph_once_in_utf16() {
        let used = BTreeMap::from([(3, ' '), (0x0A5A, '☃'), (0x0B00, '😀')]);
        let map = String::from_utf8(to_unicode(&used)).unwrap();
        assert!(map
            .contains("3 beginbfchar\n<0003> <0020>\n<0A5A> <2603>\n<0B00> <D83DDE00>\nendbfchar"));
        let many: BTreeMap<u16, char> = (0..250u16).map(|g| (g, 'a')).collect();
        let map = String::from_utf8(to_unicode(&many)).unwrap();
        assert_eq!(map.matches("100 beginbfchar").count(), 2);
        assert_eq!(map.matches("50 beginbfchar").count(), 1);
    }

    #[test]
    fn long_labels_keep_their_number_and_end_and_fit() {
        let label = format!("12.  /{}/puzzles.txt:40", "deep/".repeat(30));
        let fitted = fitted(&label, 200.0, 9.0);
        let room = (200.0 / (9.0 * 0.602)) as usize;
        assert!(fitted.chars().count() <= room, "{fitted}");
        assert!(fitted.starts_with("12.  ...") && fitted.ends_with("/puzzles.txt:40"));
        assert_eq!(super::fitted("3.  short", 200.0, 9.0), "3.  short");
    }

    #[test]
    fn every_slot_lies_on_its_page_below_its_label_without_overlap() {
        for paper in [Paper::A4, Paper::Letter] {
            for per_page in [1u8, 2, 4, 6] {
                let book = Book::new(BookLayout {
                    paper,
                    per_page,
                    answers: true,
                });
                let (width, height) = book.size();
                let layouts = [
                    (per_page as usize, book.grid_shape(), 0.0),
                    (KEY_COLUMNS * KEY_ROWS, (KEY_COLUMNS, KEY_ROWS), 28.0),
                ];
                for (count, (columns, rows), heading) in layouts {
                    assert!(columns * rows >= count);
                    let boxes: Vec<(f32, f32, f32)> = (0..count)
                        .map(|k| book.slot(k, columns, rows, heading))
                        .collect();
                    for &(x, y, side) in &boxes {
                        assert!(side > 100.0, "{paper:?} {per_page}: side {side}");
                        // The label sits 6 points above the grid, 11 high at most; the page
                        // number at 24 points from the foot.
                        assert!(x >= 30.0 && x + side <= width - 30.0);
                        assert!(y + 6.0 + 11.0 <= height - 30.0 - heading);
                        assert!(y - side >= 34.0, "{paper:?} {per_page}: {y} {side}");
                    }
                    for (i, a) in boxes.iter().enumerate() {
                        for b in &boxes[i + 1..] {
                            let apart_x = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0;
                            // b's label must clear a's grid, or the other way round.
                            let apart_y = a.1 - a.2 >= b.1 + 17.0 || b.1 - b.2 >= a.1 + 17.0;
                            assert!(apart_x || apart_y, "{paper:?} {per_page}: {a:?} {b:?}");
                        }
                    }
                }
            }
        }
    }
}

//! The symbols a board of another size writes its digits with. Above 9 there are three common
//! alphabets, and a file in one can look like a file in another:
//!
//! - `1-9A-Z`: 16x16 as `1`-`9` `A`-`G` (the sets of `../shared/data/sizes`, most apps);
//! - `0-9A-Z`: hexadoku, `0`-`F`, where `0` is the first digit (and `.` the empty cell);
//! - letters only: `A`-`P` for 16x16, as Sudoku Explainer's 16x16 fork writes them.
//!
//! The reader picks one from the symbols a puzzle (or a file) uses and its size, and asks for
//! `--symbols` where two fit; the writer writes a puzzle's answer in the puzzle's own alphabet.

use std::fmt;

/// The symbols of the digits 1..=N, in order: `symbol(d)` writes digit `d`.
///
/// ```
/// use sudoku_solver::Symbols;
///
/// let hex = Symbols::zero_based(16);
/// assert_eq!(hex.symbol(1), '0');
/// assert_eq!(hex.digit('F'), Some(16));
/// assert_eq!(Symbols::standard(16).symbol(16), 'G');
/// assert_eq!(Symbols::letters(16).to_string(), "ABCDEFGHIJKLMNOP");
/// assert!(Symbols::new("1123").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Symbols {
    chars: Box<[char]>,
}

/// Symbols that cannot write a board's digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SymbolsError {
    /// A symbol given twice.
    #[error("`{0}` stands twice in the symbols: each digit needs a symbol of its own")]
    Repeated(char),
    /// A symbol that stands for an empty cell or separates cells.
    #[error("`{0}` cannot be a digit's symbol: `.`, `_`, `*`, `|`, `-`, `+`, `,` and blanks mark empty cells or separate them")]
    Reserved(char),
    /// Too few or too many symbols.
    #[error("{0} symbols make no board: give 4 to 36, one for each digit in order")]
    Count(usize),
}

/// The digits and capitals, in the order of the standard alphabet: `1`-`9` then `A`-`Z`.
const STANDARD: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// Hexadoku's order: `0`-`9` then `A`-`Z`.
const ZERO_BASED: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// Letters only.
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Symbols {
    /// The symbols of a string, one character a digit in order (as `--symbols` takes them).
    pub fn new(symbols: &str) -> Result<Symbols, SymbolsError> {
        let chars: Vec<char> = symbols.chars().collect();
        if !(crate::shape::MIN_SIZE..=crate::shape::MAX_SIZE).contains(&chars.len()) {
            return Err(SymbolsError::Count(chars.len()));
        }
        for (i, &c) in chars.iter().enumerate() {
            if c.is_whitespace() || ".,_*|-+".contains(c) {
                return Err(SymbolsError::Reserved(c));
            }
            if chars[..i].contains(&c) {
                return Err(SymbolsError::Repeated(c));
            }
        }
        Ok(Symbols {
            chars: chars.into(),
        })
    }

    fn prefix(alphabet: &str, size: usize) -> Symbols {
        Symbols {
            chars: alphabet.chars().take(size).collect(),
        }
    }

    /// `1`-`9` then `A`-`Z` (16x16: `1`-`9` `A`-`G`); a 36x36 board, which needs one more,
    /// takes `0`-`9` `A`-`Z`.
    pub fn standard(size: usize) -> Symbols {
        if size > STANDARD.len() {
            Symbols::zero_based(size)
        } else {
            Symbols::prefix(STANDARD, size)
        }
    }

    /// `0`-`9` then `A`-`Z`, `0` the first digit (hexadoku: `0`-`F`).
    pub fn zero_based(size: usize) -> Symbols {
        Symbols::prefix(ZERO_BASED, size)
    }

    /// `A`-`Z` (16x16: `A`-`P`), for sizes up to 26.
    pub fn letters(size: usize) -> Symbols {
        Symbols::prefix(LETTERS, size)
    }

    /// How many digits these symbols write.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// True when there is no symbol (never, for symbols a board can use).
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The symbol of digit `digit` (1..=N).
    pub fn symbol(&self, digit: u8) -> char {
        self.chars[digit as usize - 1]
    }

    /// The digit (1..=N) a symbol stands for; a letter matches in either case when the
    /// symbols have no lower-case letter.
    pub fn digit(&self, symbol: char) -> Option<u8> {
        let found = |c: char| self.chars.iter().position(|&s| s == c);
        found(symbol)
            .or_else(|| {
                let lower = self.chars.iter().any(|c| c.is_lowercase());
                (!lower)
                    .then(|| found(symbol.to_ascii_uppercase()))
                    .flatten()
            })
            .map(|i| i as u8 + 1)
    }
}

impl fmt::Debug for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Symbols({self})")
    }
}

/// The symbols in order, as `--symbols` takes them.
impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.chars.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

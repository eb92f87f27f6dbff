//! Steps in words a player can follow: what the pattern is and where, as `explain` and `hint`
//! print them after the effect (`r4c5=3   hidden single in box 5   (1.2)`).
//!
//! The words are built from what the step carries (its pattern, houses, shape and chain), never
//! from the board after the step, so a step reads the same wherever it is printed.

use super::board::{cell_name, cells_of, digits_of, CandidateSet, CellSet, House, HouseKind};
use super::step::{Shape, Step, Technique};

/// The explanation of `step`: the technique in lower case and, where the step carries them,
/// the houses, digits and cells that prove it.
pub fn describe(step: &Step) -> String {
    use Technique::*;
    let name = lower(step.technique.name());
    let houses: Vec<House> = step.houses.iter().collect();
    let (digits, cells) = extent(&step.pattern);
    match step.technique {
        FullHouse | HiddenSingle => match houses.first() {
            Some(&h) => format!("{name} in {}", h.name()),
            None => name,
        },
        NakedSingle => match step.placement {
            Some((cell, d)) => format!(
                "{name}: {d} is the only candidate left in {}",
                cell_name(cell)
            ),
            None => name,
        },
        DirectPointing | DirectClaiming | Pointing | Claiming => {
            // The step's houses are [first, second(, third)], but a HouseSet iterates boxes
            // first; the pattern's digit and the shape tell which is which.
            let d = digits_of(digits).next().unwrap_or(0);
            let (first, second) = locking_houses(step, &houses, cells);
            let mut text = match (first, second) {
                (Some(a), Some(b)) => {
                    format!("{name}: {} holds {d} only in {}", a.name(), b.name())
                }
                _ => name,
            };
            if let (Some((cell, d)), Some(b)) = (step.placement, second) {
                let third = houses
                    .iter()
                    .copied()
                    .find(|h| Some(*h) != first && *h != b && h.bits() & (1 << cell) != 0);
                if let Some(t) = third {
                    text.push_str(&format!(", which leaves {d} one place in {}", t.name()));
                }
            }
            text
        }
        NakedPair | NakedTriple | NakedQuad => {
            let (cells, digits) = match step.shape {
                Shape::NakedSet { cells, digits } => (cells, digits),
                _ => (cells, digits),
            };
            let inside = houses
                .first()
                .map(|&h| format!(" in {}", h.name()))
                .unwrap_or_default();
            format!(
                "{name}: {} hold only {}{inside}",
                cell_list(cells),
                digit_list(digits)
            )
        }
        HiddenPair | HiddenTriple | HiddenQuad | DirectHiddenPair | DirectHiddenTriple => {
            let house = match step.shape {
                Shape::HiddenSet { house, .. } => Some(house),
                _ => houses.first().copied(),
            };
            let mut text = match house {
                Some(h) => format!(
                    "{name}: {} holds {} only in {}",
                    h.name(),
                    digit_list(digits),
                    cell_list(cells)
                ),
                None => name,
            };
            if let (Some((cell, d)), Some(h)) = (step.placement, house) {
                text.push_str(&format!(
                    ", which leaves {} the only place for {d} in {}",
                    cell_name(cell),
                    h.name()
                ));
            }
            text
        }
        XWing | Swordfish | Jellyfish => match step.shape {
            Shape::Lines { digit, base, cover } => {
                let base_houses: Vec<House> = houses
                    .iter()
                    .copied()
                    .filter(|h| h.bits() & !base == 0)
                    .collect();
                let cover_houses: Vec<House> = houses
                    .iter()
                    .copied()
                    .filter(|h| h.bits() & !cover == 0)
                    .collect();
                format!(
                    "{name}: {} hold {digit} only in {}",
                    house_list(&base_houses),
                    house_list(&cover_houses)
                )
            }
            _ => format!("{name} on {}", digit_list(digits)),
        },
        XyWing | XyzWing => {
            // The pivot sees both wings; for XYZ it is also the cell with three candidates.
            let list: Vec<usize> = cells_of(cells).collect();
            let pivot = list.iter().copied().find(|&p| {
                list.iter()
                    .all(|&c| c == p || super::board::PEERS[p] & (1 << c) != 0)
                    && (step.technique == XyWing || step.pattern.at(p).count_ones() == 3)
            });
            match pivot {
                Some(p) => {
                    let wings: Vec<usize> = list.iter().copied().filter(|&c| c != p).collect();
                    let z = step.eliminations.iter().map(|(_, d)| d).next().unwrap_or(0);
                    format!(
                        "{name}: pivot {} {}, wings {}; either way one of them is {z}",
                        cell_name(p),
                        braces(step.pattern.at(p)),
                        wings
                            .iter()
                            .map(|&w| format!("{} {}", cell_name(w), braces(step.pattern.at(w))))
                            .collect::<Vec<_>>()
                            .join(" and "),
                    )
                }
                None => format!("{name} on {}", cell_list(cells)),
            }
        }
        UniqueRectangle(_) | UniqueLoop(_) => format!(
            "{name}: {} would hold only {} and the puzzle could not be unique",
            cell_list(cells),
            digit_list(digits)
        ),
        Bug(_) => format!(
            "{name}: without the extra candidates in {} every cell would have two and the puzzle \
             two solutions",
            cell_list(extra_cells(step))
        ),
        AlignedPairExclusion | AlignedTripleExclusion => format!(
            "{name}: no combination of {} leaves the removed candidates",
            cell_list(cells)
        ),
        _ => match &step.chain {
            Some(chain) if !chain.branches.is_empty() => {
                format!("{name}: {}", chain.branches.join("; "))
            }
            _ => name,
        },
    }
}

/// The digits and the cells a set of candidates spans.
fn extent(set: &CandidateSet) -> (u16, CellSet) {
    let mut digits = 0u16;
    let mut cells: CellSet = 0;
    for (i, &c) in set.0.iter().enumerate() {
        if c != 0 {
            digits |= 1 << i;
            cells |= c;
        }
    }
    (digits, cells)
}

/// A technique's name as part of a sentence: ordinary words in lower case, names such as
/// `X-Wing`, `XY-Wing` and `BUG` as they are.
fn lower(name: &str) -> String {
    name.split(' ')
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) if first.is_uppercase() && !chars.clone().any(|c| c.is_uppercase()) => {
                    first.to_lowercase().chain(chars).collect()
                }
                _ => w.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `r1c2,r1c5`.
fn cell_list(cells: CellSet) -> String {
    cells_of(cells).map(cell_name).collect::<Vec<_>>().join(",")
}

/// `3,7`.
fn digit_list(digits: u16) -> String {
    digits_of(digits)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `{37}`.
fn braces(digits: u16) -> String {
    let inner: String = digits_of(digits).map(|d| char::from(b'0' + d)).collect();
    format!("{{{inner}}}")
}

/// `rows 2 and 7`, `columns 1, 4 and 8`.
fn house_list(houses: &[House]) -> String {
    let Some(first) = houses.first() else {
        return String::new();
    };
    let kind = match first.kind {
        HouseKind::Box => "boxes",
        HouseKind::Row => "rows",
        HouseKind::Column => "columns",
    };
    if houses.len() == 1 {
        return first.name();
    }
    let numbers: Vec<String> = houses.iter().map(|h| (h.index + 1).to_string()).collect();
    let (last, rest) = numbers.split_last().expect("two or more");
    format!("{kind} {} and {last}", rest.join(", "))
}

/// Which of a locking step's houses holds the pattern (the first) and which it is confined to
/// (the second): the first holds the digit's places and nothing else of the pattern lies
/// outside the second.
fn locking_houses(step: &Step, houses: &[House], cells: CellSet) -> (Option<House>, Option<House>) {
    if let Shape::Lines { base, cover, .. } = step.shape {
        let first = houses.iter().copied().find(|h| h.bits() == base);
        let second = houses.iter().copied().find(|h| h.bits() == cover);
        return (first, second);
    }
    // Direct forms carry no shape: pointing starts from a box, claiming from a line; the
    // second house is the other kind that holds every cell of the pattern.
    let pointing = matches!(
        step.technique,
        Technique::DirectPointing | Technique::Pointing
    );
    let is_first = |h: &House| (h.kind == HouseKind::Box) == pointing;
    let first = houses
        .iter()
        .copied()
        .find(|h| is_first(h) && cells & !h.bits() == 0);
    let second = houses
        .iter()
        .copied()
        .find(|h| !is_first(h) && cells & !h.bits() == 0);
    (first, second)
}

/// The cells of a BUG pattern with more than two candidates.
fn extra_cells(step: &Step) -> CellSet {
    let (_, cells) = extent(&step.pattern);
    cells_of(cells)
        .filter(|&c| step.pattern.at(c).count_ones() > 2)
        .fold(0, |a, c| a | 1 << c)
}

#[cfg(test)]
mod tests;

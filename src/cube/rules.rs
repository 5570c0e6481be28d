//! What counts as a move: the metric a solution's length is counted in ([`Metric`]) and
//! the turns a solution may use ([`MoveSet`]), together [`MoveRules`].
//!
//! In the face-turn metric (HTM) every turn counts 1; in the quarter-turn metric (QTM) a
//! half turn counts 2.  The sequences searched are the same canonical sequences in both
//! (no face turned twice in a row, opposite faces U before D, R before L, F before B): a
//! shortest QTM solution never turns a face twice in a row either, since `R R` is `R2` at
//! the same cost and `R R R` is `R'` for less.  A half turn is written `R2` and counted 2.
//!
//! Every quarter turn is an odd permutation of the corners and a half turn an even one,
//! so a position's QTM distance has the parity of its corner permutation
//! ([`Metric::parity`]): the search tries only bounds of that parity.

use super::moves::move_cube;
use super::{Cube, Face, Move, ALL_MOVES, CORNERS, EDGES, MOVE_COUNT};
use std::fmt;

/// How a solution's length is counted.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// Face turns: every turn, quarter or half, counts 1 (the default).
    #[default]
    Htm,
    /// Quarter turns: a half turn counts 2.
    Qtm,
    /// Slice turns: a turn of a face, a middle slice or a wide layer counts 1, half or
    /// quarter.  With face turns alone it is the face-turn metric.
    Stm,
}

impl Metric {
    /// The metrics the face-turn search has tables for (STM is HTM there).
    pub const ALL: [Metric; 2] = [Metric::Htm, Metric::Qtm];

    /// The metric the tables and the face-turn search count in: STM counts face turns
    /// as HTM does.
    pub const fn of_face_turns(self) -> Metric {
        match self {
            Metric::Stm => Metric::Htm,
            m => m,
        }
    }

    /// The metric's name as written on the command line: `htm` or `qtm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
            Metric::Stm => "stm",
        }
    }

    /// Look a metric up by name (`htm`, `qtm`; also `ftm`, `face`, `quarter`).
    pub fn from_name(name: &str) -> Option<Metric> {
        match name.to_ascii_lowercase().as_str() {
            "htm" | "ftm" | "face" | "f" => Some(Metric::Htm),
            "qtm" | "quarter" | "q" => Some(Metric::Qtm),
            "stm" | "slice" | "s" => Some(Metric::Stm),
            _ => None,
        }
    }

    /// The letter after a length: `f` (`4f`) or `q` (`4q`).
    pub fn letter(self) -> char {
        match self {
            Metric::Htm => 'f',
            Metric::Qtm => 'q',
            Metric::Stm => 's',
        }
    }

    /// What lengths are counted in, for people: `moves` or `quarter turns`.
    pub fn unit(self) -> &'static str {
        match self {
            Metric::Htm => "moves",
            Metric::Qtm => "quarter turns",
            Metric::Stm => "slice turns",
        }
    }

    /// The moves a breadth-first search steps by to count distances in this metric: all
    /// 18 turns, or the 12 quarter turns (a half turn is then two steps).
    pub fn generators(self) -> &'static [Move] {
        static QUARTER: [Move; 12] = {
            let mut out = [ALL_MOVES[0]; 12];
            let mut i = 0;
            while i < 6 {
                out[2 * i] = ALL_MOVES[3 * i];
                out[2 * i + 1] = ALL_MOVES[3 * i + 2];
                i += 1;
            }
            out
        };
        match self {
            Metric::Htm | Metric::Stm => &ALL_MOVES,
            Metric::Qtm => &QUARTER,
        }
    }

    /// The steps a breadth-first search takes beside [`Metric::generators`]: in the
    /// slice-turn metric, the turns of two opposite faces that one slice turn makes
    /// relative to the centres (`R L'`, `R2 L2`, `R' L` and their kin on each axis), each
    /// one step; none in the others.  Tables counted this way bound searches with slices
    /// in slice turns, where a wide turn is one face turn relative to the centres.
    pub(crate) fn slice_pairs(self) -> &'static [(Move, Move)] {
        static PAIRS: [(Move, Move); 9] = {
            let mut out = [(ALL_MOVES[0], ALL_MOVES[0]); 9];
            let mut i = 0;
            while i < 9 {
                let (axis, q) = (i / 3, (i % 3) as u8 + 1);
                out[i] = (
                    Move::new(Face::ALL[axis], q),
                    Move::new(Face::ALL[axis + 3], 4 - q),
                );
                i += 1;
            }
            out
        };
        match self {
            Metric::Stm => &PAIRS,
            Metric::Htm | Metric::Qtm => &[],
        }
    }

    /// What one move costs.
    #[inline(always)]
    pub const fn cost(self, m: Move) -> usize {
        match self {
            Metric::Qtm if m.quarter_turns() == 2 => 2,
            _ => 1,
        }
    }

    /// What a sequence costs: its length in this metric.
    pub fn length(self, seq: &[Move]) -> usize {
        seq.iter().map(|&m| self.cost(m)).sum()
    }

    /// How far apart the bounds an optimal search tries are: 1, or 2 in QTM (only bounds
    /// of the position's parity can be met).
    pub(crate) const fn bound_step(self) -> usize {
        match self {
            Metric::Htm | Metric::Stm => 1,
            Metric::Qtm => 2,
        }
    }

    /// In QTM, the parity every solution length of `cube` has (that of its corner
    /// permutation); `None` in HTM, where lengths of both parities occur.
    pub fn parity(self, cube: &Cube) -> Option<usize> {
        match self {
            Metric::Htm | Metric::Stm => None,
            Metric::Qtm => Some(cube.corner_parity() as usize),
        }
    }

    /// The smallest length of at least `n` that a solution of `cube` can have.
    pub(crate) fn first_bound(self, cube: &Cube, n: usize) -> usize {
        match self.parity(cube) {
            Some(p) if n % 2 != p => n + 1,
            _ => n,
        }
    }

    /// The most moves any position needs (God's number): 20 in HTM, 26 in QTM.
    pub const fn gods_number(self) -> u8 {
        match self {
            Metric::Htm | Metric::Stm => 20,
            Metric::Qtm => 26,
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The turns a solution may use: bit `m` for move `m`.  Each face is allowed with all
/// three of its turns or with its half turn alone (so that two turns of a face in a row
/// are always one allowed turn or none, and canonical sequences lose no solution).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveSet(u32);

/// Why a move set could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveSetError {
    /// Nothing listed.
    #[error("the move set is empty: list faces such as R,U,F (all turns of each) or half turns such as R2")]
    Empty,
    /// A token that names no face turn.
    #[error("`{0}` in the move set is not a face or a half turn: list faces U R F D L B (all turns of each) or half turns such as R2, separated by commas")]
    Unknown(String),
    /// A quarter turn alone.
    #[error("`{token}` alone cannot be allowed: list the face `{face}` (all its turns) or its half turn `{face}2`")]
    QuarterAlone {
        /// The token as written.
        token: String,
        /// Its face.
        face: char,
    },
}

impl MoveSet {
    /// All 18 turns.
    pub const ALL: MoveSet = MoveSet((1 << MOVE_COUNT) - 1);

    /// The set of moves whose bits are set in `mask`, if each face in it has all three
    /// turns or the half turn alone.
    pub(crate) fn from_mask(mask: u32) -> Option<MoveSet> {
        let mask = mask & Self::ALL.0;
        let ok = (0..6).all(|f| matches!(mask >> (3 * f) & 7, 0 | 0b111 | 0b010));
        (ok && mask != 0).then_some(MoveSet(mask))
    }

    /// Read a list like `R,U,F` (every turn of each face) or `R,U,F2` (a half turn
    /// alone); commas or spaces between.  A face listed both ways gets all its turns.
    pub fn parse(text: &str) -> Result<MoveSet, MoveSetError> {
        let mut mask = 0u32;
        for token in text.split([',', ' ']).filter(|t| !t.is_empty()) {
            let mut chars = token.chars();
            let face = chars
                .next()
                .and_then(Face::from_letter)
                .ok_or_else(|| MoveSetError::Unknown(token.to_string()))?;
            let base = 3 * face as u32;
            mask |= match chars.as_str() {
                "" => 0b111 << base,
                "2" => 0b010 << base,
                "'" | "3" | "1" | "’" => {
                    return Err(MoveSetError::QuarterAlone {
                        token: token.to_string(),
                        face: face.letter(),
                    })
                }
                _ => return Err(MoveSetError::Unknown(token.to_string())),
            };
        }
        // A face listed whole and as a half turn is whole.
        for f in 0..6 {
            if mask >> (3 * f) & 0b111 != 0 && mask >> (3 * f) & 0b101 != 0 {
                mask |= 0b111 << (3 * f);
            }
        }
        MoveSet::from_mask(mask).ok_or(MoveSetError::Empty)
    }

    /// The bits: move `m` is allowed iff bit `m` is set.
    #[inline(always)]
    pub const fn mask(self) -> u32 {
        self.0
    }

    /// Whether every turn is allowed.
    pub const fn is_all(self) -> bool {
        self.0 == Self::ALL.0
    }

    /// Whether `m` is allowed.
    pub const fn contains(self, m: Move) -> bool {
        self.0 >> m.index() & 1 != 0
    }

    /// The allowed moves, in index order.
    pub fn moves(self) -> impl Iterator<Item = Move> {
        ALL_MOVES.into_iter().filter(move |&m| self.contains(m))
    }

    /// Why `cube` cannot be solved with these moves, if a quick invariant shows it: a
    /// piece outside the positions the moves can bring it to, a twisted corner or a
    /// flipped edge when no allowed move changes twists or flips, an odd corner
    /// permutation when every allowed move is even.  Passing does not prove the position
    /// reachable: a search that finds nothing says so in its own words.
    pub fn unreachable(self, cube: &Cube) -> Option<String> {
        let moved: Vec<&Cube> = self.moves().map(move_cube).collect();
        let corner_orbit = orbits::<CORNERS>(moved.iter().map(|c| c.corner_perm()));
        let edge_orbit = orbits::<EDGES>(moved.iter().map(|c| c.edge_perm()));
        let (cp, ep) = (cube.corner_perm(), cube.edge_perm());
        if let Some(i) = (0..CORNERS).find(|&i| corner_orbit[i] != corner_orbit[cp[i] as usize]) {
            return Some(format!(
                "corner {} sits where the allowed moves cannot take it",
                super::CORNER_NAMES[cp[i] as usize]
            ));
        }
        if let Some(i) = (0..EDGES).find(|&i| edge_orbit[i] != edge_orbit[ep[i] as usize]) {
            return Some(format!(
                "edge {} sits where the allowed moves cannot take it",
                super::EDGE_NAMES[ep[i] as usize]
            ));
        }
        if moved.iter().all(|c| c.corner_twists() == [0; CORNERS])
            && cube.corner_twists() != [0; CORNERS]
        {
            return Some("a corner is twisted, and no allowed move twists corners".into());
        }
        if moved.iter().all(|c| c.edge_flips() == [0; EDGES]) && cube.edge_flips() != [0; EDGES] {
            return Some("an edge is flipped, and no allowed move flips edges".into());
        }
        if moved.iter().all(|c| c.corner_parity() == 0) && cube.corner_parity() == 1 {
            return Some(
                "the corners are an odd permutation, and every allowed move is even".into(),
            );
        }
        None
    }
}

/// Which orbit each of `N` positions lies in under the permutations `perms`.
fn orbits<const N: usize>(perms: impl Iterator<Item = [u8; N]>) -> [usize; N] {
    let mut orbit: [usize; N] = std::array::from_fn(|i| i);
    fn root(orbit: &mut [usize], mut i: usize) -> usize {
        while orbit[i] != i {
            orbit[i] = orbit[orbit[i]];
            i = orbit[i];
        }
        i
    }
    for p in perms {
        for (i, &to) in p.iter().enumerate() {
            let (a, b) = (root(&mut orbit, i), root(&mut orbit, to as usize));
            orbit[a.max(b)] = a.min(b);
        }
    }
    for i in 0..N {
        orbit[i] = root(&mut orbit, i);
    }
    orbit
}

impl Default for MoveSet {
    fn default() -> Self {
        MoveSet::ALL
    }
}

impl fmt::Display for MoveSet {
    /// `R,U,F2`: whole faces by letter, half turns alone as `X2`, in U R F D L B order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Face::ALL
            .iter()
            .filter_map(|&face| match self.0 >> (3 * face as u32) & 7 {
                0b111 => Some(face.letter().to_string()),
                0b010 => Some(format!("{}2", face.letter())),
                _ => None,
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl fmt::Debug for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveSet({self})")
    }
}

/// What counts as a move in a search: the metric and the allowed turns.  The default is
/// the face-turn metric with all 18 turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveRules {
    /// How lengths are counted.
    pub metric: Metric,
    /// Which turns a solution may use.
    pub moves: MoveSet,
}

impl MoveRules {
    /// The face-turn metric with every turn: what korf searches unless told otherwise.
    pub const HTM: MoveRules = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::ALL,
    };

    /// Whether these are the default rules (HTM, all turns).
    pub fn is_default(&self) -> bool {
        *self == Self::HTM
    }

    /// A sequence's length under these rules.
    pub fn length(&self, seq: &[Move]) -> usize {
        self.metric.length(seq)
    }

    /// Whether `seq` uses only allowed turns.
    pub fn allows(&self, seq: &[Move]) -> bool {
        seq.iter().all(|&m| self.moves.contains(m))
    }

    /// A short tag naming non-default rules (`qtm`, `moves=R,U`, `qtm moves=R,U`), empty
    /// for the default: what a checkpoint's identity and a record add.
    pub fn tag(&self) -> String {
        let mut parts = Vec::new();
        if self.metric != Metric::Htm {
            parts.push(self.metric.name().to_string());
        }
        if !self.moves.is_all() {
            parts.push(format!("moves={}", self.moves));
        }
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::parse_moves;

    #[test]
    fn move_sets_parse_faces_and_half_turns_and_refuse_the_rest() {
        let ru = MoveSet::parse("R,U").unwrap();
        assert_eq!(ru.to_string(), "U,R");
        assert_eq!(ru.moves().count(), 6);
        let r2 = MoveSet::parse("U R F2").unwrap();
        assert_eq!(r2.moves().count(), 7);
        assert!(r2.contains(parse_moves("F2").unwrap()[0]));
        assert!(!r2.contains(parse_moves("F").unwrap()[0]));
        assert_eq!(
            MoveSet::parse("R2,R").unwrap(),
            MoveSet::parse("R").unwrap()
        );
        assert_eq!(MoveSet::parse(" , "), Err(MoveSetError::Empty));
        assert!(matches!(
            MoveSet::parse("R'"),
            Err(MoveSetError::QuarterAlone { face: 'R', .. })
        ));
        assert!(matches!(MoveSet::parse("R,M"), Err(MoveSetError::Unknown(t)) if t == "M"));
        assert!(MoveSet::parse("R,u").is_err());
        assert_eq!(MoveSet::parse("U,R,F,D,L,B").unwrap(), MoveSet::ALL);
    }

    #[test]
    fn qtm_counts_half_turns_twice_and_parity_follows_the_corners() {
        let seq = parse_moves("R U2 F'").unwrap();
        assert_eq!(Metric::Htm.length(&seq), 3);
        assert_eq!(Metric::Qtm.length(&seq), 4);
        let cube = Cube::from_moves(&seq);
        assert_eq!(Metric::Qtm.parity(&cube), Some(0));
        assert_eq!(Metric::Qtm.first_bound(&cube, 3), 4);
        let one = Cube::from_moves(&parse_moves("R").unwrap());
        assert_eq!(Metric::Qtm.parity(&one), Some(1));
        assert_eq!(Metric::Htm.first_bound(&one, 0), 0);
    }

    #[test]
    fn invariants_name_positions_a_move_set_cannot_reach() {
        let ru = MoveSet::parse("R,U").unwrap();
        // Reachable: a ⟨R,U⟩ scramble.
        let ok = Cube::from_moves(&parse_moves("R U R' U R U2 R'").unwrap());
        assert_eq!(ru.unreachable(&ok), None);
        // A D turn moves pieces ⟨R,U⟩ never reaches.
        let d = Cube::from_moves(&parse_moves("D").unwrap());
        assert!(ru.unreachable(&d).unwrap().contains("cannot take it"));
        // Two flipped edges of the U layer: the pieces are in place, but no turn of
        // ⟨R,U⟩ changes a flip.
        let mut eo = [0; EDGES];
        eo[0] = 1;
        eo[1] = 1;
        let flipped = Cube::from_parts(
            std::array::from_fn(|i| i as u8),
            [0; CORNERS],
            std::array::from_fn(|i| i as u8),
            eo,
        );
        assert!(flipped.validate().is_ok());
        assert!(ru.unreachable(&flipped).unwrap().contains("flipped"));
        let halves = MoveSet::parse("U2,R2,F2,D2,L2,B2").unwrap();
        let r = Cube::from_moves(&parse_moves("R").unwrap());
        assert!(halves.unreachable(&r).is_some());
        assert_eq!(MoveSet::ALL.unreachable(&r), None);
    }
}

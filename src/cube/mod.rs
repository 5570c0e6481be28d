//! The cubie-level model of the 3×3×3 cube.
//!
//! # Conventions (pinned by tests in `tests/integration/conventions.rs`)
//!
//! * Corner positions and pieces: `URF UFL ULB UBR DFR DLF DBL DRB` (0..8).
//! * Edge positions and pieces: `UR UF UL UB DR DF DL DB FR FL BL BR` (0..12).
//! * A [`Cube`] is stored position by position ("is replaced by"): `corner(i)` is the
//!   piece sitting in corner position `i` and `twist(i)` its orientation: 0 when its U or D
//!   sticker faces U or D, 1 when that sticker is turned clockwise, 2 anticlockwise.
//!   `edge(i)` / `flip(i)` likewise; an edge is flipped (1) when its reference sticker (the
//!   U/D sticker, or the F/B sticker for the four middle-layer edges) is not on the
//!   position's reference face.
//! * Composition is `a * b` = "do `a`, then `b`": `(a*b).corner(i) = a.corner(b.corner(i))`
//!   and `(a*b).twist(i) = a.twist(b.corner(i)) + b.twist(i)` (mod 3).  Applying a move `m`
//!   to a position `c` is `c * m`.
//!
//! These are the conventions of Kociemba's cubie model, so facelet strings and the
//! orientation coordinates agree with the other tools of the ecosystem.
//!
//! Each piece is packed in one byte: corners as `piece | twist << 3`, edges as
//! `piece | flip << 4`.  That makes "relabel every piece by a move", the operation the
//! pattern-database search runs at every node, one table lookup per piece
//! (see [`Cube::premove`]).

pub mod coord;
mod cubies;
mod facelet;
mod lookup;
mod masked;
mod moves;
mod random;
mod rules;
pub mod symmetry;
pub(crate) mod turns;
mod words;

pub(crate) use cubies::{Cubies, EdgeAction};
pub use facelet::{FaceletError, SOLVED_FACELETS};
pub(crate) use lookup::{CornerLookup, EdgeLookup};
pub(crate) use masked::PieceGoals;
pub use masked::{MaskedCube, MASK_CHARS, MAX_COMPLETIONS};
pub(crate) use moves::MOVE_COUNT;
pub use moves::{
    canonical_form, format_moves, is_canonical, parse_moves, Face, Move, MoveParseError,
    ALLOWED_AFTER, ALL_MOVES, NO_PREVIOUS,
};
pub use random::random_cube;
pub use rules::{Metric, MoveRules, MoveSet, MoveSetError};
pub use turns::{
    cube_from_turns, format_turns, parse_turns, relative_moves, turns_length, Held, Turn, TurnKind,
    TurnSet, TurnSetError, TURN_COUNT,
};
pub(crate) use turns::{AxisBlock, Frame};

use std::fmt;

/// Number of corner pieces.
pub const CORNERS: usize = 8;
/// Number of edge pieces.
pub const EDGES: usize = 12;

/// Corner names in position/piece order.
pub const CORNER_NAMES: [&str; CORNERS] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// Edge names in position/piece order.
pub const EDGE_NAMES: [&str; EDGES] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

const TWIST_SHIFT: u8 = 3;
const PIECE_MASK_C: u8 = 0b111;
const FLIP_BIT: u8 = 1 << 4;
const PIECE_MASK_E: u8 = 0b1111;

/// Pack a corner piece and its twist into one byte (the layout behind [`Cube`], private
/// to this module and its children: the table families read a cube through coordinates,
/// [`Cubies`] and the per-position lookups of `lookup.rs`).
#[inline(always)]
const fn pack_corner(piece: u8, twist: u8) -> u8 {
    piece | (twist << TWIST_SHIFT)
}

/// Pack an edge piece and its flip into one byte (see [`pack_corner`]).
#[inline(always)]
const fn pack_edge(piece: u8, flip: u8) -> u8 {
    piece | (flip << 4)
}

/// A cube position at cubie level.  See the module documentation for the conventions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cube {
    /// `corners[i]` = piece in corner position `i`, packed with its twist.
    corners: [u8; CORNERS],
    /// `edges[i]` = piece in edge position `i`, packed with its flip.
    edges: [u8; EDGES],
}

impl Default for Cube {
    fn default() -> Self {
        Self::SOLVED
    }
}

impl Cube {
    /// The solved cube (identity).
    pub const SOLVED: Cube = Cube {
        corners: [0, 1, 2, 3, 4, 5, 6, 7],
        edges: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    };

    /// Build a cube from piece/orientation arrays (no validation beyond ranges: use
    /// [`Cube::validate`] to check solvability).
    pub fn from_parts(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> Cube {
        let mut c = Cube::SOLVED;
        for i in 0..CORNERS {
            c.corners[i] = pack_corner(cp[i], co[i]);
        }
        for i in 0..EDGES {
            c.edges[i] = pack_edge(ep[i], eo[i]);
        }
        c
    }

    /// Piece in corner position `i`.
    #[inline(always)]
    pub fn corner(&self, i: usize) -> u8 {
        self.corners[i] & PIECE_MASK_C
    }
    /// Twist (0, 1, 2) of the corner in position `i`.
    #[inline(always)]
    pub fn twist(&self, i: usize) -> u8 {
        self.corners[i] >> TWIST_SHIFT
    }
    /// Piece in edge position `i`.
    #[inline(always)]
    pub fn edge(&self, i: usize) -> u8 {
        self.edges[i] & PIECE_MASK_E
    }
    /// Flip (0, 1) of the edge in position `i`.
    #[inline(always)]
    pub fn flip(&self, i: usize) -> u8 {
        (self.edges[i] & FLIP_BIT) >> 4
    }

    /// Corner permutation as an array of pieces by position.
    pub fn corner_perm(&self) -> [u8; 8] {
        std::array::from_fn(|i| self.corner(i))
    }
    /// Corner twists by position.
    pub fn corner_twists(&self) -> [u8; 8] {
        std::array::from_fn(|i| self.twist(i))
    }
    /// Edge permutation as an array of pieces by position.
    pub fn edge_perm(&self) -> [u8; 12] {
        std::array::from_fn(|i| self.edge(i))
    }
    /// Edge flips by position.
    pub fn edge_flips(&self) -> [u8; 12] {
        std::array::from_fn(|i| self.flip(i))
    }

    /// `true` for the solved cube.
    #[inline(always)]
    pub fn is_solved(&self) -> bool {
        *self == Cube::SOLVED
    }

    /// The product `self * other`: first `self`, then `other`.
    pub fn compose(&self, other: &Cube) -> Cube {
        let mut r = Cube::SOLVED;
        for i in 0..CORNERS {
            let from = self.corners[other.corner(i) as usize];
            let twist = (from >> TWIST_SHIFT) + other.twist(i);
            r.corners[i] = pack_corner(from & PIECE_MASK_C, twist % 3);
        }
        for i in 0..EDGES {
            let from = self.edges[other.edge(i) as usize];
            r.edges[i] = from ^ (other.edges[i] & FLIP_BIT);
        }
        r
    }

    /// The inverse position: `c * c.inverse()` is solved.
    pub fn inverse(&self) -> Cube {
        let mut r = Cube::SOLVED;
        for i in 0..CORNERS {
            let p = self.corner(i) as usize;
            r.corners[p] = pack_corner(i as u8, (3 - self.twist(i)) % 3);
        }
        for i in 0..EDGES {
            let p = self.edge(i) as usize;
            r.edges[p] = pack_edge(i as u8, self.flip(i));
        }
        r
    }

    /// Apply one face turn: `self * m`.  [`Cube::compose`] with the move's own cubies,
    /// written for the search's every node: a move's twists are added without a division
    /// (a packed corner's twist plus the move's stays below 5, so one conditional
    /// subtraction of 3 brings it back).
    #[inline(always)]
    pub fn apply_move(&self, m: Move) -> Cube {
        let t = moves::move_cube(m);
        Cube {
            corners: std::array::from_fn(|i| {
                let by = t.corners[i];
                let from = self.corners[(by & PIECE_MASK_C) as usize];
                let twisted = from + (by & !PIECE_MASK_C);
                if twisted >= 3 << TWIST_SHIFT {
                    twisted - (3 << TWIST_SHIFT)
                } else {
                    twisted
                }
            }),
            edges: std::array::from_fn(|i| {
                let by = t.edges[i];
                self.edges[(by & PIECE_MASK_E) as usize] ^ (by & FLIP_BIT)
            }),
        }
    }

    /// Apply a sequence of moves in order.
    pub fn apply_moves(&self, seq: &[Move]) -> Cube {
        seq.iter().fold(*self, |c, &m| c.apply_move(m))
    }

    /// The position reached from the solved cube by `seq`.
    pub fn from_moves(seq: &[Move]) -> Cube {
        Cube::SOLVED.apply_moves(seq)
    }

    /// Left-multiply by a move: `m * self`, i.e. relabel every piece as `m` moves it.
    ///
    /// If `self` is the inverse of a position `c`, then `self.premove(m.inverse())` is the
    /// inverse of `c * m`.  The search tracks the inverse of its position this way because
    /// the result is one table lookup per piece.
    #[inline(always)]
    pub fn premove(&self, m: Move) -> Cube {
        let t = moves::premove_table(m);
        Cube {
            // Every packed piece is below 32 (the tables' size): the mask only spares the
            // bounds checks.
            corners: std::array::from_fn(|i| t.corners[(self.corners[i] & 31) as usize]),
            edges: std::array::from_fn(|i| t.edges[(self.edges[i] & 31) as usize]),
        }
    }

    /// Check that this is a legal (solvable) position: every piece exactly once,
    /// twist sum ≡ 0 (mod 3), flip sum even, corner and edge permutation parities equal.
    pub fn validate(&self) -> Result<(), FaceletError> {
        let mut seen = 0u32;
        for i in 0..CORNERS {
            let p = self.corner(i);
            if p as usize >= CORNERS || self.twist(i) > 2 || seen & (1 << p) != 0 {
                return Err(FaceletError::DuplicateCorner {
                    name: CORNER_NAMES.get(p as usize).unwrap_or(&"?"),
                });
            }
            seen |= 1 << p;
        }
        seen = 0;
        for i in 0..EDGES {
            let p = self.edge(i);
            if p as usize >= EDGES || seen & (1 << p) != 0 {
                return Err(FaceletError::DuplicateEdge {
                    name: EDGE_NAMES.get(p as usize).unwrap_or(&"?"),
                });
            }
            seen |= 1 << p;
        }
        let twist: u32 = (0..CORNERS).map(|i| self.twist(i) as u32).sum();
        if twist % 3 != 0 {
            return Err(FaceletError::TwistedCorner { twist: twist % 3 });
        }
        let flip: u32 = (0..EDGES).map(|i| self.flip(i) as u32).sum();
        if flip % 2 != 0 {
            return Err(FaceletError::FlippedEdge);
        }
        if crate::cube::coord::parity(&self.corner_perm())
            != crate::cube::coord::parity(&self.edge_perm())
        {
            return Err(FaceletError::Parity);
        }
        Ok(())
    }
}

impl std::ops::Mul for Cube {
    type Output = Cube;
    fn mul(self, rhs: Cube) -> Cube {
        self.compose(&rhs)
    }
}

impl fmt::Debug for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cube({})", self.to_facelets())
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_facelets())
    }
}

/// Why a position (facelets or moves) could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The facelet string is not a solvable position.
    #[error("invalid position: {0}")]
    Facelets(#[from] FaceletError),
    /// The move text does not parse.
    #[error("invalid moves: {0}")]
    Moves(#[from] MoveParseError),
    /// A line of `korf scramble` (moves, a tab, facelets) whose two halves are different
    /// positions.
    #[error("the moves before the tab and the facelet string after it are different positions; give one of them, or a line as `korf scramble` prints it")]
    Disagree,
}

/// Read a position given either as a facelet string or as a move sequence applied to the
/// solved cube: the one classifier for command-line arguments and batch lines.
///
/// * 54 characters without spaces are facelets (any six colour letters).
/// * At least [`FACELET_ATTEMPT`] face letters (`URFDLB`) with at most [`STRAY_MARKS`]
///   other characters among them (a `2` or `'` typed by mistake), written without spaces or
///   in groups (`UUUUUUUUU RRRRRRRRR …`), are facelets too: with 54 letters they are read as
///   such; otherwise the error says how many characters there are, or which one is not a
///   colour.  Moves written apart (`R U F …`, `R2 U' F …`) stay moves.
/// * Anything else is moves; a long space-free string that is not moves was meant as
///   facelets and is reported so.
///
/// * A move sequence, a tab and a facelet string (`korf scramble`'s lines) is the position
///   both give; if they differ, an error.  (Read as one move sequence, the facelet letters
///   would be 54 more turns: another position.)
///
/// Surrounding blanks and a byte-order mark (which some editors put at the start of a
/// file) are ignored.
pub fn parse_position(text: &str) -> Result<Cube, PositionError> {
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if let Some((moves, facelets)) = t.split_once('\t') {
        let facelets = facelets.trim();
        if facelets.chars().count() == 54 && !facelets.chars().any(char::is_whitespace) {
            let position = Cube::from_facelets(facelets)?;
            let by_moves = cube_from_turns(&parse_turns(moves)?);
            return match by_moves == position {
                true => Ok(position),
                false => Err(PositionError::Disagree),
            };
        }
    }
    let spaceless = !t.chars().any(char::is_whitespace);
    if spaceless && t.chars().count() == 54 {
        return Ok(Cube::from_facelets(t)?);
    }
    if let Some(letters) = facelet_attempt(t) {
        return Ok(facelets_read(t, &letters)?);
    }
    match parse_turns(t) {
        Ok(seq) => Ok(cube_from_turns(&seq)),
        // A long space-free string that is not moves was meant as facelets.
        Err(_) if spaceless && t.chars().count() > 30 => {
            Err(Cube::from_facelets(t).unwrap_err().into())
        }
        Err(e) => Err(e.into()),
    }
}

/// [`parse_position`], and facelet strings in which `X` or `?` marks a sticker that does
/// not matter ([`MaskedCube`]; groups written apart are one string, as there).  A position
/// without such marks is read exactly as [`parse_position`] reads it.
pub fn parse_masked_position(text: &str) -> Result<MaskedCube, PositionError> {
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let letters: String = t.split_whitespace().collect();
    // Facelets with grey stickers: as many face letters and marks as facelets have (a
    // move sequence never holds `X`); anything else is read as a position is.
    let facelike = letters
        .chars()
        .filter(|&c| "URFDLB".contains(c) || MASK_CHARS.contains(&c))
        .count();
    if !t.contains(MASK_CHARS) || t.contains('\t') || facelike < FACELET_ATTEMPT {
        return parse_position(text).map(MaskedCube::from);
    }
    MaskedCube::from_facelets(&letters).map_err(|e| match e {
        FaceletError::Length(n) | FaceletError::StrayCharacter { count: n, .. } => {
            facelet::length_error(t, n).into()
        }
        e => e.into(),
    })
}

/// A facelet string as people type it: [`Cube::from_facelets`] of the letters
/// [`facelet_attempt`] reads (groups apart, `UUUUUUUUU RRRRRRRRR …`, are one string), or of
/// `text` itself if that reads none.  A wrong count names the character most likely typed
/// by mistake (a digit, a no-break space), at its place in `text`.
pub fn parse_facelets(text: &str) -> Result<Cube, FaceletError> {
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    match facelet_attempt(t) {
        Some(letters) => facelets_read(t, &letters),
        None => Cube::from_facelets(t),
    }
}

/// [`Cube::from_facelets`] of `letters`, the facelets [`facelet_attempt`] read in `t`.
fn facelets_read(t: &str, letters: &str) -> Result<Cube, FaceletError> {
    Cube::from_facelets(letters).map_err(|e| match e {
        // Counted without the blanks, but a stray character is named at its place in the
        // text as given.
        FaceletError::Length(n) | FaceletError::StrayCharacter { count: n, .. } => {
            facelet::length_error(t, n)
        }
        e => e,
    })
}

/// The facelet string `text` is meant as, blanks removed, if it is one by the rule of
/// [`parse_position`]: at least [`FACELET_ATTEMPT`] face letters (`URFDLB`) and at most
/// [`STRAY_MARKS`] other characters, not written apart as moves (`R U2 F' …`).
pub fn facelet_attempt(text: &str) -> Option<String> {
    let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let letters: String = tokens.concat();
    let is_face = |c: char| "URFDLB".contains(c);
    let faces = letters.chars().filter(|&c| is_face(c)).count();
    let strays = letters.chars().count() - faces;
    // `R`, `R2`, `R'`: one move a token.
    let is_move_token = |w: &&str| {
        let mut cs = w.chars();
        cs.next().is_some_and(is_face) && cs.count() <= 1
    };
    let written_apart = tokens.len() > 1 && tokens.iter().all(is_move_token);
    (faces >= FACELET_ATTEMPT && strays <= STRAY_MARKS && !written_apart).then_some(letters)
}

/// From this many face letters without move separators a text is a facelet string with
/// stickers missing or extra, not moves: nobody writes 40 turns without a space.
pub const FACELET_ATTEMPT: usize = 40;

/// How many other characters (digits, `'`, punctuation) such a text may hold and still be
/// read as facelets typed with a slip: a 20-move sequence written without spaces has about
/// 13 move marks among its 20 letters, a facelet string none.
pub const STRAY_MARKS: usize = 3;

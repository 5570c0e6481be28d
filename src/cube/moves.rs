//! The 18 face turns of the half-turn metric, their cubie tables, and move notation.

use super::{pack_corner, pack_edge, Cube, CORNERS, EDGES};
use std::fmt;

/// The six faces, in the facelet-string order U R F D L B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Face {
    /// Up.
    U = 0,
    /// Right.
    R = 1,
    /// Front.
    F = 2,
    /// Down.
    D = 3,
    /// Left.
    L = 4,
    /// Back.
    B = 5,
}

impl Face {
    /// All faces in order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's letter.
    pub fn letter(self) -> char {
        b"URFDLB"[self as usize] as char
    }

    /// The opposite face (U↔D, R↔L, F↔B).
    pub fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }

    pub(crate) fn from_letter(c: char) -> Option<Face> {
        "URFDLB".find(c).map(|i| Face::ALL[i])
    }
}

/// A face turn: `face * 3 + power`, power 0 = quarter turn clockwise, 1 = half turn,
/// 2 = quarter turn anticlockwise.  So the order is U U2 U' R R2 R' F F2 F' D D2 D' L L2 L'
/// B B2 B'.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

/// Number of face turns.
pub const MOVE_COUNT: usize = 18;

/// Canonical sequences: bit `m` of `ALLOWED_AFTER[f]` says move `m` may follow a turn of face
/// `f` (never the same face again, and of two opposite faces only U before D, R before L,
/// F before B); `ALLOWED_AFTER[NO_PREVIOUS]` allows all 18.
pub const ALLOWED_AFTER: [u32; 7] = {
    let mut t = [0u32; 7];
    let mut last = 0;
    while last < 7 {
        let mut m = 0;
        while m < MOVE_COUNT {
            let f = m / 3;
            let ok = last == NO_PREVIOUS || (f != last && !(f + 3 == last));
            if ok {
                t[last] |= 1 << m;
            }
            m += 1;
        }
        last += 1;
    }
    t
};
/// The "previous face" slot of [`ALLOWED_AFTER`] for the first move of a sequence.
pub const NO_PREVIOUS: usize = 6;

/// All 18 moves in index order.
pub const ALL_MOVES: [Move; MOVE_COUNT] = {
    let mut a = [Move(0); MOVE_COUNT];
    let mut i = 0;
    while i < MOVE_COUNT {
        a[i] = Move(i as u8);
        i += 1;
    }
    a
};

impl Move {
    /// The move with index `i` (0..18).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Move {
        assert!(i < MOVE_COUNT);
        Move(i as u8)
    }
    /// Turn `face` by `quarter_turns` clockwise (1, 2 or 3).
    pub const fn new(face: Face, quarter_turns: u8) -> Move {
        assert!(quarter_turns >= 1 && quarter_turns <= 3);
        Move(face as u8 * 3 + quarter_turns - 1)
    }
    /// Index 0..18.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The turned face.
    #[inline(always)]
    pub fn face(self) -> Face {
        Face::ALL[(self.0 / 3) as usize]
    }
    /// Index of the turned face (0..6).
    #[inline(always)]
    pub const fn face_index(self) -> usize {
        (self.0 / 3) as usize
    }
    /// Quarter turns clockwise: 1, 2 or 3.
    #[inline(always)]
    pub const fn quarter_turns(self) -> u8 {
        self.0 % 3 + 1
    }
    /// The inverse move (U ↔ U', U2 ↔ U2).
    #[inline(always)]
    pub const fn inverse(self) -> Move {
        Move(self.0 / 3 * 3 + (2 - self.0 % 3))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][(self.0 % 3) as usize];
        write!(f, "{}{}", self.face().letter(), suffix)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move sequence.
pub type Sequence = Vec<Move>;

/// Whether `seq` is canonical: no face follows itself, and of two turns of opposite faces
/// in a row only the order U before D, R before L, F before B (see [`ALLOWED_AFTER`]).
pub fn is_canonical(seq: &[Move]) -> bool {
    let mut last = NO_PREVIOUS;
    seq.iter().all(|m| {
        let ok = ALLOWED_AFTER[last] & (1 << m.index()) != 0;
        last = m.face_index();
        ok
    })
}

/// The canonical form of `seq`, if it has one: two turns of opposite faces in a row commute,
/// so a D before a U (L before R, B before F) is swapped; a sequence in which a face then
/// follows itself (like `U D U'`, which equals `D`) is not reduced and has none.  Two
/// sequences with the same canonical form are the same solution.
pub fn canonical_form(seq: &[Move]) -> Option<Sequence> {
    let mut out = seq.to_vec();
    // Bubble each D/L/B turn past the U/R/F turn of its axis that follows it; a run of
    // one axis is at most two turns long in a reduced sequence, so one pass suffices, but
    // a longer run is sorted too and then caught by the check below.
    let mut swapped = true;
    while swapped {
        swapped = false;
        for i in 1..out.len() {
            let (a, b) = (out[i - 1].face_index(), out[i].face_index());
            if a == b + 3 {
                out.swap(i - 1, i);
                swapped = true;
            }
        }
    }
    is_canonical(&out).then_some(out)
}

/// Format moves in standard notation separated by single spaces.
pub fn format_moves(seq: &[Move]) -> String {
    seq.iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a move sequence could not be parsed.  `position` is the 1-based character column of
/// the offending token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// A token that is no move.
    #[error("unknown move `{token}` at position {position}: moves are face turns U R F D L B, slices M E S, wide turns such as Rw (or r) and rotations x y z, each optionally followed by 2, 3 or ' (e.g. R U2 M')")]
    Unknown {
        /// The token as written.
        token: String,
        /// Where (1-based).
        position: usize,
    },
    /// A slice move (M, E, S).
    #[error("`{token}` at position {position} is a slice move; write it as two outer face turns (e.g. M = R L' with a rotation) — korf solves with U R F D L B turns only")]
    Slice {
        /// The token as written.
        token: String,
        /// Where (1-based).
        position: usize,
    },
    /// A cube rotation (x, y, z).
    #[error("`{token}` at position {position} is a cube rotation; korf works in a fixed orientation, so leave rotations out")]
    Rotation {
        /// The token as written.
        token: String,
        /// Where (1-based).
        position: usize,
    },
    /// A wide or lower-case turn.
    #[error("`{token}` at position {position} is a wide or lower-case turn; only outer face turns U R F D L B are accepted")]
    Wide {
        /// The token as written.
        token: String,
        /// Where (1-based).
        position: usize,
    },
    /// A turn amount other than 1, 2, 3 or '.
    #[error("bad turn amount in `{token}` at position {position}: use nothing, 2, 3 or ' after the turn's letter")]
    Amount {
        /// The token as written.
        token: String,
        /// Where (1-based).
        position: usize,
    },
    /// A facelet string (or a near one: [`super::facelet_attempt`]) where moves were asked
    /// for: read as moves, its letters would be that many turns of another position.
    #[error("this is a facelet string ({letters} face letters written together), not a move sequence: give it as the position's facelets, not as moves")]
    Facelets {
        /// How many face letters it has.
        letters: usize,
    },
}

/// Refuse a facelet string where moves are asked for: nobody writes 40 turns without a
/// space, and read as turns it would be another position without a word.
pub(super) fn not_facelets(text: &str) -> Result<(), MoveParseError> {
    match super::facelet_attempt(text) {
        Some(letters) => Err(MoveParseError::Facelets {
            letters: letters.chars().filter(|c| "URFDLB".contains(*c)).count(),
        }),
        None => Ok(()),
    }
}

/// Parse a move sequence such as `R U R' U'`, `R2 U2'`, `RUR'U'`, `U3` (= U') or `U1` (= U).
///
/// A facelet string is refused ([`MoveParseError::Facelets`]): nobody writes 40 turns
/// without a space, and read as turns it would be another position without a word.
pub fn parse_moves(text: &str) -> Result<Sequence, MoveParseError> {
    not_facelets(text)?;
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        // Gather the token: a letter followed by digits, primes and (for diagnostics) 'w'.
        while i < chars.len() && (chars[i].is_ascii_digit() || matches!(chars[i], '\'' | '’' | 'w'))
        {
            i += 1;
        }
        let token: String = chars[start..i].iter().collect();
        let position = start + 1;
        let Some(face) = Face::from_letter(c) else {
            return Err(match c {
                'M' | 'E' | 'S' => MoveParseError::Slice { token, position },
                'x' | 'y' | 'z' => MoveParseError::Rotation { token, position },
                'u' | 'r' | 'f' | 'd' | 'l' | 'b' => MoveParseError::Wide { token, position },
                _ => MoveParseError::Unknown { token, position },
            });
        };
        let rest: String = chars[start + 1..i].iter().collect();
        if rest.contains('w') {
            return Err(MoveParseError::Wide { token, position });
        }
        let (digits, primes) = rest.split_at(rest.find(['\'', '’']).unwrap_or(rest.len()));
        let amount: u8 = match digits {
            "" | "1" => 1,
            "2" => 2,
            "3" => 3,
            _ => return Err(MoveParseError::Amount { token, position }),
        };
        let amount = match primes.chars().count() {
            0 => amount,
            1 => (4 - amount) % 4,
            _ => return Err(MoveParseError::Amount { token, position }),
        };
        out.push(Move::new(face, amount));
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// Cubie tables, computed at compile time from the six clockwise quarter turns.

const fn basic(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> Cube {
    let mut c = Cube::SOLVED;
    let mut i = 0;
    while i < CORNERS {
        c.corners[i] = pack_corner(cp[i], co[i]);
        i += 1;
    }
    let mut i = 0;
    while i < EDGES {
        c.edges[i] = pack_edge(ep[i], eo[i]);
        i += 1;
    }
    c
}

const fn const_compose(a: &Cube, b: &Cube) -> Cube {
    let mut r = Cube::SOLVED;
    let mut i = 0;
    while i < CORNERS {
        let from = a.corners[(b.corners[i] & 7) as usize];
        let twist = ((from >> 3) + (b.corners[i] >> 3)) % 3;
        r.corners[i] = pack_corner(from & 7, twist);
        i += 1;
    }
    let mut i = 0;
    while i < EDGES {
        r.edges[i] = a.edges[(b.edges[i] & 15) as usize] ^ (b.edges[i] & 16);
        i += 1;
    }
    r
}

// Pieces: corners URF UFL ULB UBR DFR DLF DBL DRB = 0..8,
// edges UR UF UL UB DR DF DL DB FR FL BL BR = 0..12.
const BASIC: [Cube; 6] = [
    // U
    basic(
        [3, 0, 1, 2, 4, 5, 6, 7],
        [0; 8],
        [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        [0; 12],
    ),
    // R
    basic(
        [4, 1, 2, 0, 7, 5, 6, 3],
        [2, 0, 0, 1, 1, 0, 0, 2],
        [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        [0; 12],
    ),
    // F
    basic(
        [1, 5, 2, 3, 0, 4, 6, 7],
        [1, 2, 0, 0, 2, 1, 0, 0],
        [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    ),
    // D
    basic(
        [0, 1, 2, 3, 5, 6, 7, 4],
        [0; 8],
        [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        [0; 12],
    ),
    // L
    basic(
        [0, 2, 6, 3, 4, 1, 5, 7],
        [0, 1, 2, 0, 0, 2, 1, 0],
        [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        [0; 12],
    ),
    // B
    basic(
        [0, 1, 3, 7, 4, 5, 2, 6],
        [0, 0, 1, 2, 0, 0, 2, 1],
        [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    ),
];

static MOVE_CUBES: [Cube; MOVE_COUNT] = {
    let mut out = [Cube::SOLVED; MOVE_COUNT];
    let mut f = 0;
    while f < 6 {
        let q = BASIC[f];
        let h = const_compose(&q, &q);
        let t = const_compose(&h, &q);
        out[3 * f] = q;
        out[3 * f + 1] = h;
        out[3 * f + 2] = t;
        f += 1;
    }
    out
};

/// The cube reached from solved by the single move `m`.
#[inline(always)]
pub fn move_cube(m: Move) -> &'static Cube {
    &MOVE_CUBES[m.index()]
}

/// Per-byte relabelling tables for [`Cube::premove`]: entry `b` (a packed piece) maps to
/// the packed piece `m` turns it into.
pub(crate) struct PremoveTable {
    pub corners: [u8; 32],
    pub edges: [u8; 32],
}

static PREMOVE: [PremoveTable; MOVE_COUNT] = {
    const EMPTY: PremoveTable = PremoveTable {
        corners: [0; 32],
        edges: [0; 32],
    };
    let mut out = [EMPTY; MOVE_COUNT];
    let mut m = 0;
    while m < MOVE_COUNT {
        let mc = &MOVE_CUBES[m];
        let mut b = 0;
        while b < 32 {
            // (m * c).corner(i) = m.corner(c.corner(i)), twist = m.twist(p) + c.twist(i).
            let (p, t) = ((b & 7), (b >> 3) as u8);
            if t < 3 {
                let to = mc.corners[p];
                out[m].corners[b] = pack_corner(to & 7, ((to >> 3) + t) % 3);
            }
            let (p, fl) = ((b & 15), (b >> 4) as u8);
            if p < EDGES {
                out[m].edges[b] = mc.edges[p] ^ (fl << 4);
            } else {
                // Placeholder pieces (used by partial states) stay where they are.
                out[m].edges[b] = b as u8;
            }
            b += 1;
        }
        m += 1;
    }
    out
};

#[inline(always)]
pub(crate) fn premove_table(m: Move) -> &'static PremoveTable {
    &PREMOVE[m.index()]
}

/// Relabel one packed edge byte by move `m` (as [`Cube::premove`] does for each edge).
#[inline(always)]
pub(crate) fn premove_edge(m: Move, packed: u8) -> u8 {
    PREMOVE[m.index()].edges[packed as usize]
}

/// Relabel one packed corner byte by move `m`.
#[inline(always)]
pub(crate) fn premove_corner(m: Move, packed: u8) -> u8 {
    PREMOVE[m.index()].corners[packed as usize]
}

//! Slice, wide and rotation notation: every turn a cuber writes, beside the 18 face turns.
//!
//! WCA notation, turns named by the layer in space (the face on the right of the cube as
//! held is `R`, whatever centre sits there):
//!
//! * face turns `U R F D L B`;
//! * slices `M E S`: `M` the layer between R and L, turned as `L` turns; `E` between U and
//!   D, as `D`; `S` between F and B, as `F`;
//! * wide turns `Uw` … `Bw` (also written `u` … `b`): a face and the slice next to it;
//! * rotations `x y z` of the whole cube, as `R`, `U` and `F` turn;
//!
//! each followed by nothing, `2`, `3`, `'` or `2'`.
//!
//! The cubie model ([`Cube`]) has no centres: it is the cube *relative to its centres*.
//! A slice, wide turn or rotation moves the centres, so a position held in the hand is a
//! [`Cube`] and a [`Frame`]: which centre is where.  Every turn is then at most two face
//! turns of opposite faces relative to the centres (`M` = `R L'`, `Rw` = `L`, `x` = none)
//! and a rotation of the frame ([`Frame::turn`]).  Turns of one axis commute, so a run of
//! them is one *block* ([`AxisBlock`]): three layer amounts.
//!
//! How turns are counted ([`Turn::cost`]): in the face-turn metric (HTM) a face or wide
//! turn is 1 and a slice 2; in the quarter-turn metric (QTM) each quarter turn of an outer
//! layer is 1, so a slice quarter turn is 2 and a half turn double; in the slice-turn
//! metric (STM) every turn of a face, slice or wide layer is 1.  Rotations count 0 in all.

use super::{Cube, Face, Metric, Move};
use std::fmt;

/// What kind of layer a turn moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnKind {
    /// One outer face: `U R F D L B`.
    Face,
    /// The middle layer: `M E S`.
    Slice,
    /// An outer face and the slice next to it: `Uw` … `Bw` (`u` … `b`).
    Wide,
    /// The whole cube: `x y z`.
    Rotation,
}

/// One turn in WCA notation.  The direction is that of a clockwise turn of [`Turn::face`]
/// seen from outside that face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn {
    kind: TurnKind,
    face: Face,
    quarter_turns: u8,
}

/// How many distinct turns there are: 18 face turns, 9 slice, 18 wide and 9 rotations.
pub const TURN_COUNT: usize = 54;

/// The slice of each axis (U-D, R-L, F-B) and the face whose way it turns: `E` as D,
/// `M` as L, `S` as F.
const SLICES: [(char, Face); 3] = [('E', Face::D), ('M', Face::L), ('S', Face::F)];

/// The rotation of each axis and the face whose way it turns: `y` as U, `x` as R, `z` as F.
const ROTATIONS: [(char, Face); 3] = [('y', Face::U), ('x', Face::R), ('z', Face::F)];

impl Turn {
    /// A face turn.
    pub const fn face_turn(m: Move) -> Turn {
        Turn {
            kind: TurnKind::Face,
            face: Face::ALL[m.face_index()],
            quarter_turns: m.quarter_turns(),
        }
    }

    /// The slice of `axis` (0 = E, between U and D; 1 = M, between R and L; 2 = S,
    /// between F and B), `quarter_turns` (1–3) its own way.
    pub fn slice(axis: usize, quarter_turns: u8) -> Turn {
        Turn::new(TurnKind::Slice, SLICES[axis].1, quarter_turns)
    }

    /// A wide turn of `face`.
    pub fn wide(face: Face, quarter_turns: u8) -> Turn {
        Turn::new(TurnKind::Wide, face, quarter_turns)
    }

    /// The rotation about `axis` (0 = y, 1 = x, 2 = z).
    pub fn rotation(axis: usize, quarter_turns: u8) -> Turn {
        Turn::new(TurnKind::Rotation, ROTATIONS[axis].1, quarter_turns)
    }

    fn new(kind: TurnKind, face: Face, quarter_turns: u8) -> Turn {
        assert!(
            (1..=3).contains(&quarter_turns),
            "a turn is 1 to 3 quarter turns"
        );
        Turn {
            kind,
            face,
            quarter_turns,
        }
    }

    /// Which layer it moves.
    pub fn kind(self) -> TurnKind {
        self.kind
    }

    /// The face whose clockwise turn gives its direction (for a slice or rotation, the
    /// face it turns as: `M` as L, `x` as R).
    pub fn face(self) -> Face {
        self.face
    }

    /// Clockwise quarter turns, 1–3.
    pub fn quarter_turns(self) -> u8 {
        self.quarter_turns
    }

    /// The axis it turns about: 0 for U-D, 1 for R-L, 2 for F-B.
    pub fn axis(self) -> usize {
        self.face as usize % 3
    }

    /// The face turn it is, if it is one.
    pub(crate) fn as_move(self) -> Option<Move> {
        (self.kind == TurnKind::Face).then(|| Move::new(self.face, self.quarter_turns))
    }

    /// The turn that undoes it.
    pub fn inverse(self) -> Turn {
        Turn {
            quarter_turns: 4 - self.quarter_turns,
            ..self
        }
    }

    /// A number from 0 to [`TURN_COUNT`] − 1: face turns first in [`Move`]'s order (so
    /// face turn `m` is `m.index()`), then slices (E, M, S), wide turns, rotations (y, x,
    /// z), each kind's three amounts together.
    pub fn index(self) -> usize {
        let q = self.quarter_turns as usize - 1;
        match self.kind {
            TurnKind::Face => self.face as usize * 3 + q,
            TurnKind::Slice => 18 + self.axis() * 3 + q,
            TurnKind::Wide => 27 + self.face as usize * 3 + q,
            TurnKind::Rotation => 45 + self.axis() * 3 + q,
        }
    }

    /// The turn numbered `i` by [`Turn::index`].
    pub fn from_index(i: usize) -> Turn {
        let q = (i % 3) as u8 + 1;
        match i {
            0..=17 => Turn::new(TurnKind::Face, Face::ALL[i / 3], q),
            18..=26 => Turn::slice((i - 18) / 3, q),
            27..=44 => Turn::wide(Face::ALL[(i - 27) / 3], q),
            45..=53 => Turn::rotation((i - 45) / 3, q),
            _ => panic!("turn index {i} out of range"),
        }
    }

    /// The amounts the three layers of its axis turn, in quarter turns the way the axis's
    /// first face (U, R or F) turns: that face's layer, the slice, the opposite face's.
    pub fn layers(self) -> AxisBlock {
        let first = (self.face as usize) < 3;
        let k = if first {
            self.quarter_turns
        } else {
            (4 - self.quarter_turns) % 4
        };
        let (near, far) = if first { (k, 0) } else { (0, k) };
        let amounts = match self.kind {
            TurnKind::Face => [near, 0, far],
            TurnKind::Slice => [0, k, 0],
            TurnKind::Wide => [near, k, far],
            TurnKind::Rotation => [k, k, k],
        };
        AxisBlock {
            axis: self.axis() as u8,
            amounts,
        }
    }

    /// What it costs in `metric`: in face turns a face or wide turn 1 and a slice 2; in
    /// quarter turns each quarter turn of an outer layer 1 and of a slice 2 (a half turn
    /// twice its quarter); in slice turns every turn 1; a rotation 0 in all.
    pub fn cost(self, metric: Metric) -> usize {
        let half = self.quarter_turns == 2;
        match (self.kind, metric) {
            (TurnKind::Rotation, _) => 0,
            (TurnKind::Slice, Metric::Htm) => 2,
            (TurnKind::Slice, Metric::Qtm) => 2 + 2 * half as usize,
            (_, Metric::Qtm) => 1 + half as usize,
            _ => 1,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TurnKind::Face => write!(f, "{}", self.face.letter())?,
            TurnKind::Slice => write!(f, "{}", SLICES[self.axis()].0)?,
            TurnKind::Wide => write!(f, "{}w", self.face.letter())?,
            TurnKind::Rotation => write!(f, "{}", ROTATIONS[self.axis()].0)?,
        }
        f.write_str(["", "2", "'"][self.quarter_turns as usize - 1])
    }
}

/// A sequence of turns as korf writes it: `M2 U M U2 M' U M2`.
pub fn format_turns(turns: &[Turn]) -> String {
    turns
        .iter()
        .map(Turn::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The turn a token's letters name, before its amount: `R`, `Rw`, `r`, `M`, `x`.
fn turn_letters(letter: char, wide: bool) -> Option<(TurnKind, Face)> {
    if let Some(face) = Face::from_letter(letter) {
        let kind = if wide { TurnKind::Wide } else { TurnKind::Face };
        return Some((kind, face));
    }
    if wide {
        return None;
    }
    if let Some(face) = Face::from_letter(letter.to_ascii_uppercase()) {
        return Some((TurnKind::Wide, face));
    }
    let slice = SLICES.iter().find(|s| s.0 == letter);
    let rotation = ROTATIONS.iter().find(|s| s.0 == letter);
    slice
        .map(|s| (TurnKind::Slice, s.1))
        .or(rotation.map(|r| (TurnKind::Rotation, r.1)))
}

/// One token of a turn sequence read: its turn, or `None` if it names none.
/// `amount` is what follows the letters (`""`, `2`, `'`, `2'`, `3`).
fn read_token(letter: char, wide: bool, amount: &str) -> Result<Option<Turn>, ()> {
    let Some((kind, face)) = turn_letters(letter, wide) else {
        return Err(());
    };
    let (digits, primes) = amount.split_at(amount.find(['\'', '’']).unwrap_or(amount.len()));
    let k: u8 = match digits {
        "" | "1" => 1,
        "2" => 2,
        "3" => 3,
        _ => return Ok(None),
    };
    let k = match primes.chars().count() {
        0 => k,
        1 => (4 - k) % 4,
        _ => return Ok(None),
    };
    Ok((k != 0).then(|| Turn::new(kind, face, k)))
}

/// Parse a sequence in WCA notation: face turns, slices `M E S`, wide turns (`Rw` or
/// `r`), rotations `x y z`, each with nothing, `2`, `3`, `'` or `2'` after it
/// (`M2 U M U2 M' U M2`, `r U R' U'`, `x2 y`).  A facelet string is refused as
/// [`parse_moves`](super::parse_moves) refuses it.
pub fn parse_turns(text: &str) -> Result<Vec<Turn>, super::MoveParseError> {
    use super::MoveParseError;
    super::moves::not_facelets(text)?;
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() || chars[i] == ',' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let wide = chars.get(i) == Some(&'w');
        i += wide as usize;
        let amount_start = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || matches!(chars[i], '\'' | '’')) {
            i += 1;
        }
        let token: String = chars[start..i].iter().collect();
        let amount: String = chars[amount_start..i].iter().collect();
        let position = start + 1;
        match read_token(chars[start], wide, &amount) {
            Err(()) => return Err(MoveParseError::Unknown { token, position }),
            Ok(None) => return Err(MoveParseError::Amount { token, position }),
            Ok(Some(t)) => out.push(t),
        }
    }
    Ok(out)
}

/// Turns of one axis made one after another: how far each of its three layers turns, in
/// quarter turns the way the axis's first face (U, R, F) turns — that face's layer, the
/// slice, the opposite face's.  Such turns commute, so any run of them is one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AxisBlock {
    axis: u8,
    amounts: [u8; 3],
}

impl AxisBlock {
    /// Nothing turned about `axis`.
    pub const fn none(axis: usize) -> AxisBlock {
        AxisBlock {
            axis: axis as u8,
            amounts: [0; 3],
        }
    }

    /// The axis: 0 for U-D, 1 for R-L, 2 for F-B.
    pub fn axis(self) -> usize {
        self.axis as usize
    }

    /// The three layers' amounts (near face, slice, far face), 0–3 each.
    pub fn amounts(self) -> [u8; 3] {
        self.amounts
    }

    /// This block, then `turn` (of the same axis).
    pub fn then(self, turn: Turn) -> AxisBlock {
        let t = turn.layers();
        debug_assert_eq!(t.axis, self.axis);
        AxisBlock {
            axis: self.axis,
            amounts: std::array::from_fn(|i| (self.amounts[i] + t.amounts[i]) % 4),
        }
    }

    /// Whether nothing turns.
    pub fn is_none(self) -> bool {
        self.amounts == [0; 3]
    }

    /// What it does relative to the centres: the turn of the near face's centre, then of
    /// the far face's (each `None` if that face does not turn relative to the slice), and
    /// how far the centres turn (the slice's amount).
    fn relative(self) -> (u8, u8, u8) {
        let [near, mid, far] = self.amounts;
        ((near + 4 - mid) % 4, (mid + 4 - far) % 4, mid)
    }
}

/// Which centre sits on each face of the cube as held: `centre(f)` is the face the centre
/// now at `f` belongs to.  Face turns never change it; slices, wide turns and rotations
/// turn it.  One of the 24 rotations of the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame([u8; 6]);

/// For each axis, the four side faces in the order a quarter turn the way its first face
/// turns carries them: U (F→L→B→R), R (F→U→B→D), F (U→R→D→L).
const CYCLES: [[usize; 4]; 3] = [[2, 4, 5, 1], [2, 0, 5, 3], [0, 1, 3, 4]];

impl Frame {
    /// Every centre at home.
    pub(crate) const HOME: Frame = Frame([0, 1, 2, 3, 4, 5]);

    /// The face whose centre is on face `at` of the cube as held.
    pub fn centre(self, at: Face) -> Face {
        Face::ALL[self.0[at as usize] as usize]
    }

    /// Whether every centre is at home.
    pub fn is_home(self) -> bool {
        self == Frame::HOME
    }

    /// The centres turned `quarter_turns` about `axis` the way its first face turns.
    pub(crate) fn rotated(self, axis: usize, quarter_turns: u8) -> Frame {
        let mut f = self;
        let cycle = CYCLES[axis];
        for _ in 0..quarter_turns % 4 {
            let old = f.0;
            for i in 0..4 {
                f.0[cycle[(i + 1) % 4]] = old[cycle[i]];
            }
        }
        f
    }

    /// Apply `block` to a cube held so: the face turns it makes relative to the centres
    /// (at most two, of opposite faces; `None` for a layer that keeps still relative to
    /// them) and the frame after it.
    pub fn turn(self, block: AxisBlock) -> ([Option<Move>; 2], Frame) {
        let axis = block.axis();
        let (near, far, mid) = block.relative();
        let near_face = self.centre(Face::ALL[axis]);
        let far_face = self.centre(Face::ALL[axis + 3]);
        let moves = [
            (near != 0).then(|| Move::new(near_face, near)),
            (far != 0).then(|| Move::new(far_face, far)),
        ];
        (moves, self.rotated(axis, mid))
    }

    /// The shortest rotation (`x`, `y2`, `x y'` …; none at home) that brings the centres
    /// home: what a solution ending with the centres elsewhere writes at its end.
    pub fn home_rotation(self) -> Vec<Turn> {
        let rotations: Vec<Turn> = (45..54).map(Turn::from_index).collect();
        let step = |f: Frame, t: &Turn| f.rotated(t.axis(), t.layers().amounts[1]);
        if self.is_home() {
            return Vec::new();
        }
        if let Some(t) = rotations.iter().find(|t| step(self, t).is_home()) {
            return vec![*t];
        }
        for a in &rotations {
            for b in rotations.iter().filter(|b| b.axis() != a.axis()) {
                if step(step(self, a), b).is_home() {
                    return vec![*a, *b];
                }
            }
        }
        unreachable!("every rotation of the cube is at most two quarter or half rotations")
    }
}

/// A cube as held: its pieces relative to the centres, and where the centres are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Held {
    /// The pieces, relative to the centres.
    pub cube: Cube,
    /// Where the centres are.
    pub frame: Frame,
}

impl Held {
    /// A cube held with its centres at home.
    pub fn new(cube: Cube) -> Held {
        Held {
            cube,
            frame: Frame::HOME,
        }
    }

    /// After one turn.
    pub fn turn(self, turn: Turn) -> Held {
        self.block(turn.layers())
    }

    /// After one block of turns of an axis.
    pub fn block(self, block: AxisBlock) -> Held {
        let (moves, frame) = self.frame.turn(block);
        let mut cube = self.cube;
        for m in moves.into_iter().flatten() {
            cube = cube.apply_move(m);
        }
        Held { cube, frame }
    }

    /// After a sequence of turns.
    pub fn turns(self, turns: &[Turn]) -> Held {
        turns.iter().fold(self, |h, &t| h.turn(t))
    }

    /// The cube as seen held this way, each colour named by the face its centre is on
    /// now: what a facelet string of it reads, and what turns of the layers as they are
    /// now held act on.
    pub fn seen(self) -> Cube {
        // The rotation that takes each centre's face to where it is now.
        let s = (0..super::symmetry::SYMMETRIES)
            .find(|&s| {
                [Face::U, Face::R, Face::F].iter().all(|&at| {
                    let from = Move::new(self.frame.centre(at), 1);
                    super::symmetry::conjugate_moves(&[from], s) == [Move::new(at, 1)]
                })
            })
            .expect("every frame is a rotation of the cube");
        super::symmetry::conjugate(&self.cube, s)
    }
}

/// The cube a sequence makes from the solved one, as seen held the way the sequence
/// leaves it ([`Held::seen`]): what a scramble with slices, wide turns or rotations
/// gives, and what the turns that follow it act on.  With face turns alone it is
/// [`Cube::from_moves`].
pub fn cube_from_turns(turns: &[Turn]) -> Cube {
    Held::new(Cube::SOLVED).turns(turns).seen()
}

/// The face turns, relative to the centres, that move the pieces as `turns` do: `M U`
/// is `R L' B` (after `M` the centre of B is on top).
pub fn relative_moves(turns: &[Turn]) -> Vec<Move> {
    let mut frame = Frame::HOME;
    let mut out = Vec::new();
    for t in turns {
        let (moves, next) = frame.turn(t.layers());
        out.extend(moves.into_iter().flatten());
        frame = next;
    }
    out
}

/// A sequence's length in `metric`.
pub fn turns_length(turns: &[Turn], metric: Metric) -> usize {
    turns.iter().map(|t| t.cost(metric)).sum()
}

/// The turns a search may use: bit [`Turn::index`] for each.  Rotations are never
/// searched (they cost nothing and move no piece); a layer is allowed with all three of
/// its turns or with its half turn alone, as in [`MoveSet`](super::MoveSet).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnSet(u64);

/// Why a turn set could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnSetError {
    /// Nothing listed.
    #[error("the move set is empty: list layers such as R,U,M (all turns of each) or half turns such as M2")]
    Empty,
    /// A token that names no layer.
    #[error("`{0}` in the move set is not a layer or a half turn: list faces U R F D L B, slices M E S or wide turns such as Rw (or r), each for all its turns, or half turns such as M2, separated by commas")]
    Unknown(String),
    /// A quarter turn alone.
    #[error("`{token}` alone cannot be allowed: list the layer `{layer}` (all its turns) or its half turn `{layer}2`")]
    QuarterAlone {
        /// The token as written.
        token: String,
        /// Its layer.
        layer: String,
    },
    /// A rotation.
    #[error("`{0}` is a rotation: rotations are not searched (they move no piece and cost nothing); a solution that leaves the centres turned ends with the rotation that brings the cube back")]
    Rotation(String),
}

impl TurnSet {
    /// The 18 face turns.
    pub const FACES: TurnSet = TurnSet((1 << 18) - 1);

    /// Read a list like `R,U,M` (every turn of each layer), `R,r,U`, `U,M2` (a half turn
    /// alone); commas or spaces between.  A layer listed both ways gets all its turns.
    pub fn parse(text: &str) -> Result<TurnSet, TurnSetError> {
        let mut bits = 0u64;
        for token in text.split([',', ' ']).filter(|t| !t.is_empty()) {
            let unknown = || TurnSetError::Unknown(token.to_string());
            let turns = parse_turns(token).map_err(|_| unknown())?;
            let [turn] = turns[..] else {
                return Err(unknown());
            };
            if turn.kind == TurnKind::Rotation {
                return Err(TurnSetError::Rotation(token.to_string()));
            }
            let layer = Turn {
                quarter_turns: 1,
                ..turn
            };
            let amount_written = token.contains(|c: char| c.is_ascii_digit() || "'’".contains(c));
            bits |= match (turn.quarter_turns, amount_written) {
                (2, _) => 0b010 << layer.index(),
                (1, false) => 0b111 << layer.index(),
                _ => {
                    return Err(TurnSetError::QuarterAlone {
                        token: token.to_string(),
                        layer: layer.to_string(),
                    })
                }
            };
        }
        for layer in 0..TURN_COUNT / 3 {
            if bits >> (3 * layer) & 0b101 != 0 {
                bits |= 0b111 << (3 * layer);
            }
        }
        match bits {
            0 => Err(TurnSetError::Empty),
            _ => Ok(TurnSet(bits)),
        }
    }

    /// Whether `turn` is allowed.
    pub fn contains(self, turn: Turn) -> bool {
        self.0 >> turn.index() & 1 != 0
    }

    /// The allowed turns, in index order.
    pub fn turns(self) -> impl Iterator<Item = Turn> {
        (0..TURN_COUNT)
            .filter(move |&i| self.0 >> i & 1 != 0)
            .map(Turn::from_index)
    }

    /// The same set as face turns, if it holds nothing else.
    pub fn face_moves(self) -> Option<super::MoveSet> {
        (self.0 >> 18 == 0)
            .then(|| super::MoveSet::from_mask(self.0 as u32))
            .flatten()
    }
}

impl From<super::MoveSet> for TurnSet {
    fn from(set: super::MoveSet) -> TurnSet {
        TurnSet(set.mask() as u64)
    }
}

impl fmt::Display for TurnSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = (0..TURN_COUNT / 3)
            .filter_map(|layer| {
                let turn = Turn::from_index(3 * layer);
                match self.0 >> (3 * layer) & 0b111 {
                    0 => None,
                    0b010 => Some(format!("{turn}2")),
                    _ => Some(turn.to_string()),
                }
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl fmt::Debug for TurnSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TurnSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::parse_moves;

    fn cube(text: &str) -> Cube {
        cube_from_turns(&parse_turns(text).unwrap())
    }

    #[test]
    fn notation_reads_and_writes_every_turn() {
        for i in 0..TURN_COUNT {
            let t = Turn::from_index(i);
            assert_eq!(t.index(), i);
            assert_eq!(parse_turns(&t.to_string()).unwrap(), vec![t], "{t}");
            assert_eq!(
                Held::new(Cube::SOLVED).turn(t).turn(t.inverse()).cube,
                Cube::SOLVED
            );
        }
        assert_eq!(
            parse_turns("r u' x2 M2' S3").unwrap(),
            parse_turns("Rw Uw' x2 M2 S'").unwrap()
        );
        assert!(parse_turns("Q").is_err());
        assert!(parse_turns("Mw").is_err());
        assert!(parse_turns("R4").is_err());
    }

    #[test]
    fn slices_and_wide_turns_are_face_turns_relative_to_the_centres() {
        let same = |a: &str, b: &str| assert_eq!(cube(a), cube(b), "{a} vs {b}");
        same("M", "R L'");
        same("E", "U D'");
        same("S", "F' B");
        same("Rw", "L x");
        same("r U", "L x U");
        same("x y z", "");
        same("x", "");
        same("M", "R L' x'");
        assert_eq!(
            crate::cube::format_moves(&relative_moves(&parse_turns("M U").unwrap())),
            "R L' B"
        );
        for t in ["M", "E", "S", "Rw", "Uw", "x", "y", "z"] {
            let held = Held::new(Cube::SOLVED).turns(&parse_turns(t).unwrap());
            assert!(!held.frame.is_home(), "{t} moves the centres");
            let back = held.turns(&held.frame.home_rotation());
            assert!(back.frame.is_home());
        }
        // Face turns are face turns.
        let seq = parse_moves("R U2 F' D L2 B").unwrap();
        let turns: Vec<Turn> = seq.iter().map(|&m| Turn::face_turn(m)).collect();
        assert_eq!(cube_from_turns(&turns), Cube::from_moves(&seq));
    }

    #[test]
    fn costs_follow_the_metrics() {
        let len = |s: &str, m| turns_length(&parse_turns(s).unwrap(), m);
        assert_eq!(len("M2 U M U2 M' U M2", Metric::Stm), 7);
        assert_eq!(len("M2 U M U2 M' U M2", Metric::Htm), 11);
        assert_eq!(len("M2 U M U2 M' U M2", Metric::Qtm), 16);
        assert_eq!(len("Rw U x y2", Metric::Htm), 2);
    }

    #[test]
    fn turn_sets_parse_layers_and_half_turns_and_refuse_the_rest() {
        let mu = TurnSet::parse("M,U").unwrap();
        assert_eq!(mu.to_string(), "U,M");
        assert_eq!(mu.turns().count(), 6);
        assert_eq!(
            TurnSet::parse("R r U").unwrap(),
            TurnSet::parse("R,Rw,U").unwrap()
        );
        assert_eq!(TurnSet::parse("U,M2").unwrap().turns().count(), 4);
        assert_eq!(
            TurnSet::parse("M2,M").unwrap(),
            TurnSet::parse("M").unwrap()
        );
        assert_eq!(
            TurnSet::parse("R,U")
                .unwrap()
                .face_moves()
                .unwrap()
                .to_string(),
            "U,R"
        );
        assert_eq!(mu.face_moves(), None);
        assert!(
            matches!(TurnSet::parse("M'"), Err(TurnSetError::QuarterAlone { layer, .. }) if layer == "M")
        );
        assert!(matches!(
            TurnSet::parse("R,x"),
            Err(TurnSetError::Rotation(_))
        ));
        assert!(matches!(
            TurnSet::parse("R,Q"),
            Err(TurnSetError::Unknown(_))
        ));
        assert_eq!(TurnSet::parse(" , "), Err(TurnSetError::Empty));
    }

    #[test]
    fn every_frame_comes_home_in_at_most_two_rotations() {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![Frame::HOME];
        while let Some(f) = todo.pop() {
            if seen.insert(f) {
                assert!(f.home_rotation().len() <= 2);
                for axis in 0..3 {
                    todo.push(f.rotated(axis, 1));
                }
            }
        }
        assert_eq!(seen.len(), 24);
    }
}

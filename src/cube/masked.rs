//! Positions with stickers that do not matter: `X` (or `?`) in a facelet string.
//!
//! A sequence solves such a position when, applied to it, every sticker whose colour is
//! given lands on the face of that colour.  Where a given sticker ends up depends only on
//! the sequence, so a sequence `s` solves the masked position exactly when the one cube it
//! solves, `s⁻¹` (the solved cube turned by `s` backwards), agrees with every given sticker:
//! the solutions of a masked position are the solutions of its *completions* — the legal
//! cubes that agree with its given stickers — and each solution solves exactly one of them.
//! So korf solves a masked position by solving its completions, with every table as it is
//! (see [`crate::goal`]), and refuses one with more completions than it can search.
//!
//! The completions are found piece by piece: each corner (edge) position lists the pieces
//! and orientations its given stickers allow, then every way to place each piece once is
//! counted (by twist and permutation parity) before any is listed, so that a position no
//! completion can make legal gets its reason and one with too many is refused at once.

use super::facelet::{
    length_error, CENTRES, CORNER_COLOURS, CORNER_FACELETS, EDGE_COLOURS, EDGE_FACELETS, FACE_CHARS,
};
use super::{Cube, FaceletError, Move, CORNER_NAMES, EDGE_NAMES};

/// The characters that mark a sticker whose colour does not matter.
pub const MASK_CHARS: [char; 2] = ['X', '?'];

/// Most completions a masked position may have for korf to search it: each is one optimal
/// solve (most are cut off by the tables at once).
pub const MAX_COMPLETIONS: usize = 20_000;

/// A cube position some of whose stickers do not matter: each of the 54 stickers is a
/// face's colour or unknown.  A position with every sticker given is an ordinary
/// [`Cube`] (see [`MaskedCube::complete`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MaskedCube {
    /// The face (`U R F D L B` = 0..6) whose colour each sticker has, if given.
    stickers: [Option<u8>; 54],
}

impl From<Cube> for MaskedCube {
    fn from(cube: Cube) -> MaskedCube {
        let faces = cube.to_facelets();
        let mut stickers = [None; 54];
        for (s, b) in stickers.iter_mut().zip(faces.bytes()) {
            *s = FACE_CHARS.iter().position(|&f| f == b).map(|f| f as u8);
        }
        MaskedCube { stickers }
    }
}

/// Where one kind of piece (corners or edges) may be: per position, the pieces and
/// orientations its given stickers allow.
struct Placements {
    /// `options[i]`: every `(piece, orientation)` position `i` allows.
    options: Vec<Vec<(u8, u8)>>,
    /// Orientations a piece has (3 for corners, 2 for edges).
    turns: u8,
}

/// Why a kind of piece cannot be placed.
enum Unplaceable {
    /// Position `i`'s given stickers fit no piece.
    NoPiece(usize),
    /// Two positions' given stickers both fit only this piece.
    Twice(u8),
    /// No way to place each piece once, for another reason.
    Otherwise,
}

/// How many ways there are to place every piece once, by permutation parity and by the
/// orientations' sum.
type Counts = [[u128; 3]; 2];

impl MaskedCube {
    /// Read a facelet string (Kociemba's order, as [`Cube::from_facelets`]) in which `X`
    /// or `?` marks a sticker whose colour does not matter.  The centres must be given
    /// (they name the colours).  A string without such marks is checked as a cube; one
    /// with them is refused if no completion is a legal cube, with the reason.
    pub fn from_facelets(text: &str) -> Result<MaskedCube, FaceletError> {
        let text = text.trim();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 54 {
            return Err(length_error(text, chars.len()));
        }
        if !chars.iter().any(|c| MASK_CHARS.contains(c)) {
            return Cube::from_facelets(text).map(MaskedCube::from);
        }
        let masked = MaskedCube::read(&chars)?;
        masked.completion_count()?;
        Ok(masked)
    }

    /// The stickers of `chars`, each a centre's colour or unknown; the colours counted.
    fn read(chars: &[char]) -> Result<MaskedCube, FaceletError> {
        let centres: Vec<char> = CENTRES.iter().map(|&i| chars[i]).collect();
        if let Some(i) = centres.iter().position(|c| MASK_CHARS.contains(c)) {
            return Err(FaceletError::MaskedCentre {
                position: CENTRES[i] + 1,
            });
        }
        for i in 0..6 {
            if centres[..i].contains(&centres[i]) {
                return Err(FaceletError::Centres(centres.iter().collect()));
            }
        }
        let mut stickers = [None; 54];
        let mut counts = [0usize; 6];
        for (i, &ch) in chars.iter().enumerate() {
            if MASK_CHARS.contains(&ch) {
                continue;
            }
            let Some(f) = centres.iter().position(|&c| c == ch) else {
                return Err(FaceletError::UnknownColour {
                    ch,
                    position: i + 1,
                    centres: centres.iter().collect(),
                });
            };
            stickers[i] = Some(f as u8);
            counts[f] += 1;
        }
        if let Some(f) = (0..6).find(|&f| counts[f] > 9) {
            return Err(FaceletError::TooManyOfColour {
                ch: centres[f],
                face: FACE_CHARS[f] as char,
                count: counts[f],
            });
        }
        Ok(MaskedCube { stickers })
    }

    /// `cube` with every sticker of some pieces grey, wherever those pieces are: the
    /// corner pieces whose bit is set in `corners` (bit `i` for piece `i`,
    /// [`crate::cube::CORNER_NAMES`]' order) and the edge pieces in `edges`.
    pub fn with_pieces_grey(cube: &Cube, corners: u8, edges: u16) -> MaskedCube {
        let mut masked = MaskedCube::from(*cube);
        let corner_slots = CORNER_FACELETS.iter().enumerate();
        for (_, slots) in corner_slots.filter(|&(at, _)| corners >> cube.corner(at) & 1 != 0) {
            slots.iter().for_each(|&f| masked.stickers[f] = None);
        }
        let edge_slots = EDGE_FACELETS.iter().enumerate();
        for (_, slots) in edge_slots.filter(|&(at, _)| edges >> cube.edge(at) & 1 != 0) {
            slots.iter().for_each(|&f| masked.stickers[f] = None);
        }
        masked
    }

    /// Whether every sticker is given.
    pub fn is_complete(&self) -> bool {
        self.stickers.iter().all(Option::is_some)
    }

    /// The cube, if every sticker is given.
    pub fn complete(&self) -> Option<Cube> {
        match self.is_complete() {
            true => Cube::from_facelets(&self.to_facelets()).ok(),
            false => None,
        }
    }

    /// How many stickers do not matter.
    pub fn unknown_stickers(&self) -> usize {
        self.stickers.iter().filter(|s| s.is_none()).count()
    }

    /// The facelet string, in the `URFDLB` letters, with `X` for a sticker that does not
    /// matter.
    pub fn to_facelets(&self) -> String {
        self.stickers
            .iter()
            .map(|s| s.map_or('X', |f| FACE_CHARS[f as usize] as char))
            .collect()
    }

    /// Whether `cube` has every given sticker's colour in its place.
    pub fn matches(&self, cube: &Cube) -> bool {
        let faces = cube.to_facelets();
        self.stickers
            .iter()
            .zip(faces.bytes())
            .all(|(s, b)| s.is_none_or(|f| FACE_CHARS[f as usize] == b))
    }

    /// Whether `moves` solves this position: every given sticker, moved by them, lands on
    /// the face of its colour.  (The one cube `moves` solves must agree with the given
    /// stickers.)
    pub fn solved_by(&self, moves: &[Move]) -> bool {
        self.matches(&Cube::from_moves(moves).inverse())
    }

    /// Every legal cube that agrees with the given stickers, at most `limit` of them;
    /// refused, with the reason, if there are none or more than `limit`.
    pub fn completions(&self, limit: usize) -> Result<Vec<Cube>, FaceletError> {
        let total = self.completion_count()?;
        if total > limit as u128 {
            return Err(FaceletError::TooManyCompletions {
                count: total,
                limit,
            });
        }
        let (corners, edges) = (self.corners(), self.edges());
        let mut out = Vec::with_capacity(total as usize);
        for parity in 0..2 {
            let cs = corners.list(parity);
            if cs.is_empty() {
                continue;
            }
            for e in edges.list(parity) {
                for c in &cs {
                    out.push(Cube::from_parts(
                        array(&c.0),
                        array(&c.1),
                        array(&e.0),
                        array(&e.1),
                    ));
                }
            }
        }
        debug_assert_eq!(out.len() as u128, total);
        Ok(out)
    }

    /// One completion, whatever their number (for the search of a position with too
    /// many to list, [`crate::search::pinned`]); an error naming why if there is none.
    pub fn any_completion(&self) -> Result<Cube, FaceletError> {
        let counts = (self.corners().counts(), self.edges().counts());
        self.completion_count()?;
        let (Ok(c), Ok(e)) = counts else {
            unreachable!("completion_count refuses pieces that cannot be placed")
        };
        let parity = (0..2)
            .find(|&p| c[p][0] > 0 && e[p][0] > 0)
            .expect("completion_count found a completion");
        let (cp, co) = self.corners().first(parity).expect("counted");
        let (ep, eo) = self.edges().first(parity).expect("counted");
        Ok(Cube::from_parts(
            array(&cp),
            array(&co),
            array(&ep),
            array(&eo),
        ))
    }

    /// Where each piece of `completion` (a cube that agrees with the given stickers) may
    /// end for the position to count as solved: every placement that puts each of its
    /// given stickers on the face of its colour.
    pub fn piece_goals(&self, completion: &Cube) -> PieceGoals {
        let corners = self.goals_of(&CORNER_FACELETS, &CORNER_COLOURS, |i| {
            (completion.corner(i), completion.twist(i))
        });
        let edges = self.goals_of(&EDGE_FACELETS, &EDGE_COLOURS, |i| {
            (completion.edge(i), completion.flip(i))
        });
        PieceGoals {
            corners: corners.try_into().expect("eight corners"),
            edges: edges.try_into().expect("twelve edges"),
        }
    }

    /// [`MaskedCube::piece_goals`] for one kind of piece: the positions' stickers
    /// `slots`, the pieces' colours `colours`, and the piece and orientation at each
    /// position of the completion.
    fn goals_of<const S: usize>(
        &self,
        slots: &[[usize; S]],
        colours: &[[u8; S]],
        piece_at: impl Fn(usize) -> (u8, u8),
    ) -> Vec<u32> {
        let mut goals = vec![0u32; slots.len()];
        for (at, here) in slots.iter().enumerate() {
            let (q, o0) = piece_at(at);
            let (q, o0) = (q as usize, o0 as usize);
            let given: [bool; S] =
                std::array::from_fn(|n| self.stickers[here[(n + o0) % S]].is_some());
            for (to, there) in slots.iter().enumerate() {
                for o in 0..S {
                    let fits = (0..S)
                        .all(|n| !given[n] || there[(n + o) % S] / 9 == colours[q][n] as usize);
                    goals[q] |= (fits as u32) << (to * S + o);
                }
            }
        }
        goals
    }

    /// How many completions there are; an error naming why if there are none.
    pub fn completion_count(&self) -> Result<u128, FaceletError> {
        let corners = self.corners();
        let edges = self.edges();
        let c = corners
            .counts()
            .map_err(|u| self.unplaceable("corner", u))?;
        let e = edges.counts().map_err(|u| self.unplaceable("edge", u))?;
        let (c0, e0) = (c[0][0] + c[1][0], e[0][0] + e[1][0]);
        if c0 == 0 {
            let twist = (1..3).find(|&t| c[0][t] + c[1][t] > 0).unwrap_or(1);
            return Err(FaceletError::TwistedCorner {
                twist: twist as u32,
            });
        }
        if e0 == 0 {
            return Err(FaceletError::FlippedEdge);
        }
        let total = c[0][0].saturating_mul(e[0][0]) + c[1][0].saturating_mul(e[1][0]);
        match total {
            0 => Err(FaceletError::Parity),
            n => Ok(n),
        }
    }

    /// Where each corner piece may be.
    fn corners(&self) -> Placements {
        self.placements(&CORNER_FACELETS, &CORNER_COLOURS)
    }

    /// Where each edge piece may be.
    fn edges(&self) -> Placements {
        self.placements(&EDGE_FACELETS, &EDGE_COLOURS)
    }

    /// For each position (its stickers `slots`), every piece (its colours `colours`, in
    /// the same order) and orientation that agrees with the given stickers there.
    fn placements<const S: usize>(&self, slots: &[[usize; S]], colours: &[[u8; S]]) -> Placements {
        let options = slots
            .iter()
            .map(|slots| {
                let given = slots.map(|f| self.stickers[f]);
                let fits = |piece: &[u8; S], turn: usize| {
                    (0..S).all(|n| given[(n + turn) % S].is_none_or(|c| c == piece[n]))
                };
                let mut o = Vec::new();
                for (p, piece) in colours.iter().enumerate() {
                    o.extend(
                        (0..S)
                            .filter(|&t| fits(piece, t))
                            .map(|t| (p as u8, t as u8)),
                    );
                }
                o
            })
            .collect();
        Placements {
            options,
            turns: S as u8,
        }
    }

    /// The error for pieces of `kind` that cannot be placed.
    fn unplaceable(&self, kind: &'static str, why: Unplaceable) -> FaceletError {
        match (kind, why) {
            ("corner", Unplaceable::NoPiece(i)) => FaceletError::BadCorner {
                position: CORNER_NAMES[i],
                colours: self.describe(kind, i),
            },
            (_, Unplaceable::NoPiece(i)) => FaceletError::BadEdge {
                position: EDGE_NAMES[i],
                colours: self.describe(kind, i),
            },
            ("corner", Unplaceable::Twice(p)) => FaceletError::DuplicateCorner {
                name: CORNER_NAMES[p as usize],
            },
            (_, Unplaceable::Twice(p)) => FaceletError::DuplicateEdge {
                name: EDGE_NAMES[p as usize],
            },
            (kind, Unplaceable::Otherwise) => FaceletError::NoPlacement { kind },
        }
    }

    /// The given stickers of corner (`kind` "corner") or edge position `i`, as text.
    fn describe(&self, kind: &str, i: usize) -> String {
        let letter = |s: Option<u8>| s.map_or('X', |f| FACE_CHARS[f as usize] as char);
        match kind {
            "corner" => CORNER_FACELETS[i]
                .iter()
                .map(|&f| letter(self.stickers[f]))
                .collect(),
            _ => EDGE_FACELETS[i]
                .iter()
                .map(|&f| letter(self.stickers[f]))
                .collect(),
        }
    }
}

impl Placements {
    /// The number of ways to place every piece once, by parity and orientation sum
    /// (a dynamic programme over the set of pieces placed in the first positions); an
    /// error if there is none.
    fn counts(&self) -> Result<Counts, Unplaceable> {
        let n = self.options.len();
        if let Some(i) = self.options.iter().position(Vec::is_empty) {
            return Err(Unplaceable::NoPiece(i));
        }
        let m = self.turns as usize;
        let mut ways = vec![[[0u128; 3]; 2]; 1 << n];
        ways[0][0][0] = 1;
        for used in 0..(1usize << n) {
            let i = used.count_ones() as usize;
            if i == n || ways[used] == [[0; 3]; 2] {
                continue;
            }
            for &(piece, turn) in &self.options[i] {
                let bit = 1usize << piece;
                if used & bit != 0 {
                    continue;
                }
                let inversions = (used >> (piece + 1)).count_ones() as usize;
                for p in 0..2 {
                    for s in 0..m {
                        let w = ways[used][p][s];
                        let (p2, s2) = ((p + inversions) % 2, (s + turn as usize) % m);
                        ways[used | bit][p2][s2] = ways[used | bit][p2][s2].saturating_add(w);
                    }
                }
            }
        }
        let all = ways[(1 << n) - 1];
        if all.iter().flatten().all(|&w| w == 0) {
            return Err(self.unplaceable());
        }
        Ok(all)
    }

    /// Why the pieces cannot each be placed once: a piece that two positions both need,
    /// if there is one.
    fn unplaceable(&self) -> Unplaceable {
        let forced: Vec<Option<u8>> = self
            .options
            .iter()
            .map(|o| {
                let p = o[0].0;
                o.iter().all(|&(q, _)| q == p).then_some(p)
            })
            .collect();
        for (i, p) in forced.iter().enumerate() {
            if p.is_some() && forced[..i].contains(p) {
                return Unplaceable::Twice(p.unwrap_or(0));
            }
        }
        Unplaceable::Otherwise
    }

    /// One placement with orientation sum 0 and permutation parity `parity`, if any.
    fn first(&self, parity: usize) -> Option<(Vec<u8>, Vec<u8>)> {
        let mut found = None;
        self.each(parity, &mut |p, t| {
            found = Some((p.to_vec(), t.to_vec()));
            false
        });
        found
    }

    /// Every placement with orientation sum 0 and permutation parity `parity`: each as
    /// the pieces and their orientations, position by position.
    fn list(&self, parity: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
        let mut out = Vec::new();
        self.each(parity, &mut |p, t| {
            out.push((p.to_vec(), t.to_vec()));
            true
        });
        out
    }

    /// Call `visit` with each placement of orientation sum 0 and parity `parity` until it
    /// returns `false`.  Partial placements that led to none are remembered (by the
    /// pieces used, the parity and the sum so far) and not tried again.
    fn each(&self, parity: usize, visit: &mut dyn FnMut(&[u8], &[u8]) -> bool) {
        let mut walk = PlacementWalk {
            placements: self,
            parity,
            pieces: Vec::new(),
            turns: Vec::new(),
            dead: std::collections::HashSet::new(),
            visit,
            stopped: false,
        };
        walk.extend(0, 0, 0);
    }
}

/// The state of [`Placements::each`].
struct PlacementWalk<'a> {
    placements: &'a Placements,
    parity: usize,
    pieces: Vec<u8>,
    turns: Vec<u8>,
    dead: std::collections::HashSet<(usize, usize, usize)>,
    visit: &'a mut dyn FnMut(&[u8], &[u8]) -> bool,
    stopped: bool,
}

impl PlacementWalk<'_> {
    /// Place the next piece every way the pieces `used` allow; whether any placement
    /// was completed below.
    fn extend(&mut self, used: usize, inversions: usize, sum: usize) -> bool {
        let m = self.placements.turns as usize;
        let i = self.pieces.len();
        if i == self.placements.options.len() {
            let legal = inversions % 2 == self.parity && sum % m == 0;
            if legal {
                self.stopped = !(self.visit)(&self.pieces, &self.turns);
            }
            return legal;
        }
        let key = (used, inversions % 2, sum % m);
        if self.dead.contains(&key) {
            return false;
        }
        let mut any = false;
        for &(piece, turn) in &self.placements.options[i] {
            let bit = 1usize << piece;
            if used & bit != 0 {
                continue;
            }
            let inv = (used >> (piece + 1)).count_ones() as usize;
            self.pieces.push(piece);
            self.turns.push(turn);
            any |= self.extend(used | bit, inversions + inv, sum + turn as usize);
            self.pieces.pop();
            self.turns.pop();
            if self.stopped {
                return any;
            }
        }
        if !any {
            self.dead.insert(key);
        }
        any
    }
}

/// Where each piece of a cube may end for a masked position to count as solved
/// ([`MaskedCube::piece_goals`]): per piece (by its identity), a bit for each placement,
/// `position · 3 + twist` for corners and `position · 2 + flip` for edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceGoals {
    /// Per corner piece, the placements allowed.
    pub corners: [u32; 8],
    /// Per edge piece, the placements allowed.
    pub edges: [u32; 12],
}

impl PieceGoals {
    /// Every piece at home: the goal of a whole cube.
    pub const SOLVED: PieceGoals = PieceGoals {
        corners: [
            1,
            1 << 3,
            1 << 6,
            1 << 9,
            1 << 12,
            1 << 15,
            1 << 18,
            1 << 21,
        ],
        edges: [
            1,
            1 << 2,
            1 << 4,
            1 << 6,
            1 << 8,
            1 << 10,
            1 << 12,
            1 << 14,
            1 << 16,
            1 << 18,
            1 << 20,
            1 << 22,
        ],
    };

    /// Whether every piece of `cube` is where it may end.
    #[inline]
    pub fn allows(&self, cube: &Cube) -> bool {
        (0..8).all(|i| {
            self.corners[cube.corner(i) as usize] >> (i * 3 + cube.twist(i) as usize) & 1 != 0
        }) && (0..12)
            .all(|i| self.edges[cube.edge(i) as usize] >> (i * 2 + cube.flip(i) as usize) & 1 != 0)
    }
}

/// A list of pieces (or orientations) as the fixed-size array of its kind.
fn array<const N: usize>(v: &[u8]) -> [u8; N] {
    v.try_into().expect("one entry per position")
}

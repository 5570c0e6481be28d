//! A bound built for one query: pattern databases over just the pieces a masked position
//! pins, for positions with too many completions to search one by one (an F2L pair, say,
//! whose last layer is all grey: 62,208 completions).
//!
//! **Which pieces.** Of a masked position's pieces (`PieceGoals`), those whose given
//! stickers allow one placement only are *pinned*: an edge with both stickers given, a
//! corner with two or three.  Pieces of one kind that allow the same several placements
//! (the last layer's edges of an orientation case, each with its top colour given) are
//! *interchangeable*: the goal is that they fill those placements, in any order.  Every
//! other piece (a grey one, say) is left out, which only weakens the bound.
//!
//! **The tables.** The pinned pieces are split into groups of at most `GROUP_MOST`: the
//! corners in balanced chunks, the edges in balanced chunks, and each pinned corner with
//! the pinned edges beside its goal (an F2L pair and its cross edges); and each class of
//! at most `GROUP_MOST` interchangeable pieces, whose table is read with the pieces'
//! placements sorted (which piece is where does not matter).  A group's table
//! holds, for every placement of its pieces, the fewest turns (of the query's face turns,
//! counted in the tables' metric) that put them where the goal wants them, found by a
//! breadth-first search from the goal (from the four goals `U`-turned apart with an end
//! AUF).  Each is a lower bound on the whole problem, so their maximum is too; the tests
//! check it against searches without any bound.  A placement the turns cannot bring home
//! is marked unreachable, which proves the query has no solution.
//!
//! In the slice-turn metric with slices allowed, a slice is one turn but two face turns
//! relative to the centres: the tables then take each such pair of opposite face turns as
//! one turn too, so that their value stays a bound in slice turns (the full-cube tables'
//! value must be halved there).
//!
//! Built once per question and kept for the next ([`PinnedBound::new`] reuses the last
//! few), since a case list asks the same question of every case.

use super::held::Bound;
use crate::cube::{Cube, Face, Metric, Move, MoveSet, PieceGoals, CORNER_NAMES, EDGE_NAMES};
use std::sync::{Arc, Mutex};

/// Most pieces in one group: a table of 24⁵ bytes (7.6 MiB).
pub(crate) const GROUP_MOST: usize = 5;

/// A placement no turn sequence reaches.
const UNREACHED: u8 = u8::MAX;

/// A group of pinned pieces and its table.
struct Group {
    /// The corner pieces, then the edge pieces (by identity).
    corners: Vec<u8>,
    edges: Vec<u8>,
    /// The pieces are interchangeable: the digits are sorted before they are read.
    sorted: bool,
    /// Per placement (each piece's `position · 3 + twist`, or `· 2 + flip`, a base-24
    /// digit, corners first), the fewest turns home.
    table: Vec<u8>,
}

impl Group {
    /// The table index of `inverse`'s cube (the inverse tells where each piece is).
    #[inline]
    fn index(&self, inverse: &Cube) -> usize {
        if self.sorted {
            return self.sorted_index(inverse);
        }
        let mut index = 0;
        let mut scale = 1;
        for &q in &self.corners {
            let twist = (3 - inverse.twist(q as usize)) % 3;
            index += (inverse.corner(q as usize) * 3 + twist) as usize * scale;
            scale *= 24;
        }
        for &q in &self.edges {
            let flip = inverse.flip(q as usize);
            index += (inverse.edge(q as usize) * 2 + flip) as usize * scale;
            scale *= 24;
        }
        index
    }
}

impl Group {
    /// The index of an interchangeable class: its pieces' placements, sorted.
    fn sorted_index(&self, inverse: &Cube) -> usize {
        let mut digits = [0u8; GROUP_MOST];
        let k = self.corners.len() + self.edges.len();
        for (d, &q) in digits.iter_mut().zip(&self.corners) {
            *d = inverse.corner(q as usize) * 3 + (3 - inverse.twist(q as usize)) % 3;
        }
        for (d, &q) in digits[self.corners.len()..].iter_mut().zip(&self.edges) {
            *d = inverse.edge(q as usize) * 2 + inverse.flip(q as usize);
        }
        digits[..k].sort_unstable();
        encode(&digits[..k])
    }
}

/// A table index: base-24 digits, the first the lowest.
fn encode(digits: &[u8]) -> usize {
    digits.iter().rev().fold(0, |i, &d| i * 24 + d as usize)
}

/// What a question's tables depend on.
#[derive(Clone, PartialEq, Eq)]
struct Key {
    pinned_corners: Vec<(u8, u8)>,
    pinned_edges: Vec<(u8, u8)>,
    /// Classes of interchangeable pieces: corners or not, the pieces, their placements.
    classes: Vec<(bool, Vec<u8>, u32)>,
    moves: MoveSet,
    metric: Metric,
    end_auf: bool,
    slice_pairs: bool,
}

/// The last few questions' tables.
static KEPT: Mutex<Vec<(Key, Arc<Vec<Group>>)>> = Mutex::new(Vec::new());
/// How many questions' tables are kept.
const KEEP: usize = 4;

/// The bound and goal test of a masked position searched from one completion: where each
/// piece may end (`PieceGoals`), optionally up to a final turn of U, and the tables
/// over the pinned pieces.
pub struct PinnedBound {
    goals: PieceGoals,
    end_auf: bool,
    groups: Arc<Vec<Group>>,
}

impl PinnedBound {
    /// The bound for `goals`, searched with the face turns `moves` (all 18 where the
    /// search turns slices or wide layers, which move the pieces relative to the centres
    /// as face turns do), lengths in `metric` (face turns or quarter turns), `end_auf`
    /// allowing a final turn of U.  With `slice_pairs` (slices counted one each, in the
    /// slice-turn metric) the turns of two opposite faces that a slice makes relative to
    /// the centres (`R L'`, `R2 L2`, `R' L` and their kin) are one turn each too.
    pub fn new(
        goals: PieceGoals,
        moves: MoveSet,
        metric: Metric,
        end_auf: bool,
        slice_pairs: bool,
    ) -> PinnedBound {
        let key = Key {
            pinned_corners: pinned(&goals.corners),
            pinned_edges: pinned(&goals.edges),
            classes: interchangeable(&goals),
            moves,
            metric,
            end_auf,
            slice_pairs,
        };
        let groups = kept(&key).unwrap_or_else(|| {
            let built = Arc::new(build_groups(&key));
            let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
            kept.insert(0, (key.clone(), built.clone()));
            kept.truncate(KEEP);
            built
        });
        PinnedBound {
            goals,
            end_auf,
            groups,
        }
    }

    /// How many tables, and their bytes.
    pub fn size(&self) -> (usize, usize) {
        let bytes = self.groups.iter().map(|g| g.table.len()).sum();
        (self.groups.len(), bytes)
    }
}

impl Bound for PinnedBound {
    #[inline]
    fn value(&self, _cube: &Cube, inverse: &Cube) -> u8 {
        self.groups
            .iter()
            .map(|g| g.table[g.index(inverse)])
            .max()
            .unwrap_or(0)
    }

    #[inline]
    fn exceeds(&self, _cube: &Cube, inverse: &Cube, budget: u8) -> bool {
        self.groups
            .iter()
            .any(|g| g.table[g.index(inverse)] > budget)
    }

    fn reached(&self, cube: &Cube) -> bool {
        if self.goals.allows(cube) {
            return true;
        }
        self.end_auf && (1..4).any(|q| self.goals.allows(&cube.apply_move(Move::new(Face::U, q))))
    }
}

/// The tables of `key`, if kept.
fn kept(key: &Key) -> Option<Arc<Vec<Group>>> {
    let kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    kept.iter().find(|(k, _)| k == key).map(|(_, g)| g.clone())
}

/// The pieces of one kind with one allowed placement: `(piece, placement)`.
fn pinned(allowed: &[u32]) -> Vec<(u8, u8)> {
    allowed
        .iter()
        .enumerate()
        .filter(|(_, a)| a.count_ones() == 1)
        .map(|(q, a)| (q as u8, a.trailing_zeros() as u8))
        .collect()
}

/// The classes of two to [`GROUP_MOST`] pieces of one kind that allow the same several
/// placements (but not every one).
fn interchangeable(goals: &PieceGoals) -> Vec<(bool, Vec<u8>, u32)> {
    let mut classes = Vec::new();
    for (corners, allowed) in [(true, &goals.corners[..]), (false, &goals.edges[..])] {
        let mut seen = Vec::new();
        for &a in allowed {
            if a.count_ones() < 2 || a == (1 << 24) - 1 || seen.contains(&a) {
                continue;
            }
            seen.push(a);
            let pieces: Vec<u8> = (0..allowed.len() as u8)
                .filter(|&q| allowed[q as usize] == a)
                .collect();
            if (2..=GROUP_MOST).contains(&pieces.len()) {
                classes.push((corners, pieces, a));
            }
        }
    }
    classes
}

/// The groups of a question, each with its table.
fn build_groups(key: &Key) -> Vec<Group> {
    let steps = Steps::new(key.moves, key.metric, key.slice_pairs);
    let mut groups = Vec::new();
    for chunk in balanced(&key.pinned_corners) {
        groups.push((chunk, Vec::new()));
    }
    for chunk in balanced(&key.pinned_edges) {
        groups.push((Vec::new(), chunk));
    }
    // Each pinned corner with the pinned edges beside its goal position.
    for &(c, at) in &key.pinned_corners {
        let corner = CORNER_NAMES[at as usize / 3];
        let beside: Vec<(u8, u8)> = key
            .pinned_edges
            .iter()
            .copied()
            .filter(|&(_, e)| {
                EDGE_NAMES[e as usize / 2]
                    .chars()
                    .all(|f| corner.contains(f))
            })
            .take(GROUP_MOST - 1)
            .collect();
        if !beside.is_empty() {
            groups.push((vec![(c, at)], beside));
        }
    }
    let mut built: Vec<Group> = groups
        .into_iter()
        .map(|(corners, edges)| steps.group(&corners, &edges, key.end_auf))
        .collect();
    for (corners, pieces, allowed) in &key.classes {
        built.push(steps.class(*corners, pieces, *allowed, key.end_auf));
    }
    built
}

/// `pieces` in chunks of at most [`GROUP_MOST`], as even as can be.
fn balanced(pieces: &[(u8, u8)]) -> Vec<Vec<(u8, u8)>> {
    if pieces.is_empty() {
        return Vec::new();
    }
    let chunks = pieces.len().div_ceil(GROUP_MOST);
    let size = pieces.len().div_ceil(chunks);
    pieces.chunks(size).map(<[_]>::to_vec).collect()
}

/// How each turn moves one piece's placement, and what it costs.
struct Steps {
    /// Per turn: its cost, and the placement each corner placement goes to, and each
    /// edge placement.
    turns: Vec<(u8, [u8; 24], [u8; 24])>,
    /// The placement moves of `U'`, `U2`, `U` (for the goals `U`-turned apart).
    aufs: [([u8; 24], [u8; 24]); 3],
}

impl Steps {
    fn new(moves: MoveSet, metric: Metric, slice_pairs: bool) -> Steps {
        let step = |m: Move| {
            let c = Cube::from_moves(&[m]);
            let mut corners = [0u8; 24];
            let mut edges = [0u8; 24];
            for i in 0..8 {
                let from = c.corner(i) as usize;
                for o in 0..3 {
                    corners[from * 3 + o] = (i * 3 + (o + c.twist(i) as usize) % 3) as u8;
                }
            }
            for i in 0..12 {
                let from = c.edge(i) as usize;
                for o in 0..2 {
                    edges[from * 2 + o] = (i * 2 + (o ^ c.flip(i) as usize)) as u8;
                }
            }
            (corners, edges)
        };
        let mut turns: Vec<(u8, [u8; 24], [u8; 24])> = moves
            .moves()
            .map(|m| {
                let (c, e) = step(m);
                (metric.cost(m) as u8, c, e)
            })
            .collect();
        if slice_pairs {
            // A slice relative to the centres: its axis's two faces turned opposite ways.
            for &(near, far) in Metric::Stm.slice_pairs() {
                let ((c1, e1), (c2, e2)) = (step(near), step(far));
                turns.push((1, c1.map(|s| c2[s as usize]), e1.map(|s| e2[s as usize])));
            }
        }
        Steps {
            turns,
            aufs: [3, 2, 1].map(|q| step(Move::new(Face::U, q))),
        }
    }

    /// A group of pinned pieces: its table from the one goal (four with an end AUF).
    fn group(&self, corners: &[(u8, u8)], edges: &[(u8, u8)], end_auf: bool) -> Group {
        let goal: Vec<u8> = corners.iter().chain(edges).map(|&(_, s)| s).collect();
        let goals = self.with_aufs(vec![goal], corners.len(), end_auf, false);
        Group {
            corners: corners.iter().map(|&(q, _)| q).collect(),
            edges: edges.iter().map(|&(q, _)| q).collect(),
            sorted: false,
            table: self.table(corners.len(), &goals, false),
        }
    }

    /// A class of interchangeable pieces: its table from every way to fill `allowed`
    /// with them, one piece a position.
    fn class(&self, corners: bool, pieces: &[u8], allowed: u32, end_auf: bool) -> Group {
        let per_position = if corners { 3 } else { 2 };
        let mut fills = Vec::new();
        fill(
            allowed,
            per_position,
            pieces.len(),
            0,
            &mut Vec::new(),
            &mut fills,
        );
        let corner_digits = if corners { pieces.len() } else { 0 };
        let goals = self.with_aufs(fills, corner_digits, end_auf, true);
        let (c, e) = match corners {
            true => (pieces.to_vec(), Vec::new()),
            false => (Vec::new(), pieces.to_vec()),
        };
        Group {
            corners: c,
            edges: e,
            sorted: true,
            table: self.table(corner_digits, &goals, true),
        }
    }

    /// `goals`, and with an end AUF each turned by `U'`, `U2` and `U` too.
    fn with_aufs(
        &self,
        goals: Vec<Vec<u8>>,
        corner_digits: usize,
        end_auf: bool,
        sorted: bool,
    ) -> Vec<Vec<u8>> {
        let mut all = goals.clone();
        if end_auf {
            for (c, e) in &self.aufs {
                for goal in &goals {
                    let mut turned: Vec<u8> = goal
                        .iter()
                        .enumerate()
                        .map(|(i, &s)| {
                            if i < corner_digits {
                                c[s as usize]
                            } else {
                                e[s as usize]
                            }
                        })
                        .collect();
                    if sorted {
                        turned.sort_unstable();
                    }
                    all.push(turned);
                }
            }
        }
        all
    }

    /// A table over `k` digits (the first `corner_digits` corners), breadth first from
    /// `goals`, cheaper distances first; with `sorted`, digits are sorted after each turn.
    fn table(&self, corner_digits: usize, goals: &[Vec<u8>], sorted: bool) -> Vec<u8> {
        let k = goals[0].len();
        let size = 24usize.pow(k as u32);
        let mut table = vec![UNREACHED; size];
        for goal in goals {
            table[encode(goal)] = 0;
        }
        let mut digits = vec![0u8; k];
        let mut moved = vec![0u8; k];
        let mut depth = 0u8;
        let mut deepest = 0u8;
        while depth <= deepest {
            for index in 0..size {
                if table[index] != depth {
                    continue;
                }
                let mut rest = index;
                for d in digits.iter_mut() {
                    *d = (rest % 24) as u8;
                    rest /= 24;
                }
                for (cost, c, e) in &self.turns {
                    for (i, (m, &d)) in moved.iter_mut().zip(&digits).enumerate() {
                        *m = if i < corner_digits {
                            c[d as usize]
                        } else {
                            e[d as usize]
                        };
                    }
                    if sorted {
                        moved.sort_unstable();
                    }
                    let next = encode(&moved);
                    let reach = depth + cost;
                    if table[next] > reach {
                        table[next] = reach;
                        deepest = deepest.max(reach);
                    }
                }
            }
            depth += 1;
        }
        table
    }
}

/// Every sorted choice of `left` placements from `allowed`, no two at one position
/// (`per_position` placements a position), added to `out`.
fn fill(
    allowed: u32,
    per_position: u32,
    left: usize,
    from: u32,
    chosen: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
) {
    if left == 0 {
        out.push(chosen.clone());
        return;
    }
    for s in from..24 {
        let taken = chosen
            .iter()
            .any(|&c| c as u32 / per_position == s / per_position);
        if allowed >> s & 1 == 0 || taken {
            continue;
        }
        chosen.push(s as u8);
        fill(allowed, per_position, left - 1, s + 1, chosen, out);
        chosen.pop();
    }
}

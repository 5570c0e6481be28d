//! Case sets for algorithm searches: the last layer's orientation cases (OLL, 57) and
//! permutation cases (PLL, 21), generated here rather than typed in, the masks that make a
//! position a case (`oll`, `pll`), and the lines of a case list (`korf algs`).
//!
//! A case is a class of last-layer states that the same algorithm solves from some angle
//! and up to a final turn of U: an orientation state seen from each of the four sides is
//! one OLL case, and a permutation `p` with `Uᵃ · p · Uᵇ` for every `a`, `b` is one PLL
//! case.  Each case is given by one representative, in an order fixed by its pieces (not
//! the speedcubing wiki's numbering).

use korf::cube::{
    cube_from_turns, format_moves, format_turns, parse_masked_position, parse_turns,
    relative_moves, turns_length, Cube, Face, Held, MaskedCube, Metric, Move, Turn, TurnKind,
};

/// The last layer's stickers: U1–U9 but the centre, then the top row of R, F, L and B.
const LAST_LAYER: [usize; 20] = [
    0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47,
];
/// The last layer's top stickers but the centre.
const LAST_LAYER_TOP: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];
/// Every sticker of the last layer's corner positions.
const LAST_LAYER_CORNERS: [usize; 12] = [0, 2, 6, 8, 9, 11, 18, 20, 36, 38, 45, 47];
/// The side stickers of the last layer's edge positions.
const LAST_LAYER_EDGE_SIDES: [usize; 4] = [10, 19, 37, 46];

/// A named way to grey stickers: what a case asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mask {
    /// Orientation: every last-layer sticker that is not the U colour grey.
    Oll,
    /// Permutation: the last layer's top stickers grey.
    Pll,
    /// An F2L pair: every sticker of the last layer's pieces grey, wherever they are (the
    /// first two layers must end solved, the last layer as it may).
    F2lPair,
    /// The last six edges (Roux): nothing grey; the moves that set the case up must be
    /// turns of M and U.
    Lse,
    /// 2-look OLL, edges first: the last layer's corners all grey, its edges' stickers
    /// that are not the U colour grey.
    OllEdges,
    /// 2-look PLL, corners first: the side stickers of the last layer's edges grey (the
    /// edges' top stickers and the corners given).
    PllCorners,
}

impl Mask {
    /// Every mask, as named on a case line.
    pub const ALL: [Mask; 6] = [
        Mask::Oll,
        Mask::Pll,
        Mask::F2lPair,
        Mask::Lse,
        Mask::OllEdges,
        Mask::PllCorners,
    ];

    /// The name: `oll`, `pll`, `f2l-pair`, `lse`, `oll-edges`, `pll-corners`.
    pub fn name(self) -> &'static str {
        match self {
            Mask::Oll => "oll",
            Mask::Pll => "pll",
            Mask::F2lPair => "f2l-pair",
            Mask::Lse => "lse",
            Mask::OllEdges => "oll-edges",
            Mask::PllCorners => "pll-corners",
        }
    }

    /// The mask of a name.
    pub fn from_name(name: &str) -> Option<Mask> {
        Mask::ALL.into_iter().find(|m| m.name() == name)
    }

    /// `cube` with this mask's stickers grey.
    pub fn apply(self, cube: &Cube) -> MaskedCube {
        if self == Mask::F2lPair {
            // The U-layer pieces are the first four corners and the first four edges.
            return MaskedCube::with_pieces_grey(cube, 0x0f, 0x00f);
        }
        let f = cube.to_facelets().into_bytes();
        let grey = |i: usize| match self {
            Mask::Oll => LAST_LAYER.contains(&i) && f[i] != b'U',
            Mask::Pll => LAST_LAYER_TOP.contains(&i),
            Mask::OllEdges => {
                LAST_LAYER_CORNERS.contains(&i) || (LAST_LAYER.contains(&i) && f[i] != b'U')
            }
            Mask::PllCorners => LAST_LAYER_EDGE_SIDES.contains(&i),
            Mask::F2lPair | Mask::Lse => false,
        };
        let text: String = (0..54)
            .map(|i| if grey(i) { 'X' } else { f[i] as char })
            .collect();
        MaskedCube::from_facelets(&text).expect("a mask of a legal cube has a completion")
    }

    /// The case this mask makes of the position `turns` set up (held as they leave it);
    /// an error if the turns do not fit the mask.
    pub fn case_of(self, turns: &[Turn]) -> Result<MaskedCube, String> {
        if self == Mask::Lse {
            let other = turns.iter().find(|t| {
                !(t.kind() == TurnKind::Slice && t.axis() == 1
                    || t.kind() == TurnKind::Face && t.face() == Face::U)
            });
            if let Some(t) = other {
                return Err(format!(
                    "`{t}` is not a turn of M or U: an `lse` case is set up by M and U turns only"
                ));
            }
        }
        Ok(self.apply(&cube_from_turns(turns)))
    }
}

/// A case set korf generates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseSet {
    /// The 57 orientation cases of the last layer.
    Oll,
    /// The 21 permutation cases of the last layer.
    Pll,
    /// 2-look OLL, first look: the 3 edge orientation cases, corners ignored.
    OllEdges,
    /// 2-look OLL, second look: the 7 corner orientation cases with the edges oriented
    /// (OCLL).
    OllCorners,
    /// 2-look PLL, first look: the 2 corner permutation cases, the edges' places ignored.
    PllCorners,
    /// 2-look PLL, second look: the 4 edge permutation cases with the corners solved
    /// (EPLL).
    PllEdges,
}

impl CaseSet {
    /// Every set, as named on the command line.
    pub const ALL: [CaseSet; 6] = [
        CaseSet::Oll,
        CaseSet::Pll,
        CaseSet::OllEdges,
        CaseSet::OllCorners,
        CaseSet::PllCorners,
        CaseSet::PllEdges,
    ];

    /// The name: `oll`, `pll`, `oll-edges`, `oll-corners`, `pll-corners`, `pll-edges`.
    pub fn name(self) -> &'static str {
        match self {
            CaseSet::Oll => "oll",
            CaseSet::Pll => "pll",
            CaseSet::OllEdges => "oll-edges",
            CaseSet::OllCorners => "oll-corners",
            CaseSet::PllCorners => "pll-corners",
            CaseSet::PllEdges => "pll-edges",
        }
    }

    /// The set of a name.
    pub fn from_name(name: &str) -> Option<CaseSet> {
        CaseSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The mask that makes a position one of this set's cases.
    pub fn mask(self) -> Mask {
        match self {
            CaseSet::Oll | CaseSet::OllCorners => Mask::Oll,
            CaseSet::Pll | CaseSet::PllEdges => Mask::Pll,
            CaseSet::OllEdges => Mask::OllEdges,
            CaseSet::PllCorners => Mask::PllCorners,
        }
    }

    /// The cases, each named `oll-01` … or `pll-01` …, as masked positions.
    pub fn cases(self) -> Vec<(String, MaskedCube)> {
        let mask = self.mask();
        let cubes = match self {
            CaseSet::Oll => orientation_cases(),
            CaseSet::Pll => permutation_cases(),
            _ => classes(self.candidates(), mask),
        };
        cubes
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("{}-{:02}", self.name(), i + 1), mask.apply(c)))
            .collect()
    }

    /// The last-layer states a 2-look set's cases are classes of.
    fn candidates(self) -> Vec<Cube> {
        let solved = Cube::SOLVED;
        let mut out = Vec::new();
        match self {
            CaseSet::OllEdges | CaseSet::OllCorners => {
                for code in 0..(81 * 16) {
                    let (corners, edges) = (code / 16, code % 16);
                    let mut co = [0u8; 8];
                    let mut eo = [0u8; 12];
                    (0..4).for_each(|i| co[i] = (corners / 3usize.pow(i as u32) % 3) as u8);
                    (0..4).for_each(|i| eo[i] = (edges >> i & 1) as u8);
                    let twisted = co.iter().any(|&t| t != 0);
                    let wanted = match self {
                        CaseSet::OllEdges => !twisted,
                        _ => edges == 0,
                    };
                    let c = Cube::from_parts(solved.corner_perm(), co, solved.edge_perm(), eo);
                    if wanted && c.validate().is_ok() {
                        out.push(c);
                    }
                }
            }
            CaseSet::PllCorners | CaseSet::PllEdges => {
                for p in permutations() {
                    let mut cp = solved.corner_perm();
                    let mut ep = solved.edge_perm();
                    match self {
                        CaseSet::PllCorners => {
                            cp[..4].copy_from_slice(&p);
                            // The parity the corners need, from a swap of two edges the
                            // mask hides.
                            if parity(&p) == 1 {
                                ep.swap(1, 3);
                            }
                        }
                        _ if parity(&p) == 0 => ep[..4].copy_from_slice(&p),
                        _ => continue,
                    }
                    out.push(Cube::from_parts(cp, [0; 8], ep, [0; 12]));
                }
            }
            CaseSet::Oll | CaseSet::Pll => unreachable!("generated by their own rules"),
        }
        out
    }
}

/// One representative of each class of `candidates` under a turn of U before and after,
/// as `mask` shows them, but the solved class: the representative the member whose masked
/// facelets come first, the classes in that order.
fn classes(candidates: Vec<Cube>, mask: Mask) -> Vec<Cube> {
    let u = |q: u8| Cube::from_moves(&[Move::new(Face::U, q)]);
    let turns = [Cube::SOLVED, u(1), u(2), u(3)];
    let least = |c: &Cube| -> (String, Cube) {
        turns
            .iter()
            .flat_map(|a| turns.iter().map(move |b| a.compose(c).compose(b)))
            .map(|v| (mask.apply(&v).to_facelets(), v))
            .min_by(|x, y| x.0.cmp(&y.0))
            .expect("sixteen")
    };
    let solved = least(&Cube::SOLVED).0;
    let mut reps = std::collections::BTreeMap::new();
    for c in &candidates {
        let (key, rep) = least(c);
        if key != solved {
            reps.entry(key).or_insert(rep);
        }
    }
    reps.into_values().collect()
}

/// One representative of each orientation class but the solved one: corner twists and
/// edge flips of the four U positions, the class closed under turning the layer (the
/// same case seen from another side), the representative the least encoding.
fn orientation_cases() -> Vec<Cube> {
    let mut reps = std::collections::BTreeSet::new();
    for code in 0..(81 * 16) {
        let (corners, edges) = (code / 16, code % 16);
        let twist: [u8; 4] = std::array::from_fn(|i| (corners / 3usize.pow(i as u32) % 3) as u8);
        let flip: [u8; 4] = std::array::from_fn(|i| (edges >> i & 1) as u8);
        let sum_twist: u8 = twist.iter().sum();
        let sum_flip: u8 = flip.iter().sum();
        if sum_twist % 3 != 0 || sum_flip % 2 != 0 {
            continue;
        }
        let turned = |k: usize| -> ([u8; 4], [u8; 4]) {
            (
                std::array::from_fn(|i| twist[(i + k) % 4]),
                std::array::from_fn(|i| flip[(i + k) % 4]),
            )
        };
        reps.insert((0..4).map(turned).min().expect("four turns"));
    }
    reps.into_iter()
        .filter(|&(t, f)| t != [0; 4] || f != [0; 4])
        .map(|(t, f)| {
            let mut co = [0u8; 8];
            let mut eo = [0u8; 12];
            co[..4].copy_from_slice(&t);
            eo[..4].copy_from_slice(&f);
            Cube::from_parts(Cube::SOLVED.corner_perm(), co, Cube::SOLVED.edge_perm(), eo)
        })
        .collect()
}

/// One representative of each permutation class but the solved one: permutations of the
/// four U corners and four U edges of equal parity, the class closed under a turn of U
/// before and after, the representative the least facelet string.
fn permutation_cases() -> Vec<Cube> {
    let u = |q: u8| Cube::from_moves(&[Move::new(Face::U, q)]);
    let turns: Vec<Cube> = (0..4)
        .map(|q| if q == 0 { Cube::SOLVED } else { u(q) })
        .collect();
    // A class's key: the least facelet string of its sixteen members.
    let key = |p: &Cube| -> String {
        turns
            .iter()
            .flat_map(|a| turns.iter().map(move |b| a.compose(p).compose(b)))
            .map(|q| q.to_facelets())
            .min()
            .expect("sixteen")
    };
    let solved = key(&Cube::SOLVED);
    let mut reps = std::collections::BTreeSet::new();
    for c in permutations() {
        for e in permutations() {
            if parity(&c) != parity(&e) {
                continue;
            }
            let mut cp = Cube::SOLVED.corner_perm();
            let mut ep = Cube::SOLVED.edge_perm();
            cp[..4].copy_from_slice(&c);
            ep[..4].copy_from_slice(&e);
            reps.insert(key(&Cube::from_parts(cp, [0; 8], ep, [0; 12])));
        }
    }
    reps.into_iter()
        .filter(|f| *f != solved)
        .map(|f| Cube::from_facelets(&f).expect("a turned legal cube"))
        .collect()
}

/// The 24 permutations of 0..4.
fn permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

/// 0 for an even permutation, 1 for an odd one.
fn parity(p: &[u8; 4]) -> u8 {
    let mut inversions = 0;
    for i in 0..4 {
        for j in i + 1..4 {
            inversions += (p[i] > p[j]) as u8;
        }
    }
    inversions % 2
}

/// One line of a case list: `[NAME: ]POSITION`, the position facelets (`X` allowed),
/// moves, or a mask's name and the moves that set the case up (`oll R U2 R' U' R U' R'`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseLine {
    /// The name before `: `, if any.
    pub name: Option<String>,
    /// The position's text, as given after the name.
    pub input: String,
    /// The case.
    pub position: MaskedCube,
}

/// Read a case line; the error says what is wrong and how to write it.
pub fn parse_case_line(text: &str) -> Result<CaseLine, String> {
    let (name, rest) = match text.split_once(": ") {
        Some((n, r)) if !n.trim().is_empty() => (Some(n.trim().to_string()), r.trim()),
        _ => (None, text.trim()),
    };
    let (first, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let position = match Mask::from_name(first) {
        Some(mask) => {
            let turns =
                parse_turns(after).map_err(|e| format!("the moves after `{first}`: {e}"))?;
            mask.case_of(&turns)
                .map_err(|e| format!("the moves after `{first}`: {e}"))?
        }
        None => parse_masked_position(rest).map_err(|e| {
            format!("{e} (a case line is [NAME: ]POSITION: facelets with X for grey stickers, moves, or `oll`/`pll` and the moves that set the case up)")
        })?,
    };
    Ok(CaseLine {
        name,
        input: rest.to_string(),
        position,
    })
}

/// What a case list asks of every case: the turns and metric, how far past the optimum to
/// list, and the AUF turns allowed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Question {
    /// The metric the lengths are optimal in (`htm`, `qtm`).
    pub metric: korf::cube::Metric,
    /// The turns allowed (`R,U`), if not all.
    pub moves: Option<String>,
    /// Solutions up to this many moves past the optimum are listed.
    pub within: u8,
    /// A turn of U allowed before each algorithm.
    pub start_auf: bool,
    /// A turn of U allowed after each algorithm.
    pub end_auf: bool,
}

impl Question {
    /// The goal each case is solved towards.
    pub fn goal(&self) -> korf::Goal {
        korf::Goal::SOLVED
            .with_start_auf(self.start_auf)
            .with_end_auf(self.end_auf)
    }
}

/// One algorithm of a case: the turns (in WCA notation, with the closing rotation if the
/// centres end turned), the AUF turns around them (`""` for none), and their length in
/// each metric.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Algorithm {
    /// The moves.
    pub moves: String,
    /// The turn of U before them, `""` for none.
    pub start_auf: String,
    /// The turn of U after them, `""` for none.
    pub end_auf: String,
    /// Face turns.
    pub htm: usize,
    /// Quarter turns.
    pub qtm: usize,
    /// Slice turns (a face, slice or wide turn each one).
    pub stm: usize,
}

impl Algorithm {
    /// An algorithm of `turns` (rotations counted in no metric).
    fn of(turns: &[Turn], before: Option<Move>, after: Option<Move>) -> Algorithm {
        let auf = |m: Option<Move>| m.map_or(String::new(), |m| format_moves(&[m]));
        Algorithm {
            moves: format_turns(turns),
            start_auf: auf(before),
            end_auf: auf(after),
            htm: turns_length(turns, Metric::Htm),
            qtm: turns_length(turns, Metric::Qtm),
            stm: turns_length(turns, Metric::Stm),
        }
    }

    /// Whether it takes `position` to `goal` (its rotation bringing the centres home) at
    /// the lengths it gives.
    fn solves(&self, position: &MaskedCube, goal: &korf::Goal) -> bool {
        let aufs = korf::goal::Framed::from_text(Some(&self.start_auf), "", Some(&self.end_auf));
        let (Some(aufs), Ok(turns)) = (aufs, parse_turns(&self.moves)) else {
            return false;
        };
        let framed = korf::goal::Framed {
            before: aufs.before,
            moves: relative_moves(&turns),
            after: aufs.after,
        };
        Held::new(Cube::SOLVED).turns(&turns).frame.is_home()
            && goal.reached_from(position, &framed)
            && turns_length(&turns, Metric::Htm) == self.htm
            && turns_length(&turns, Metric::Qtm) == self.qtm
            && turns_length(&turns, Metric::Stm) == self.stm
    }
}

/// One case's answer, as `korf algs` prints it (one JSON line) and keeps it (`--out`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CaseRecord {
    /// The case's line number in its list.
    pub line: usize,
    /// Its name, if the line gives one.
    pub name: Option<String>,
    /// The line's position text, as given.
    pub input: String,
    /// The case's facelets, `X` for grey stickers.
    pub facelets: String,
    /// What was asked.
    #[serde(flatten)]
    pub question: Question,
    /// `solved`, or why not: `timeout`, `interrupted`, `unreachable`, `max_depth`.
    pub status: String,
    /// The optimal length in the question's metric, once proven.
    pub optimal_length: Option<usize>,
    /// Whether the list is complete (`complete`), or cut short (`capped`, `timeout`,
    /// `interrupted`).
    pub listing: Option<String>,
    /// Every algorithm listed: optimal ones first, then up to `within` longer.
    pub algorithms: Vec<Algorithm>,
    /// Search nodes, all cases of the goal together.
    pub nodes: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl CaseRecord {
    /// The record of a case's goal search.
    pub fn new(
        line: usize,
        case: &CaseLine,
        question: &Question,
        found: &korf::GoalOutcome,
    ) -> CaseRecord {
        let o = &found.outcome;
        let algorithms = found
            .listed()
            .iter()
            .map(|f| {
                let turns: Vec<Turn> = f.moves.iter().map(|&m| Turn::face_turn(m)).collect();
                Algorithm::of(&turns, f.before, f.after)
            })
            .collect();
        let listing = o.all.as_ref().map(|a| listing_name(a.listing).to_string());
        let optimal = o.solution.as_ref().ok().map(|m| o.rules.length(m));
        let status = status_name(o.solution.as_ref().err());
        CaseRecord::of(
            line,
            case,
            question,
            (status, optimal, listing),
            algorithms,
            (o.nodes, o.seconds),
        )
    }

    /// The record of a case's search with slices or wide turns.
    pub fn from_turns(
        line: usize,
        case: &CaseLine,
        question: &Question,
        found: &korf::turn_search::TurnOutcome,
    ) -> CaseRecord {
        let algorithms = found
            .listed
            .iter()
            .flatten()
            .map(|s| {
                let mut turns = s.turns.clone();
                turns.extend(&s.rotation);
                Algorithm::of(&turns, s.before, s.after)
            })
            .collect();
        let listing = found
            .listed
            .as_ref()
            .map(|_| listing_name(found.listing()).to_string());
        let optimal = found.solution.as_ref().ok().map(|s| s.length(found.metric));
        let status = status_name(found.solution.as_ref().err());
        let work = (found.nodes, found.seconds);
        CaseRecord::of(
            line,
            case,
            question,
            (status, optimal, listing),
            algorithms,
            work,
        )
    }

    fn of(
        line: usize,
        case: &CaseLine,
        question: &Question,
        (status, optimal_length, listing): (&str, Option<usize>, Option<String>),
        algorithms: Vec<Algorithm>,
        (nodes, seconds): (u64, f64),
    ) -> CaseRecord {
        CaseRecord {
            line,
            name: case.name.clone(),
            input: case.input.clone(),
            facelets: case.position.to_facelets(),
            question: question.clone(),
            status: status.to_string(),
            optimal_length,
            listing,
            algorithms,
            nodes,
            seconds,
        }
    }

    /// Whether the record answers `question` for `case` and every algorithm it lists
    /// solves the case, at the lengths it gives (a record read back from a file).
    pub fn answers(&self, case: &CaseLine, question: &Question) -> bool {
        let goal = question.goal();
        self.question == *question
            && self.facelets == case.position.to_facelets()
            && self
                .algorithms
                .iter()
                .all(|a| a.solves(&case.position, &goal))
    }

    /// The CSV rows of this record, one a solution: `line,name,facelets,start_auf,moves,
    /// end_auf,htm,qtm,stm,optimal_length` (see [`CaseRecord::CSV_HEADER`]).
    pub fn csv_rows(&self) -> String {
        let quote = |s: &str| match s.contains([',', '"', '\n']) {
            true => format!("\"{}\"", s.replace('"', "\"\"")),
            false => s.to_string(),
        };
        let name = quote(self.name.as_deref().unwrap_or(""));
        let optimal = self.optimal_length.map_or(String::new(), |l| l.to_string());
        let mut out = String::new();
        for a in &self.algorithms {
            out += &format!(
                "{},{name},{},{},{},{},{},{},{},{optimal}\n",
                self.line, self.facelets, a.start_auf, a.moves, a.end_auf, a.htm, a.qtm, a.stm
            );
        }
        out
    }

    /// The header of [`CaseRecord::csv_rows`].
    pub const CSV_HEADER: &'static str =
        "line,name,facelets,start_auf,moves,end_auf,htm,qtm,stm,optimal_length\n";
}

/// A search's status as a record gives it.
fn status_name(why: Option<&korf::search::Unsolved>) -> &'static str {
    why.map_or("solved", |e| e.name())
}

/// A listing's name as JSON gives it.
fn listing_name(l: korf::search::Listing) -> &'static str {
    match l {
        korf::search::Listing::Complete => "complete",
        korf::search::Listing::Capped => "capped",
        korf::search::Listing::Timeout => "timeout",
        korf::search::Listing::Interrupted => "interrupted",
    }
}

#[cfg(test)]
mod tests {
    use super::CaseRecord;

    /// `korf algs --out` reprints the records its file holds, so a record read back must
    /// print the line it was written as — wall times included, whose shortest decimal
    /// form serde_json parses back exactly only with its `float_roundtrip` feature.
    #[test]
    fn a_record_read_back_prints_the_line_it_was_written_as() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let seconds = (state >> 11) as f64 / (1u64 << 53) as f64 * 1000.0;
            let line = serde_json::json!({
                "line": 2, "name": "sune", "input": "R U2 R' U' R U' R'",
                "facelets": "X", "metric": "htm", "moves": "R,U", "within": 1,
                "start_auf": true, "end_auf": true, "status": "solved",
                "optimal_length": 7, "listing": "complete", "algorithms": [],
                "nodes": 12, "seconds": seconds,
            })
            .to_string();
            let mut record: CaseRecord = serde_json::from_str(&line).unwrap();
            record.seconds = seconds;
            let written = serde_json::to_string(&record).unwrap();
            let read: CaseRecord = serde_json::from_str(&written).unwrap();
            assert_eq!(serde_json::to_string(&read).unwrap(), written, "{seconds}");
        }
    }
}

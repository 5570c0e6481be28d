//! Case sets for algorithm searches: the last layer's orientation cases (OLL, 57) and
//! permutation cases (PLL, 21), generated here rather than typed in, the masks that make a
//! position a case (`oll`, `pll`), and the lines of a case list (`korf algs`).
//!
//! A case is a class of last-layer states that the same algorithm solves from some angle
//! and up to a final turn of U: an orientation state seen from each of the four sides is
//! one OLL case, and a permutation `p` with `Uᵃ · p · Uᵇ` for every `a`, `b` is one PLL
//! case.  Each case is given by one representative, in an order fixed by its pieces (not
//! the speedcubing wiki's numbering).

use crate::cube::{parse_masked_position, parse_moves, Cube, Face, MaskedCube, Move};

/// The last layer's stickers: U1–U9 but the centre, then the top row of R, F, L and B.
const LAST_LAYER: [usize; 20] = [
    0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47,
];
/// The last layer's top stickers but the centre.
const LAST_LAYER_TOP: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

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
}

impl Mask {
    /// Every mask, as named on a case line.
    pub const ALL: [Mask; 3] = [Mask::Oll, Mask::Pll, Mask::F2lPair];

    /// The name: `oll`, `pll`, `f2l-pair`.
    pub fn name(self) -> &'static str {
        match self {
            Mask::Oll => "oll",
            Mask::Pll => "pll",
            Mask::F2lPair => "f2l-pair",
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
            Mask::F2lPair => unreachable!("greyed by piece above"),
        };
        let text: String = (0..54)
            .map(|i| if grey(i) { 'X' } else { f[i] as char })
            .collect();
        MaskedCube::from_facelets(&text).expect("a mask of a legal cube has a completion")
    }
}

/// A case set korf generates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseSet {
    /// The 57 orientation cases of the last layer.
    Oll,
    /// The 21 permutation cases of the last layer.
    Pll,
}

impl CaseSet {
    /// Every set, as named on the command line.
    pub const ALL: [CaseSet; 2] = [CaseSet::Oll, CaseSet::Pll];

    /// The name: `oll`, `pll`.
    pub fn name(self) -> &'static str {
        match self {
            CaseSet::Oll => "oll",
            CaseSet::Pll => "pll",
        }
    }

    /// The set of a name.
    pub fn from_name(name: &str) -> Option<CaseSet> {
        CaseSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The cases, each named `oll-01` … or `pll-01` …, as masked positions.
    pub fn cases(self) -> Vec<(String, MaskedCube)> {
        let (cubes, mask) = match self {
            CaseSet::Oll => (orientation_cases(), Mask::Oll),
            CaseSet::Pll => (permutation_cases(), Mask::Pll),
        };
        cubes
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("{}-{:02}", self.name(), i + 1), mask.apply(c)))
            .collect()
    }
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
        if !sum_twist.is_multiple_of(3) || !sum_flip.is_multiple_of(2) {
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
            let moves = parse_moves(after).map_err(|e| format!("the moves after `{first}`: {e}"))?;
            mask.apply(&Cube::from_moves(&moves))
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
    pub metric: crate::cube::Metric,
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
    pub fn goal(&self) -> crate::Goal {
        crate::Goal::SOLVED
            .with_start_auf(self.start_auf)
            .with_end_auf(self.end_auf)
    }
}

/// One algorithm of a case: the moves, the AUF turns around them (`""` for none), and the
/// moves' length in each metric.
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
        found: &crate::GoalOutcome,
    ) -> CaseRecord {
        use crate::cube::{format_moves, Metric};
        let o = &found.outcome;
        let status = match &o.solution {
            Ok(_) => "solved",
            Err(crate::search::Unsolved::Timeout) => "timeout",
            Err(crate::search::Unsolved::Interrupted) => "interrupted",
            Err(crate::search::Unsolved::MaxDepth) => "max_depth",
            Err(crate::search::Unsolved::Unreachable) => "unreachable",
        };
        let turn = |m: Option<Move>| m.map_or(String::new(), |m| format_moves(&[m]));
        let algorithms = found
            .listed()
            .iter()
            .map(|f| Algorithm {
                moves: format_moves(&f.moves),
                start_auf: turn(f.before),
                end_auf: turn(f.after),
                htm: Metric::Htm.length(&f.moves),
                qtm: Metric::Qtm.length(&f.moves),
            })
            .collect();
        CaseRecord {
            line,
            name: case.name.clone(),
            input: case.input.clone(),
            facelets: case.position.to_facelets(),
            question: question.clone(),
            status: status.to_string(),
            optimal_length: o.solution.as_ref().ok().map(|m| o.rules.length(m)),
            listing: o.all.as_ref().map(|a| listing_name(a.listing).to_string()),
            algorithms,
            nodes: o.nodes,
            seconds: o.seconds,
        }
    }

    /// Whether the record answers `question` for `case` and every algorithm it lists
    /// solves the case, at the lengths it gives (a record read back from a file).
    pub fn answers(&self, case: &CaseLine, question: &Question) -> bool {
        use crate::cube::Metric;
        let goal = question.goal();
        let solves = |a: &Algorithm| {
            let framed =
                crate::goal::Framed::from_text(Some(&a.start_auf), &a.moves, Some(&a.end_auf));
            framed.is_some_and(|f| {
                goal.reached_from(&case.position, &f)
                    && Metric::Htm.length(&f.moves) == a.htm
                    && Metric::Qtm.length(&f.moves) == a.qtm
            })
        };
        self.question == *question
            && self.facelets == case.position.to_facelets()
            && self.algorithms.iter().all(solves)
    }

    /// The CSV rows of this record, one a solution: `line,name,facelets,start_auf,moves,
    /// end_auf,htm,qtm,optimal_length` (see [`CaseRecord::CSV_HEADER`]).
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
                "{},{name},{},{},{},{},{},{},{optimal}\n",
                self.line, self.facelets, a.start_auf, a.moves, a.end_auf, a.htm, a.qtm
            );
        }
        out
    }

    /// The header of [`CaseRecord::csv_rows`].
    pub const CSV_HEADER: &'static str =
        "line,name,facelets,start_auf,moves,end_auf,htm,qtm,optimal_length\n";
}

/// A listing's name as JSON gives it.
fn listing_name(l: crate::search::Listing) -> &'static str {
    match l {
        crate::search::Listing::Complete => "complete",
        crate::search::Listing::Capped => "capped",
        crate::search::Listing::Timeout => "timeout",
        crate::search::Listing::Interrupted => "interrupted",
    }
}

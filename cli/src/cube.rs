//! `korf show`, `korf scramble`, `korf check`, and reading a position argument.

use crate::cli::{
    CheckArgs, CliError, PositionArgs, ScrambleArgs, ScrambleFormat, ShowArgs, ShowFormat,
};
use crate::out;
use korf::cube::{self, format_moves, Cube};
use korf::twophase::FastOptions;
use korf_front::report;
use rand::SeedableRng;
use std::io::IsTerminal;

fn position(p: &PositionArgs) -> Result<korf::cube::MaskedCube, CliError> {
    match (&p.facelets, &p.scramble) {
        (_, Some(moves)) => scramble_argument(moves).map(Into::into),
        (Some(f), None) => masked_facelets_argument(f),
        (None, None) => Err(CliError::Input(
            "give a position: a facelet string, or --scramble \"MOVES\"".into(),
        )),
    }
}

/// The `--scramble` argument's position; a facelet string there is refused with the way
/// to give it.
pub fn scramble_argument(text: &str) -> Result<Cube, CliError> {
    match cube::parse_turns(text) {
        Ok(turns) => Ok(cube::cube_from_turns(&turns)),
        Err(cube::MoveParseError::Facelets { letters }) => Err(CliError::Input(format!(
            "--scramble takes moves, and this is a facelet string ({letters} face letters \
             written together); give it as the position argument, without --scramble"
        ))),
        Err(e) => Err(e.into()),
    }
}

/// A positional FACELETS argument in which `X` or `?` may mark stickers that do not
/// matter; otherwise as [`facelets_argument`].
pub fn masked_facelets_argument(text: &str) -> Result<korf::cube::MaskedCube, CliError> {
    if text.contains(korf::cube::MASK_CHARS) {
        return korf::cube::parse_masked_position(text).map_err(|e| CliError::Input(e.to_string()));
    }
    facelets_argument(text).map(korf::cube::MaskedCube::from)
}

/// A positional FACELETS argument; if it is really a move sequence, say to use --scramble.
pub fn facelets_argument(text: &str) -> Result<Cube, CliError> {
    // Face letters in groups (`UUUUUUUUU RRRRRRRRR …`), or with a stray mark typed among
    // them, are facelets, as in a batch line.
    let meant_as_facelets = korf::cube::facelet_attempt(text).is_some();
    match korf::cube::parse_facelets(text) {
        Ok(c) => Ok(c),
        Err(e) => {
            let looks_like_moves = !meant_as_facelets
                && text
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_ascii_digit() || c == '\'');
            if looks_like_moves && cube::parse_turns(text).is_ok() {
                Err(CliError::Input(format!(
                    "`{text}` looks like a move sequence, not a facelet string; pass it with --scramble \"{text}\""
                )))
            } else {
                Err(e.into())
            }
        }
    }
}

pub fn show(a: ShowArgs) -> Result<(), CliError> {
    let cube = position(&a.position)?;
    if a.format == ShowFormat::Net {
        out(&report::masked_net(&cube, std::io::stdout().is_terminal()));
    }
    out(&format!("{}\n", cube.to_facelets()));
    Ok(())
}

pub fn scramble(a: ScrambleArgs) -> Result<(), CliError> {
    let mut rng = match a.seed {
        Some(s) => rand::rngs::StdRng::seed_from_u64(s),
        None => rand::rngs::StdRng::from_entropy(),
    };
    let solver = match a.format {
        ScrambleFormat::Facelets => None,
        _ => {
            let dir = korf::tables::resolve_dir(a.tables.as_deref());
            let display = crate::tables::BuildDisplay::new();
            Some(korf::open_two_phase(
                &dir,
                true,
                Some(&|e| display.show(e)),
            )?)
        }
    };
    // One thread: the search order, and so the output for a seed, is fixed.
    let opts = FastOptions::default();
    let mut text = String::new();
    for _ in 0..a.count {
        let cube = cube::random_cube(&mut rng);
        let facelets = cube.to_facelets();
        let line = match &solver {
            None => facelets,
            Some(solver) => {
                let outcome = solver
                    .solve(&cube, &opts)
                    .map_err(|e| CliError::Failure(e.to_string()))?;
                let solution = outcome.solution.ok_or_else(|| {
                    CliError::Failure(
                        "internal error: no two-phase solution within 20 moves; please report this"
                            .into(),
                    )
                })?;
                let moves: Vec<_> = solution.iter().rev().map(|m| m.inverse()).collect();
                debug_assert_eq!(Cube::from_moves(&moves), cube);
                if a.format == ScrambleFormat::Moves {
                    format_moves(&moves)
                } else {
                    format!("{}\t{facelets}", format_moves(&moves))
                }
            }
        };
        text.push_str(&line);
        text.push('\n');
        if text.len() > 1 << 16 || solver.is_some() {
            out(&std::mem::take(&mut text));
        }
    }
    out(&text);
    Ok(())
}

pub fn check(a: CheckArgs) -> Result<(), CliError> {
    let p = position(&a.position)?;
    if p.is_complete() {
        out("solvable\n");
        return Ok(());
    }
    let grey = p.unknown_stickers();
    let fits = p
        .completion_count()
        .map_err(|e| CliError::Input(e.to_string()))?;
    let s = |n: u128, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    out(&format!(
        "solvable ({} not matter; {} the rest)\n",
        s(grey as u128, "sticker does", "stickers do"),
        s(fits, "cube fits", "cubes fit")
    ));
    Ok(())
}

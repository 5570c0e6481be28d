//! Solve a position optimally with the library: `cargo run --release --features examples --example solve --
//! "R U R' U' F2"` (moves) or a 54-character facelet string.  The tables directory is
//! `$KORF_TABLES`, else `./tables`; missing small tables are built on first use.

use korf::{cube, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "R U R' U' F2 D".to_string());
    let position = cube::parse_position(&text)?;
    let solver = Solver::open(korf::tables::resolve_dir(None))?;
    let outcome = solver.solve(&position)?;
    match outcome.moves() {
        Some(moves) => println!(
            "{}  ({} moves, proven optimal; {} nodes in {:.3} s with the {} tables)",
            cube::format_moves(moves),
            moves.len(),
            outcome.nodes,
            outcome.seconds,
            solver.heuristic().name()
        ),
        None => println!("no solution within the search limits"),
    }
    Ok(())
}

//! Heuristic evaluation, a fixed short solve, and the per-node hot path of each
//! three-axis coset table (expansion, staged probes, walk) measured in nodes per second.
//! Needs the default tables in `$KORF_TABLES` (or `./tables`): run `korf tables generate`
//! first; skipped otherwise.  The hot-path group runs for each three-axis coset table of
//! the registry found there (`korf tables generate --only coset4`, ...).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use korf::cube::{parse_moves, random_cube, Cube};
use korf::search::{self, Heuristic, HeuristicKind, Options, TableSet};
use korf::tables::{self, Residency};
use rand::SeedableRng;

fn bench_search(c: &mut Criterion) {
    let dir = tables::resolve_dir(None);
    let set = match TableSet::open_with(&dir, Residency::HugePages) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("skipping search benches: {e}");
            return;
        }
    };
    let h = Heuristic::new(&set);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let cubes: Vec<Cube> = (0..4096).map(|_| random_cube(&mut rng)).collect();
    let mut g = c.benchmark_group("lookup (random states, cache-cold)");
    macro_rules! probe {
        ($name:expr, $f:ident) => {
            g.bench_function($name, |b| {
                let mut i = 0;
                b.iter(|| {
                    i += 1;
                    black_box(h.$f(&cubes[i & 4095]))
                })
            });
        };
    }
    // The tables one at a time are the korf family's own (`tables::korf::KorfProbe`);
    // what the search asks of the heuristic is its value and whether it exceeds a budget.
    probe!("heuristic (max of all four)", value);
    g.bench_function("exceeds 10 moves", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(h.exceeds(&cubes[i & 4095], 10))
        })
    });
    g.finish();

    let cube = Cube::from_moves(&parse_moves("R' B U' F2 L2 R' D' R2 B F L B").unwrap());
    let opts = Options {
        threads: 1,
        ..Options::default()
    };
    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    g.bench_function("12-move position, 1 thread", |b| {
        b.iter(|| black_box(search::solve(&set, &cube, &opts, None).unwrap()))
    });
    g.finish();
}

/// One thread, one fixed 16-move position (the third of the published 16-move list; 2·10^6 nodes with flipslice), the upper-bound source off (the plain
/// `search::solve`): the time is the IDA* walk and its table probes, reported per node.
fn bench_hot_path(c: &mut Criterion) {
    let dir = tables::resolve_dir(None);
    let cube = Cube::from_moves(&parse_moves("L F' D L' D2 L F2 D' L2 U' L F2 D R U R").unwrap());
    let opts = Options {
        threads: 1,
        ..Options::default()
    };
    let three_axis = HeuristicKind::ALL
        .iter()
        .copied()
        .filter(|k| k.spec().walk == korf::tables::Walk::Axis);
    for kind in three_axis {
        let Ok(set) = TableSet::open_for(&dir, Residency::HugePages, kind) else {
            eprintln!(
                "skipping the {} hot path: its table is not in {}",
                kind.name(),
                dir.display()
            );
            continue;
        };
        let nodes = search::solve(&set, &cube, &opts, None).unwrap().nodes;
        let mut g = c.benchmark_group(format!("hot path, {} (nodes)", kind.name()));
        g.sample_size(10);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function("16-move position, 1 thread", |b| {
            b.iter(|| black_box(search::solve(&set, &cube, &opts, None).unwrap()))
        });
        g.finish();
    }
}

criterion_group!(benches, bench_search, bench_hot_path);
criterion_main!(benches);

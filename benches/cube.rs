//! Hot paths of the cube model and the coordinates.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use korf::cube::coord;
use korf::cube::{random_cube, Cube, ALL_MOVES};
use korf::internals::{edges7_b_state, Pattern, EDGES7_A};
use korf::tables::TableKind;
use rand::SeedableRng;

fn cubes() -> Vec<Cube> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    (0..256).map(|_| random_cube(&mut rng)).collect()
}

fn bench_moves(c: &mut Criterion) {
    let cs = cubes();
    c.bench_function("apply_move (c * m), 18 moves", |b| {
        let mut i = 0;
        b.iter(|| {
            let x = &cs[i & 255];
            i += 1;
            for m in ALL_MOVES {
                black_box(x.apply_move(m));
            }
        })
    });
    c.bench_function("premove (m * c, search step), 18 moves", |b| {
        let mut i = 0;
        b.iter(|| {
            let x = &cs[i & 255];
            i += 1;
            for m in ALL_MOVES {
                black_box(x.premove(m));
            }
        })
    });
    c.bench_function("compose", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(cs[i & 255].compose(&cs[(i + 7) & 255]))
        })
    });
}

fn bench_ranks(c: &mut Criterion) {
    let cs = cubes();
    let mut g = c.benchmark_group("rank");
    macro_rules! rank {
        ($name:expr, $f:expr) => {
            g.bench_function($name, |b| {
                let mut i = 0;
                b.iter(|| {
                    i += 1;
                    black_box($f(&cs[i & 255]))
                })
            });
        };
    }
    rank!("corner_index (8!·3^7)", |x: &Cube| x.corner_coord());
    rank!("edges7a index (12!/5!·2^7)", |x: &Cube| EDGES7_A
        .rank(&EDGES7_A.project(x)));
    rank!("edges7b index via z2", |x: &Cube| coord::edge_group_index(
        &edges7_b_state(x)
    ));
    rank!("edge_perm_index (12!)", |x: &Cube| x.edge_perm_coord());
    rank!("twist (3^7)", |x: &Cube| x.twist_coord());
    rank!("flip (2^11)", |x: &Cube| x.flip_coord());
    rank!("corner_perm (8!)", |x: &Cube| x.corner_perm_coord());
    g.finish();
    let mut g = c.benchmark_group("unrank");
    g.bench_function("unrank_corners", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i = (i + 7_777_777) % coord::CORNER_STATES;
            black_box(coord::unrank_corners(i))
        })
    });
    g.bench_function("unrank_edge_group::<7>", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i = (i + 77_777_777) % 510_935_040;
            black_box(coord::unrank_edge_group::<7>(i))
        })
    });
    g.bench_function("unrank_perm::<12>", |b| {
        let mut i = 0u32;
        b.iter(|| {
            i = (i + 77_777_777) % coord::EDGE_PERMS;
            black_box(coord::unrank_perm::<12>(i))
        })
    });
    g.finish();
    c.bench_function("to_facelets + from_facelets", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(Cube::from_facelets(&cs[i & 255].to_facelets()).unwrap())
        })
    });
}

/// The full-edge coordinate: a search probe (raw-to-class lookup, conjugation,
/// arrangement) and a generation step (one entry's 18 neighbours, in index order).
fn bench_full_edge(c: &mut Criterion) {
    let cs = cubes();
    let coords = korf::internals::FullEdgeCoords::with_moves();
    let mut g = c.benchmark_group("full_edge");
    g.bench_function("index (search probe)", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(coords.index(&cs[i & 255].all_edge_cubies()))
        })
    });
    g.bench_function("18 neighbours of an entry (generation)", |b| {
        let mut i = 1_000_000_007u64;
        b.iter(|| {
            i += 1;
            let mut acc = 0u64;
            coords.visit_neighbours(i, |j| {
                acc = acc.wrapping_add(j);
                false
            });
            black_box(acc)
        })
    });
    g.finish();
}

/// One axis' index of each three-axis coset coordinate of the registry, as the search
/// computes it for each probe, per axis (256 positions per call, reported per index).
fn bench_axis_indices(c: &mut Criterion) {
    let cs = cubes();
    for &kind in TableKind::ALL {
        if korf::internals::axis_index_sum(kind, &cs[..1], 0).is_none() {
            continue;
        }
        let mut g = c.benchmark_group(kind.name());
        g.throughput(criterion::Throughput::Elements(cs.len() as u64));
        for a in 0..3 {
            g.bench_function(format!("index, axis {a}"), |b| {
                b.iter(|| black_box(korf::internals::axis_index_sum(kind, black_box(&cs), a)))
            });
        }
        g.finish();
    }
}

criterion_group!(
    benches,
    bench_moves,
    bench_ranks,
    bench_full_edge,
    bench_axis_indices
);
criterion_main!(benches);

//! Uniformly random solvable positions.

use super::Cube;
use crate::cube::coord;
use rand::Rng;

/// A uniformly random solvable position: every one of the 43,252,003,274,489,856,000
/// reachable positions is equally likely.
///
/// Corner and edge permutations, twist and flip are drawn independently and uniformly;
/// permutation pairs of different parity are rejected and redrawn (half of all draws), which
/// keeps the accepted pairs uniform.
pub fn random_cube<R: Rng + ?Sized>(rng: &mut R) -> Cube {
    loop {
        let cp = coord::unrank_perm::<8>(rng.gen_range(0..coord::FACT[8]) as u32);
        let ep = coord::unrank_perm::<12>(rng.gen_range(0..coord::FACT[12]) as u32);
        if coord::parity(&cp) != coord::parity(&ep) {
            continue;
        }
        let co = coord::unrank_twist(rng.gen_range(0..coord::TWISTS));
        let eo = coord::unrank_flip(rng.gen_range(0..coord::FLIPS));
        return Cube::from_parts(cp, co, ep, eo);
    }
}

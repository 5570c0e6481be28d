//! An independent model of the cube for tests: 54 stickers in 3-D space, moved by rotation
//! matrices.  Nothing here uses korf's cubie tables.
// (some helpers serve only one of the test modules)
#![allow(dead_code)]

pub type V = [i32; 3];

/// Outward normal of each face in facelet order U R F D L B (x = R, y = U, z = F).
const NORMALS: [V; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// Cubie position of facelet (face, row, col), as documented in `cube::facelet`.
fn facelet_position(face: usize, r: i32, c: i32) -> V {
    match face {
        0 => [c - 1, 1, r - 1],  // U seen from above, B at the top
        1 => [1, 1 - r, 1 - c],  // R seen from the right, U at the top
        2 => [c - 1, 1 - r, 1],  // F
        3 => [c - 1, -1, 1 - r], // D seen from below, F at the top
        4 => [-1, 1 - r, c - 1], // L
        5 => [1 - c, 1 - r, -1], // B seen from behind
        _ => unreachable!(),
    }
}

pub struct StickerCube {
    /// (position, normal, colour)
    stickers: Vec<(V, V, u8)>,
}

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn dot(a: V, b: V) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
/// Rotate by -90° about unit axis `a` (clockwise seen from outside along `a`).
fn rot(a: V, v: V) -> V {
    let c = cross(a, v);
    let d = dot(a, v);
    [-c[0] + a[0] * d, -c[1] + a[1] * d, -c[2] + a[2] * d]
}

impl StickerCube {
    pub fn solved() -> Self {
        let mut stickers = Vec::new();
        for (f, &normal) in NORMALS.iter().enumerate() {
            for r in 0..3 {
                for c in 0..3 {
                    stickers.push((facelet_position(f, r, c), normal, b"URFDLB"[f]));
                }
            }
        }
        StickerCube { stickers }
    }
    pub fn turn(&mut self, face: usize, quarter_turns: usize) {
        let a = NORMALS[face];
        for _ in 0..quarter_turns {
            for s in &mut self.stickers {
                if dot(s.0, a) == 1 {
                    s.0 = rot(a, s.0);
                    s.1 = rot(a, s.1);
                }
            }
        }
    }
    /// Turn the layers of face `face`'s axis at the given depths (1 = that face's
    /// layer, 0 = the middle, -1 = the opposite face's) clockwise seen from `face`:
    /// `[0]` from L is `M`, `[1, 0]` from R is `Rw`, `[1, 0, -1]` from R is `x`.
    pub fn turn_layers(&mut self, face: usize, depths: &[i32], quarter_turns: usize) {
        let a = NORMALS[face];
        for _ in 0..quarter_turns {
            for s in &mut self.stickers {
                if depths.contains(&dot(s.0, a)) {
                    s.0 = rot(a, s.0);
                    s.1 = rot(a, s.1);
                }
            }
        }
    }

    /// The colour of the centre on `face`.
    pub fn centre(&self, face: usize) -> u8 {
        let p = NORMALS[face];
        self.stickers
            .iter()
            .find(|s| s.0 == p && s.1 == p)
            .unwrap()
            .2
    }

    pub fn facelets(&self) -> String {
        let mut out = vec![b'?'; 54];
        for f in 0..6 {
            for r in 0..3 {
                for c in 0..3 {
                    let p = facelet_position(f, r, c);
                    let s = self
                        .stickers
                        .iter()
                        .find(|s| s.0 == p && s.1 == NORMALS[f])
                        .unwrap();
                    out[f * 9 + (r * 3 + c) as usize] = s.2;
                }
            }
        }
        String::from_utf8(out).unwrap()
    }
}

/// A linear map of space given by the images of the x (R), y (U) and z (F) unit vectors.
#[derive(Clone, Copy)]
pub struct Linear {
    pub x: V,
    pub y: V,
    pub z: V,
}

impl Linear {
    pub fn apply(&self, v: V) -> V {
        std::array::from_fn(|i| v[0] * self.x[i] + v[1] * self.y[i] + v[2] * self.z[i])
    }
}

impl StickerCube {
    /// Move the whole cube by `map` (a rotation or a reflection of space), then recolour
    /// every sticker by the same map so that the centres read U R F D L B again.
    pub fn transformed(&self, map: &Linear) -> StickerCube {
        let face_of = |n: V| NORMALS.iter().position(|&m| m == n).unwrap();
        let stickers = self
            .stickers
            .iter()
            .map(|&(p, n, colour)| {
                let f = b"URFDLB".iter().position(|&c| c == colour).unwrap();
                let new_colour = b"URFDLB"[face_of(map.apply(NORMALS[f]))];
                (map.apply(p), map.apply(n), new_colour)
            })
            .collect();
        StickerCube { stickers }
    }
}

impl StickerCube {
    /// The cube whose stickers read `facelets` (54 colour letters, `URFDLB`, in facelet
    /// order).
    pub fn from_facelets(facelets: &str) -> Self {
        let mut cube = StickerCube::solved();
        for (i, s) in cube.stickers.iter_mut().enumerate() {
            s.2 = facelets.as_bytes()[i];
        }
        cube
    }
}

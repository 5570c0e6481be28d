// The cube as 54 facelets (URFDLB, each face read row by row as korf prints it) and its
// turns (faces, slices, wide turns, rotations) as permutations of them, derived from the geometry: each sticker is a
// position in {-1,0,1}^3 and an outward normal; a clockwise quarter turn of a face turns
// the stickers of its layer by -90 degrees about its outward normal.
"use strict";

const FACES = "URFDLB";
const NORMALS = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1], D: [0, -1, 0], L: [-1, 0, 0], B: [0, 0, -1] };

// Position of sticker (row, col) of a face, as that face is drawn in korf's net.
function stickerPosition(face, r, c) {
  switch (face) {
    case "U": return [c - 1, 1, r - 1];
    case "R": return [1, 1 - r, 1 - c];
    case "F": return [c - 1, 1 - r, 1];
    case "D": return [c - 1, -1, 1 - r];
    case "L": return [-1, 1 - r, c - 1];
    case "B": return [1 - c, 1 - r, -1];
  }
}

const STICKERS = [];
for (const f of FACES) {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) STICKERS.push({ p: stickerPosition(f, r, c), n: NORMALS[f] });
}
const key = (p, n) => p.join(",") + "|" + n.join(",");
const INDEX = new Map(STICKERS.map((s, i) => [key(s.p, s.n), i]));

function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
// -90 degrees about unit axis n: v -> -(n x v) + n (n . v)
function turn(n, v) { const c = cross(n, v), d = dot(n, v); return [0, 1, 2].map(i => -c[i] + n[i] * d + 0); }

// Every turn in WCA notation: the face whose clockwise turn gives its direction, and the
// layers it moves, as depths along that face's normal (1 its own layer, 0 the middle,
// -1 the far one).  M turns as L, E as D, S as F; x as R, y as U, z as F; Rw (or r) is
// R and the middle layer.
const LAYERS = { M: ["L", [0]], E: ["D", [0]], S: ["F", [0]], x: ["R", [1, 0, -1]], y: ["U", [1, 0, -1]], z: ["F", [1, 0, -1]] };
for (const f of FACES) {
  LAYERS[f] = [f, [1]];
  LAYERS[f + "w"] = [f, [1, 0]];
  LAYERS[f.toLowerCase()] = [f, [1, 0]];
}

// QUARTER[t][j] = i: after a clockwise quarter turn t, facelet j holds what facelet i held.
const QUARTER = {};
for (const [t, [f, depths]] of Object.entries(LAYERS)) {
  const n = NORMALS[f];
  const perm = STICKERS.map((_, j) => j);
  STICKERS.forEach((s, i) => {
    if (depths.includes(dot(s.p, n))) perm[INDEX.get(key(turn(n, s.p), turn(n, s.n)))] = i;
  });
  QUARTER[t] = perm;
}

/** A move's turn ("R", "M", "Rw", "r", "x") and its amount ("", "2", "'"), or null. */
function splitMove(move) {
  const m = /^([URFDLB]w?|[urfdlbMESxyz])(2|'|2')?$/.exec(move);
  return m && { turn: m[1], amount: m[2] === "2'" ? "2" : m[2] || "" };
}

/** The face whose direction a move turns in and the layers it moves (depths). */
function moveLayers(move) {
  const [face, depths] = LAYERS[splitMove(move).turn];
  return { face, depths };
}

/** Quarter turns of a move, clockwise: 1 for R, 2 for R2, -1 for R'. */
function quarterTurns(move) {
  const { amount } = splitMove(move);
  return amount === "" ? 1 : amount === "2" ? 2 : -1;
}

/** The move that undoes a move. */
function inverseMove(move) {
  const { turn, amount } = splitMove(move);
  return turn + (amount === "" ? "'" : amount === "2" ? "2" : "");
}

/** Apply one move ("R", "R2", "R'", "M", "Rw'", "x2") to a 54-letter facelet string. */
function applyMove(facelets, move) {
  const parts = splitMove(move);
  if (!parts) throw new Error("not a move: " + move);
  const times = (quarterTurns(move) + 4) % 4; // R' = three clockwise quarter turns
  let s = facelets;
  for (let t = 0; t < times; t++) s = QUARTER[parts.turn].map(i => s[i]).join("");
  return s;
}

/** Apply a move sequence (space separated). */
function applyMoves(facelets, moves) {
  return moves.split(/\s+/).filter(Boolean).reduce(applyMove, facelets);
}

const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

if (typeof module !== "undefined") module.exports = { applyMove, applyMoves, inverseMove, quarterTurns, moveLayers, SOLVED, FACES };

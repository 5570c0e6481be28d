// The cube as 54 facelets (URFDLB, each face read row by row as korf prints it) and the
// 18 face turns as permutations of them, derived from the geometry: each sticker is a
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

// QUARTER[f][j] = i: after a clockwise quarter turn of face f, facelet j holds what facelet i held.
const QUARTER = {};
for (const f of FACES) {
  const n = NORMALS[f];
  const perm = STICKERS.map((_, j) => j);
  STICKERS.forEach((s, i) => {
    if (dot(s.p, n) === 1) perm[INDEX.get(key(turn(n, s.p), turn(n, s.n)))] = i;
  });
  QUARTER[f] = perm;
}

/** Quarter turns of a move, clockwise: 1 for R, 2 for R2, -1 for R'. */
function quarterTurns(move) {
  return move.length === 1 ? 1 : move[1] === "2" ? 2 : -1;
}

/** The move that undoes a move. */
function inverseMove(move) {
  return move.length === 1 ? move + "'" : move[1] === "2" ? move : move[0];
}

/** Apply one move ("R", "R2", "R'") to a 54-letter facelet string. */
function applyMove(facelets, move) {
  if (!/^[URFDLB](2|')?$/.test(move)) throw new Error("not a move: " + move);
  const times = (quarterTurns(move) + 4) % 4; // R' = three clockwise quarter turns
  let s = facelets;
  for (let t = 0; t < times; t++) s = QUARTER[move[0]].map(i => s[i]).join("");
  return s;
}

/** Apply a move sequence (space separated). */
function applyMoves(facelets, moves) {
  return moves.split(/\s+/).filter(Boolean).reduce(applyMove, facelets);
}

const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

if (typeof module !== "undefined") module.exports = { applyMove, applyMoves, inverseMove, quarterTurns, SOLVED, FACES };

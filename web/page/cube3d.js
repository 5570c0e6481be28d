// The cube in 3D: 26 cubies drawn with CSS transforms, whose layers turn when a move is
// played.  Each cubie face that shows outside carries one facelet (data-index, so the
// page's draw() colours it with the net).  A turn animates the cubies of its layers about
// the face's axis with the Web Animations API; when it ends, the page draws the new
// facelets and the cubies snap back to their places, now wearing the turned colours.
// Drag the cube to look at it from elsewhere; double-click to look from the front again.
// Uses the model of cube.js: NORMALS, INDEX and key(), dot(), quarterTurns(), moveLayers().
"use strict";

// CSS has y pointing down; the model has y up.
const toCss = v => [v[0], -v[1], v[2]];

// How a cubie face with outward normal n (model coordinates) is placed on its cubie.
function faceTransform(n) {
  if (n[0]) return `rotateY(${90 * n[0]}deg)`;
  if (n[1]) return `rotateX(${90 * n[1]}deg)`;
  return n[2] > 0 ? "" : "rotateY(180deg)";
}

/**
 * The transform of a cubie at p (model coordinates, each in {-1,0,1}) turned with the
 * layer of `move` by `fraction` of the move (0 = before it, 1 = after it).  A clockwise
 * quarter turn, seen from outside the face, is +90 degrees about the face's outward
 * normal in CSS's left-handed (y down) frame.
 */
function cubieTransform(p, move, fraction, unit) {
  const place = `translate3d(${p[0] * unit}px, ${-p[1] * unit}px, ${p[2] * unit}px)`;
  if (!move) return place;
  const [x, y, z] = toCss(NORMALS[moveLayers(move).face]);
  const angle = 90 * quarterTurns(move) * fraction;
  return `rotate3d(${x}, ${y}, ${z}, ${angle}deg) ${place}`;
}

class CubeView {
  /** Build the cubies inside `element`; `unit` is a cubie's edge in CSS pixels. */
  constructor(element, { unit = 40, tilt = [-28, -38], draggable = false } = {}) {
    this.element = element;
    this.unit = unit;
    this.home = tilt.slice();
    this.tilt = tilt.slice();
    this.cubies = [];
    this.running = [];
    element.classList.add("cube-view");
    this.pivot = document.createElement("div");
    this.pivot.className = "cube-pivot";
    element.appendChild(this.pivot);
    this.buildCubies();
    this.orient();
    if (draggable) this.enableDrag();
  }

  buildCubies() {
    const half = this.unit / 2;
    for (const x of [-1, 0, 1]) for (const y of [-1, 0, 1]) for (const z of [-1, 0, 1]) {
      if (!x && !y && !z) continue;
      const cubie = document.createElement("div");
      cubie.className = "cubie";
      cubie.style.transform = cubieTransform([x, y, z], null, 0, this.unit);
      for (const n of Object.values(NORMALS)) {
        const face = document.createElement("div");
        face.style.transform = `${faceTransform(n)} translateZ(${half}px)`;
        const i = INDEX.get(key([x, y, z], n));
        if (i === undefined) {
          face.className = "cubie-face inside";
        } else {
          face.className = "cubie-face";
          face.dataset.index = i;
        }
        cubie.appendChild(face);
      }
      this.cubies.push({ p: [x, y, z], element: cubie });
      this.pivot.appendChild(cubie);
    }
  }

  orient() {
    const [ax, ay] = this.tilt;
    this.pivot.style.transform = `rotateX(${ax}deg) rotateY(${ay}deg)`;
  }

  enableDrag() {
    let from = null;
    this.element.addEventListener("pointerdown", e => {
      from = [e.clientX, e.clientY, ...this.tilt];
      this.element.setPointerCapture(e.pointerId);
    });
    this.element.addEventListener("pointermove", e => {
      if (!from) return;
      const [x0, y0, ax, ay] = from;
      this.tilt = [Math.max(-89, Math.min(89, ax - (e.clientY - y0) / 2)), ay + (e.clientX - x0) / 2];
      this.orient();
    });
    const end = () => { from = null; };
    this.element.addEventListener("pointerup", end);
    this.element.addEventListener("pointercancel", end);
    this.element.addEventListener("dblclick", () => { this.tilt = this.home.slice(); this.orient(); });
  }

  /** The cubies that a move turns. */
  layer(move) {
    const { face, depths } = moveLayers(move);
    return this.cubies.filter(c => depths.includes(dot(c.p, NORMALS[face])));
  }

  /**
   * Animate one move over `ms` milliseconds.  Resolves when it has ended (or was
   * finished early by finish()); the caller then draws the new facelets and calls settle().
   */
  turn(move, ms) {
    this.settle();
    this.running = this.layer(move).map(c => c.element.animate(
      [
        { transform: cubieTransform(c.p, move, 0, this.unit) },
        { transform: cubieTransform(c.p, move, 1, this.unit) },
      ],
      { duration: ms, easing: "ease-in-out", fill: "forwards" },
    ));
    return Promise.all(this.running.map(a => a.finished.catch(() => {})));
  }

  /** Jump a running turn to its end. */
  finish() {
    for (const a of this.running) a.finish();
  }

  /** Put every cubie back in its place (after the new colours are drawn). */
  settle() {
    for (const a of this.running) a.cancel();
    this.running = [];
  }
}

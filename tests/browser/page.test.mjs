// The page of `korf serve`, driven in Debian's headless Chromium as a cuber would use it:
// click colours onto the net, solve, step through the playback; open a link that holds a
// scramble; type an impossible cube; cancel a long solve.  Run from the repository with
// `npm --prefix tests/browser test` after `cargo build --release` (KORF_BIN and
// KORF_TEST_TABLES point elsewhere; KORF_SCREENSHOT=FILE saves a picture of the page).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { createInterface } from "node:readline";
import { launchChromium } from "./chromium.mjs";

const root = new URL("../../", import.meta.url).pathname;
const korf = process.env.KORF_BIN || root + "target/release/korf";
const tables = process.env.KORF_TEST_TABLES || root + "target/tmp/tables";
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
let server, base, browser;

const facelets = moves => execFileSync(korf, ["show", "--format", "facelets", "-s", moves]).toString().trim();

before(async () => {
  server = spawn(korf, ["serve", "--listen", "127.0.0.1:0", "--tables", tables, "--heuristic", "coset",
    "--threads", "1", "--no-generate"], { stdio: ["ignore", "ignore", "pipe"] });
  const lines = createInterface({ input: server.stderr });
  base = await new Promise((resolve, reject) => {
    lines.on("line", l => { const m = l.match(/listening on (http:\/\/[^/]+)\//); if (m) resolve(m[1]); });
    server.on("exit", code => reject(new Error("korf serve exited " + code)));
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
});

async function netFacelets(page) {
  return page.$$eval("#net [data-index]", els => els
    .sort((a, b) => a.dataset.index - b.dataset.index)
    .map(e => e.className.match(/\b([URFDLBX])\b/)[1]).join(""));
}

/** How many cubies are turning (animations of the 3D views, not colour transitions). */
function turning() {
  return document.getAnimations().filter(a => a.effect.target.classList.contains("cubie")).length;
}

/** The facelets a 3D view shows, read from its stickers. */
async function cubeFacelets(page, view) {
  return page.$$eval(view + " [data-index]", els => els
    .sort((a, b) => a.dataset.index - b.dataset.index)
    .map(e => e.className.match(/\b([URFDLBX])\b/)[1]).join(""));
}

test("a cuber clicks colours onto the net, solves, and steps through the solution", async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await page.goto(base + "/");
  const target = facelets("R U F'");
  for (let i = 0; i < 54; i++) {
    if (target[i] === SOLVED[i]) continue;
    await page.click(`#palette button.${target[i]}`);
    await page.click(`#net [data-index="${i}"]`);
  }
  assert.equal(await page.inputValue("#facelets"), target);
  await page.waitForFunction(() => document.querySelector("#check").textContent === "A solvable position.");
  assert.ok(page.url().includes("facelets=" + target), page.url());
  await page.click("#optimal");
  await page.waitForFunction(() => /shortest, proven/.test(document.querySelector("#answer").textContent));
  assert.equal(await page.textContent("#answer"), "3 moves (shortest, proven):");
  const moves = await page.$$eval("#moves li", els => els.map(e => e.textContent));
  assert.deepEqual(moves, ["F", "U'", "R'"]);
  assert.equal(await netFacelets(page), target);
  // One move on: the layer turns (one animation per cubie of the F layer, in each of the
  // two views), and when it has turned the net shows the position after the move.
  await page.click("#forward");
  assert.equal(await page.evaluate(turning), 18);
  await page.waitForFunction(() => document.querySelector("#step").textContent === "1 / 3");
  assert.equal(await page.evaluate(turning), 0);
  assert.equal(await netFacelets(page), facelets("R U F' F"));
  assert.equal(await cubeFacelets(page, "#cube-front"), facelets("R U F' F"));
  await page.click("#last");
  assert.equal(await page.textContent("#step"), "3 / 3");
  assert.equal(await netFacelets(page), SOLVED);
  await page.click("#first");
  await page.click("#play");
  await page.waitForFunction(() => document.querySelector("#step").textContent === "3 / 3", null, { timeout: 5000 });
  assert.equal(await netFacelets(page), SOLVED);
  assert.equal(await cubeFacelets(page, "#cube-back"), SOLVED);
  await page.click("#back");
  await page.waitForFunction(() => document.querySelector("#step").textContent === "2 / 3");
  assert.equal(await netFacelets(page), facelets("R"));
  if (process.env.KORF_SCREENSHOT) {
    await page.selectOption("#speed", "700");
    await page.click("#back");
    await page.waitForTimeout(350); // half way through the turn
    await page.screenshot({ path: process.env.KORF_SCREENSHOT, fullPage: true });
  }
  await page.close();
});

test("the 3D cube turns each layer the way the move turns the facelets", async () => {
  const page = await browser.newPage();
  await page.goto(base + "/");
  // For each turn (faces, slices, wide turns, rotations), carry every sticker of the
  // turning layers through the
  // transform at the end of the animation (as Chromium computes it) and see where it
  // lands: it must be where applyMove sends that facelet.
  const wrong = await page.evaluate(() => {
    const unit = 10;
    const ids = Array.from({ length: 54 }, (_, i) => String.fromCharCode(48 + i)).join("");
    const at = (p, n) => [0, 1, 2].map(k => p[k] + n[k] / 2);
    const wrong = [];
    const turns = [..."URFDLBMESxyzurfdlb", "Rw", "Uw"];
    for (const t of turns) for (const move of [t, t + "2", t + "'"]) {
      const after = applyMove(ids, move);
      const { face, depths } = moveLayers(move);
      STICKERS.forEach((s, i) => {
        const n = NORMALS[face];
        if (!depths.includes(s.p[0] * n[0] + s.p[1] * n[1] + s.p[2] * n[2])) return;
        const m = new DOMMatrix(cubieTransform(s.p, move, 1, unit));
        // The sticker's centre on its cubie, which the transform puts in place.
        const r = m.transformPoint(new DOMPoint(s.n[0] * unit / 2, -s.n[1] * unit / 2, s.n[2] * unit / 2));
        const landed = [r.x / unit, -r.y / unit, r.z / unit];
        const j = STICKERS.findIndex(t => at(t.p, t.n).every((v, k) => Math.abs(v - landed[k]) < 1e-6));
        if (j < 0 || after[j] !== ids[i]) wrong.push(`${move}: facelet ${i} lands on ${j}`);
      });
    }
    return wrong;
  });
  assert.deepEqual(wrong, []);
  await page.close();
});

test("a link with a scramble reproduces the position and solves it", async () => {
  const page = await browser.newPage();
  await page.goto(base + "/?scramble=" + encodeURIComponent("R U R' U'"));
  await page.waitForFunction(() => /shortest, proven/.test(document.querySelector("#answer").textContent));
  assert.equal(await page.inputValue("#scramble"), "R U R' U'");
  assert.equal(await page.inputValue("#facelets"), facelets("R U R' U'"));
  assert.equal(await page.textContent("#answer"), "4 moves (shortest, proven):");
  await page.close();
});

test("up to AUF, every algorithm is listed with its turns of U, and plays through to solved", async () => {
  const page = await browser.newPage();
  const scramble = "U R U R' U R U2 R' U2";
  await page.goto(base + "/?scramble=" + encodeURIComponent(scramble) + "&auf=1&mode=all");
  await page.waitForFunction(() => /shortest, proven/.test(document.querySelector("#answer").textContent));
  assert.ok(await page.isChecked("#auf"));
  assert.equal(await page.textContent("#answer"), "7 moves (shortest, proven, up to AUF):");
  // Each listed algorithm, AUF turns in brackets, played from the position, ends solved.
  const listed = await page.$$eval("#solutions li button", els => els.map(e => e.textContent));
  assert.ok(listed.length >= 1, listed.join("\n"));
  for (let i = 0; i < listed.length; i++) {
    await page.click(`#solutions li:nth-child(${i + 1}) button`);
    const shown = await page.$$eval("#moves li", els => els.map(e => e.textContent));
    assert.equal(shown.join(" "), listed[i]);
    const played = shown.map(m => m.replace(/[()]/g, "")).join(" ");
    assert.equal(facelets(scramble + " " + played), SOLVED, listed[i]);
    await page.click("#last");
    assert.equal(await netFacelets(page), SOLVED);
  }
  // Unticked, the same position needs its turns of U counted.
  await page.uncheck("#auf");
  await page.click("#optimal");
  await page.waitForFunction(() => /^\d+ moves \(shortest, proven\):$/.test(document.querySelector("#answer").textContent));
  const length = Number((await page.textContent("#answer")).split(" ")[0]);
  assert.ok(length > 7, String(length));
  await page.close();
});

test("grey stickers: an orientation case lists every algorithm, each orienting the last layer", async () => {
  const page = await browser.newPage();
  // Sune's case with every last-layer sticker that is not white grey (X).
  const scramble = "R U2 R' U' R U' R'";
  const lastLayer = [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47];
  const full = facelets(scramble);
  const oll = [...full].map((c, i) => (lastLayer.includes(i) && c !== "U" ? "X" : c)).join("");
  await page.goto(base + "/?facelets=" + oll + "&auf=1&mode=all");
  await page.waitForFunction(() => /shortest, proven/.test(document.querySelector("#answer").textContent));
  assert.equal(await netFacelets(page), oll);
  assert.equal(await page.$eval("#net [data-index='9']", e => getComputedStyle(e).backgroundColor), "rgb(187, 187, 187)");
  const expected = JSON.parse(execFileSync(korf, ["solve", oll, "--start-auf", "--end-auf", "--json", "--heuristic", "coset"],
    { env: { ...process.env, KORF_TABLES: tables } }).toString());
  assert.equal(await page.textContent("#answer"), `${expected.length} moves (shortest, proven, up to AUF):`);
  const listed = await page.$$eval("#solutions li button", els => els.map(e => e.textContent));
  assert.ok(listed.length >= 2, listed.join("\n"));
  for (const line of listed) {
    const played = line.split(" ").filter(w => !/^\(\d/.test(w)).map(w => w.replace(/[()]/g, "")).join(" ");
    const after = facelets(scramble + " " + played);
    // Oriented: the top all white, the first two layers solved.
    const home = [...after].every((c, i) => c === SOLVED[i] || (lastLayer.includes(i) && i >= 9 && c !== "U"));
    assert.ok(home && after.slice(0, 9) === "UUUUUUUUU", line + " -> " + after);
  }
  // Only R and U turns, sorted by quarter turns: each listed line's lengths are shown and
  // the list is in that order.
  await page.fill("#turns", "R,U");
  await page.click("#all");
  await page.waitForFunction(() => /, turns U,R\)/.test(document.querySelector("#answer").textContent));
  await page.selectOption("#sort", "qtm");
  const rows = await page.$$eval("#solutions li", els => els.map(e => e.textContent));
  const quarters = rows.map(r => Number(r.match(/ (\d+)q \d+s$/)[1]));
  assert.deepEqual(quarters, [...quarters].sort((a, b) => a - b), rows.join("\n"));
  for (const r of rows) assert.ok(!/[FLDB]/.test(r.replace(/ \d+f \d+q \d+s$/, "")), r);
  // The grey colour is in the palette.
  assert.equal(await page.getAttribute("#palette button.X", "aria-label"), "grey: does not matter");
  await page.close();
});

test("the M slice: every solution in M and U, counted in slice turns, plays to solved", async () => {
  const page = await browser.newPage();
  const scramble = "M2 U M U2 M' U M2";
  await page.goto(base + "/?scramble=" + encodeURIComponent(scramble) + "&moves=M,U&metric=stm&mode=all");
  await page.waitForFunction(() => /shortest, proven/.test(document.querySelector("#answer").textContent));
  assert.equal(await page.textContent("#answer"), "7 slice turns (shortest, proven, turns U,M):");
  const listed = await page.$$eval("#solutions li button", els => els.map(e => e.textContent));
  assert.ok(listed.includes("M2 U' M U2 M' U' M2"), listed.join("\n"));
  for (const line of listed) {
    assert.ok(/^[MUx2' ]+$/.test(line), line);
    const solved = await page.evaluate(s => applyMoves(document.querySelector("#facelets").value, s) === SOLVED, line);
    assert.ok(solved, line);
  }
  const rows = await page.$$eval("#solutions li", els => els.map(e => e.textContent));
  for (const r of rows) assert.match(r, / 11f 16q 7s$/);
  // A solution that leaves the centres turned ends with the rotation that brings the
  // cube back to how it was held at the start: every face one colour, each centre where
  // it was.
  await page.goto(base + "/?scramble=" + encodeURIComponent("M U") + "&moves=M,U&metric=stm");
  await page.waitForFunction(() => /shortest, proven/.test(document.querySelector("#answer").textContent));
  const moves = await page.$$eval("#moves li", els => els.map(e => e.textContent));
  assert.deepEqual(moves, ["U'", "M'", "x'"]);
  const start = await page.inputValue("#facelets");
  await page.click("#last");
  const end = await netFacelets(page);
  for (let f = 0; f < 6; f++) assert.equal(end.slice(9 * f, 9 * f + 9), start[9 * f + 4].repeat(9), end);
  await page.close();
});

test("a facelet string given as a scramble is refused, not turned 54 times", async () => {
  const page = await browser.newPage();
  const position = facelets("R U F'");
  await page.goto(base + "/?scramble=" + encodeURIComponent(position));
  await page.waitForFunction(() => document.querySelector("#check").className === "bad");
  assert.match(await page.textContent("#check"), /facelet string, not a move sequence/);
  assert.equal(await page.textContent("#answer"), "", "nothing was solved");
  await page.fill("#scramble", "UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB");
  await page.click("#apply-scramble");
  assert.match(await page.textContent("#check"), /paste it into Facelets/);
  await page.close();
});

test("an impossible cube is named as korf check names it", async () => {
  const page = await browser.newPage();
  await page.goto(base + "/");
  const bad = SOLVED.slice(0, 8) + "R" + "U" + SOLVED.slice(10);
  await page.fill("#facelets", bad);
  let said = "";
  try { execFileSync(korf, ["check", bad], { stdio: "pipe" }); } catch (e) { said = e.stderr.toString(); }
  await page.waitForFunction(() => document.querySelector("#check").className === "bad");
  const shown = await page.textContent("#check");
  assert.ok(shown.length > 10 && said.includes(shown), `${shown} | ${said}`);
  await page.close();
});

test("Cancel stops a long optimal solve", async () => {
  const page = await browser.newPage();
  await page.goto(base + "/");
  await page.fill("#scramble", "F' R2 L D' L U F2 B U2 D B U' F' R' B F' U'");
  await page.click("#apply-scramble");
  await page.click("#optimal");
  await page.waitForFunction(() => /^Searching/.test(document.querySelector("#progress").textContent));
  assert.match(await page.textContent("#progress"), /about .* left/);
  await page.click("#cancel");
  await page.waitForFunction(() => document.querySelector("#progress").textContent === "Cancelled.");
  // The server's solve stops too.
  for (let i = 0; ; i++) {
    const h = await (await fetch(base + "/v1/health")).json();
    if (h.optimal_solves.running === 0) break;
    assert.ok(i < 100, "the solve still runs 10 s after Cancel");
    await new Promise(r => setTimeout(r, 100));
  }
  await page.close();
});

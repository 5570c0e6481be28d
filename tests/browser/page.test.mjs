// The page of `korf serve`, driven in Debian's headless Chromium as a cuber would use it:
// click colours onto the net, solve, step through the playback; open a link that holds a
// scramble; type an impossible cube; cancel a long solve.  Run from the repository with
// `npm --prefix tests/browser test` after `cargo build --release` (KORF_BIN and
// KORF_TEST_TABLES point elsewhere; KORF_SCREENSHOT=FILE saves a picture of the page).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

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
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
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
  await page.click("#forward");
  assert.equal(await page.textContent("#step"), "1 / 3");
  await page.click("#last");
  assert.equal(await page.textContent("#step"), "3 / 3");
  assert.equal(await netFacelets(page), SOLVED);
  await page.click("#first");
  await page.click("#play");
  await page.waitForFunction(() => document.querySelector("#step").textContent === "3 / 3", null, { timeout: 5000 });
  assert.equal(await netFacelets(page), SOLVED);
  if (process.env.KORF_SCREENSHOT) {
    await page.click("#back");
    await page.waitForTimeout(500); // the colours' transition
    await page.screenshot({ path: process.env.KORF_SCREENSHOT, fullPage: true });
  }
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

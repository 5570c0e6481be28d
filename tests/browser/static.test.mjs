// The static site (web/build.sh → target/site) in Debian's headless Chromium, served by a
// plain file server and no korf server: korf's WebAssembly build checks, builds its
// tables in the browser, keeps them across a reload, solves (two-phase, and optimal for a
// short scramble), cancels; table files published beside the page are fetched in pieces
// instead of built (a damaged one refused and built).  Run `web/build.sh` first; KORF_SITE points elsewhere, and
// KORF_TEST_TABLES at native tables to publish (phase1.pdb, phase2.pdb).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { copyFileSync, createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { launchChromium } from "./chromium.mjs";

const root = new URL("../../", import.meta.url).pathname;
const site = process.env.KORF_SITE || root + "target/site";
const tables = process.env.KORF_TEST_TABLES || root + "target/tmp/tables";
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
let browser;
const servers = [];

/** A plain static file server on loopback for `dir` (and `/tables/` from `published`,
 * if given), answering Range requests as common hosts do; `log` gets each request, and
 * `fail(request)` returning true answers it 503 (a connection that drops). */
async function serve(dir, published, log = [], fail = () => false) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = published && path.startsWith("/tables/")
      ? join(published, normalize(path.slice(8)))
      : join(dir, normalize(path === "/" ? "/index.html" : path));
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    const size = statSync(file).size;
    const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range || "");
    log.push({ path, method: req.method, range: range ? range[0] : null });
    if (fail(log[log.length - 1])) return res.writeHead(503).end("unavailable");
    const type = TYPES[extname(file)] || "application/octet-stream";
    if (range) {
      const [from, to] = [Number(range[1]), Math.min(Number(range[2]), size - 1)];
      res.writeHead(206, { "Content-Type": type, "Content-Length": to - from + 1, "Content-Range": `bytes ${from}-${to}/${size}` });
      return req.method === "HEAD" ? res.end() : createReadStream(file, { start: from, end: to }).pipe(res);
    }
    res.writeHead(200, { "Content-Type": type, "Content-Length": size, "Accept-Ranges": "bytes" });
    return req.method === "HEAD" ? res.end() : createReadStream(file).pipe(res);
  });
  await new Promise(r => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}

before(async () => {
  assert.ok(existsSync(join(site, "index.html")), `no site at ${site}: run web/build.sh`);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
});

/** Every text the progress line shows while the page is open. */
async function watchProgress(page) {
  await page.addInitScript(() => {
    window.__progress = [];
    addEventListener("DOMContentLoaded", () => {
      const el = document.querySelector("#progress");
      new MutationObserver(() => window.__progress.push(el.textContent))
        .observe(el, { childList: true, characterData: true, subtree: true });
    });
  });
}

/** Whether `solution` solves the position shown in the facelets box (cube.js's moves). */
async function solves(page, solution) {
  return page.evaluate(s => applyMoves(document.querySelector("#facelets").value, s) === SOLVED, solution);
}

const answered = (page, pattern, timeout) =>
  page.waitForFunction(p => new RegExp(p).test(document.querySelector("#answer").textContent), pattern.source, { timeout });

test("with no server: a scramble in the URL is solved in the browser, fast and then optimal, and the tables persist", async (t) => {
  const base = await serve(site);
  const context = await browser.newContext();
  t.after(() => context.close()); // also when an assertion fails: no page left solving
  const page = await context.newPage();
  await watchProgress(page);
  const errors = [];
  page.on("pageerror", e => errors.push(e.message));
  // Two-phase: the tables are built here the first time.
  let started = Date.now();
  await page.goto(base + "/?scramble=" + encodeURIComponent("R U R' U' F2 D B L2") + "&mode=fast");
  await answered(page, /moves \(fast, not proven shortest\)/, 180_000);
  const fastBuild = (Date.now() - started) / 1000;
  assert.match(await page.textContent("#footer"), /in this browser/);
  const fast = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(await solves(page, fast), fast);
  assert.ok((await page.evaluate(() => window.__progress)).some(p => /^Building the phase1 table/.test(p)));
  // Optimal for a short scramble: the corner and coset tables built too, then the proof.
  started = Date.now();
  await page.goto(base + "/?scramble=" + encodeURIComponent("R U F' L2 D B'") + "&mode=optimal");
  await answered(page, /shortest, proven/, 300_000);
  const optimalBuild = (Date.now() - started) / 1000;
  assert.equal(await page.textContent("#answer"), "6 moves (shortest, proven):");
  const optimal = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(await solves(page, optimal), optimal);
  // A reload takes every table back from the browser's storage: nothing is built.
  started = Date.now();
  await page.goto(base + "/?scramble=" + encodeURIComponent("L2 D' F R U B2") + "&mode=optimal");
  await answered(page, /shortest, proven/, 120_000);
  const reload = (Date.now() - started) / 1000;
  const seen = await page.evaluate(() => window.__progress);
  assert.ok(!seen.some(p => /^Building/.test(p)), seen.join("\n"));
  assert.ok(seen.some(p => /^Loading the coset-cp table .*kept from an earlier visit/.test(p)), seen.join("\n"));
  assert.equal(await page.textContent("#answer"), "6 moves (shortest, proven):");
  // Up to AUF, in WebAssembly: Sune from an angle is seven moves, its turns of U apart.
  await page.goto(base + "/?scramble=" + encodeURIComponent("U R U R' U R U2 R' U2") + "&auf=1&mode=optimal");
  await answered(page, /shortest, proven, up to AUF/, 120_000);
  assert.equal(await page.textContent("#answer"), "7 moves (shortest, proven, up to AUF):");
  const framed = await page.$$eval("#moves li", els => els.map(e => e.textContent));
  assert.equal(framed.filter(m => !m.startsWith("(")).length, 7, framed.join(" "));
  assert.ok(await solves(page, framed.map(m => m.replace(/[()]/g, "")).join(" ")), framed.join(" "));
  // Grey stickers, in WebAssembly: Sune's orientation case (every last-layer sticker that
  // is not white grey) is seven moves up to AUF, and the moves played orient the top.
  const oll = "XUXUUUUUXXXURRRRRRXXUFFFFFFDDDDDDDDDXXXLLLLLLXXUBBBBBB";
  await page.goto(base + "/?facelets=" + oll + "&auf=1&mode=optimal");
  await answered(page, /shortest, proven, up to AUF/, 120_000);
  assert.equal(await page.textContent("#answer"), "7 moves (shortest, proven, up to AUF):");
  const ollMoves = (await page.$$eval("#moves li", els => els.map(e => e.textContent)))
    .map(m => m.replace(/[()]/g, "")).join(" ");
  const played = await page.evaluate(s => applyMoves(document.querySelector("#facelets").value, s), ollMoves);
  assert.equal(played.slice(0, 9), "UUUUUUUUU", ollMoves + " -> " + played);
  // Only R and U turns, in WebAssembly too.
  await page.goto(base + "/?facelets=" + oll + "&auf=1&mode=optimal&moves=R,U");
  await answered(page, /turns U,R\)/, 120_000);
  const ru = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(!/[FLDB]/.test(ru), ru);
  // Slices in slice turns, in WebAssembly: a U permutation in M and U is 7 moves.
  await page.goto(base + "/?scramble=" + encodeURIComponent("M2 U M U2 M' U M2") + "&mode=all&moves=M,U&metric=stm");
  await answered(page, /^7 slice turns \(shortest, proven, turns U,M\)/, 120_000);
  const mu = await page.$$eval("#solutions li button", els => els.map(e => e.textContent));
  assert.ok(mu.includes("M2 U' M U2 M' U' M2"), mu.join("\n"));
  for (const line of mu) assert.ok(await solves(page, line), line);
  assert.deepEqual(errors, []);
  console.log(`# fast with tables built: ${fastBuild.toFixed(1)} s; optimal with its tables built: ` +
    `${optimalBuild.toFixed(1)} s; after a reload: ${reload.toFixed(1)} s`);

  // An impossible cube (one edge turned over in place) is named as you type it.
  await page.goto(base + "/");
  const flipped = [...SOLVED];
  [flipped[7], flipped[19]] = ["F", "U"];
  await page.fill("#facelets", flipped.join(""));
  await page.waitForFunction(() => document.querySelector("#check").className === "bad");
  assert.equal(await page.textContent("#check"),
    "invalid position: an edge is flipped: the edge flips add up to an odd number — one edge has been turned over in place");

  // Cancel ends a long optimal solve; a solve after it works (tables from storage).
  await page.fill("#scramble", "F' R2 L D' L U F2 B U2 D B U' F' R' B F' U'");
  await page.click("#apply-scramble");
  await page.click("#optimal");
  await page.waitForFunction(() => /^Searching for a shortest solution/.test(document.querySelector("#progress").textContent),
    null, { timeout: 60_000 }).catch(async e => {
    throw new Error(`${e.message}; the progress line said:\n${(await page.evaluate(() => window.__progress)).join("\n")}`);
  });
  assert.match(await page.textContent("#progress"), /of about /);
  await page.click("#cancel");
  await page.waitForFunction(() => document.querySelector("#progress").textContent === "Cancelled.");
  assert.equal(await page.isDisabled("#fast"), false);
  await page.click("#fast");
  await answered(page, /moves \(fast, not proven shortest\)/, 60_000);
  const again = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(await solves(page, again), again);
});

test("tables published beside the page are fetched in pieces, checked, instead of built", async (t) => {
  if (!existsSync(join(tables, "phase1.pdb"))) return t.skip(`no native tables in ${tables}`);
  // phase1 as korf wrote it; phase2 damaged (one byte of its payload changed): refused by
  // its checksum, and built in the browser instead.
  const published = mkdtempSync(join(tmpdir(), "korf-published-"));
  copyFileSync(join(tables, "phase1.pdb"), join(published, "phase1.pdb"));
  const damaged = readFileSync(join(tables, "phase2.pdb"));
  damaged[damaged.length - 1] ^= 1;
  writeFileSync(join(published, "phase2.pdb"), damaged);
  const log = [];
  const base = await serve(site, published, log);
  const context = await browser.newContext();
  t.after(() => context.close()); // also when an assertion fails: no page left solving
  const page = await context.newPage();
  await watchProgress(page);
  await page.goto(base + "/?scramble=" + encodeURIComponent("B2 L' U R") + "&mode=fast");
  await answered(page, /moves \(fast, not proven shortest\)/, 120_000);
  const seen = await page.evaluate(() => window.__progress);
  assert.ok(!seen.some(p => /^Building the phase1/.test(p)), seen.join("\n"));
  assert.ok(seen.some(p => /^Fetching the phase1 table/.test(p)), seen.join("\n"));
  const pieces = log.filter(r => r.path === "/tables/phase1.pdb" && r.range).length;
  assert.equal(pieces, Math.ceil(statSync(join(tables, "phase1.pdb")).size / (8 << 20)));
  assert.ok(seen.some(p => /^Fetching the phase2 table/.test(p)), seen.join("\n"));
  assert.ok(seen.some(p => /^Building the phase2 table/.test(p)), seen.join("\n"));
  const fast = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(await solves(page, fast), fast);
  rmSync(published, { recursive: true, force: true });
});

test("a fetch cut short resumes after a reload with the pieces it had", async (t) => {
  if (!existsSync(join(tables, "phase1.pdb"))) return t.skip(`no native tables in ${tables}`);
  const published = mkdtempSync(join(tmpdir(), "korf-published-"));
  t.after(() => rmSync(published, { recursive: true, force: true }));
  for (const n of ["phase1", "phase2"]) symlinkSync(join(tables, n + ".pdb"), join(published, n + ".pdb"));
  // The host fails the fourth piece of phase1 once.
  const log = [];
  let failed = false;
  const fourth = `bytes=${3 * (8 << 20)}-`;
  const base = await serve(site, published, log, r => {
    if (failed || !r.range || !r.range.startsWith(fourth) || r.path !== "/tables/phase1.pdb") return false;
    return (failed = true);
  });
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const url = base + "/?scramble=" + encodeURIComponent("D2 R' F U") + "&mode=fast";
  await page.goto(url);
  await page.waitForFunction(() => /HTTP 503/.test(document.querySelector("#progress").textContent), null, { timeout: 60_000 });
  const pieces = () => log.filter(r => r.path === "/tables/phase1.pdb" && r.range).map(r => r.range);
  assert.equal(pieces().length, 4, pieces().join(" "));
  // Reloaded: the three pieces kept are not asked for again; the rest are.
  await page.goto(url);
  await answered(page, /moves \(fast, not proven shortest\)/, 120_000);
  const all = Math.ceil(statSync(join(tables, "phase1.pdb")).size / (8 << 20));
  const asked = pieces();
  assert.equal(asked.length, 4 + (all - 3), asked.join(" "));
  assert.equal(new Set(asked).size, all, "every piece asked for, the failed one twice");
  const fast = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(await solves(page, fast), fast);
});

// A large table (1.3 GiB through the browser's memory and storage): run with
// KORF_BROWSER_LARGE=1 after `korf tables generate --only coset4 --dir target/tmp/tables`
// (docs/testing.md), as the Rust tests that need the large tables are run with --ignored.
test("a published k = 4 coset table is fetched and takes the optimal search", async (t) => {
  const names = ["phase1", "phase2", "corners", "edge-slices", "coset4"];
  if (!process.env.KORF_BROWSER_LARGE) return t.skip("a large-table test: set KORF_BROWSER_LARGE=1");
  if (!names.every(n => existsSync(join(tables, n + ".pdb")))) return t.skip(`no coset4.pdb in ${tables}`);
  const published = mkdtempSync(join(tmpdir(), "korf-published-"));
  for (const n of names) symlinkSync(join(tables, n + ".pdb"), join(published, n + ".pdb"));
  const base = await serve(site, published);
  const context = await browser.newContext();
  t.after(() => context.close()); // also when an assertion fails: no page left solving
  const page = await context.newPage();
  await watchProgress(page);
  const said = [];
  page.on("console", m => said.push(m.text()));
  page.on("pageerror", e => said.push(e.message));
  const started = Date.now();
  await page.goto(base + "/?scramble=" + encodeURIComponent("F U' R2 D B' L U2 F'") + "&mode=optimal");
  await answered(page, /shortest, proven/, 300_000).catch(async e => {
    const seen = await page.evaluate(() => window.__progress);
    throw new Error(`${e.message}; the progress line said, last:\n${seen.slice(-8).join("\n")}\nconsole:\n${said.join("\n")}`);
  });
  const seen = await page.evaluate(() => window.__progress);
  assert.ok(seen.some(p => /^Fetching the coset4 table/.test(p)), seen.join("\n"));
  assert.ok(!seen.some(p => /^Building/.test(p)), seen.join("\n"));
  const moves = (await page.$$eval("#moves li", els => els.map(e => e.textContent))).join(" ");
  assert.ok(await solves(page, moves), moves);
  assert.ok(moves.split(" ").length <= 8, moves);
  console.log(`# with the k = 4 table fetched (1.3 GiB): ${((Date.now() - started) / 1000).toFixed(1)} s to the proof`);
  rmSync(published, { recursive: true, force: true });
});

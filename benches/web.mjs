// korf's WebAssembly build in Chromium against the native build, on the same positions in
// one run: the module's size, each table's build time in the browser, and the time per
// solve — two-phase and optimal (the coset tables, one thread) — on a scramble list.
//
//   web/build.sh && cargo build --release
//   node benches/web.mjs [--list benches/scrambles/optimal-16.txt] [--tables DIR]
//
// Needs playwright-core (npm ci --prefix tests/browser) and Debian's chromium.  The native
// side is `korf bench --heuristic coset-cp --threads 1` (and `--fast`) on the same list.
import { createServer } from "node:http";
import { createReadStream, existsSync, readFileSync, statSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { extname, join, normalize } from "node:path";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";

const root = new URL("../", import.meta.url).pathname;
const arg = (name, def) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const list = arg("--list", join(root, "benches/scrambles/optimal-16.txt"));
const tables = arg("--tables", join(root, "target/tmp/tables"));
const site = join(root, "target/site");
const korf = join(root, "target/release/korf");
const { chromium } = createRequire(join(root, "tests/browser/package.json"))("playwright-core");
const positions = readFileSync(list, "utf8").split("\n").map(l => l.trim()).filter(l => l && !l.startsWith("#"));

// Native first, on the same positions.
const nativeRows = args => {
  const out = join(mkdtempSync(join(tmpdir(), "korf-web-")), "rows.json");
  execFileSync(korf, ["bench", "--tables", tables, "--threads", "1", "--json", out, ...args, list], { stdio: "ignore" });
  const rows = JSON.parse(readFileSync(out, "utf8"));
  return Array.isArray(rows) ? rows : rows.records || rows.rows;
};
const nativeFast = nativeRows(["--fast"]);
const nativeOptimal = nativeRows(["--heuristic", "coset-cp"]);

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = join(site, normalize(path === "/" ? "/index.html" : path));
  if (!existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream" });
  createReadStream(file).pipe(res);
});
await new Promise(r => server.listen(0, "127.0.0.1", r));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
const result = await page.evaluate(async positions => {
  const k = await import(new URL("assets/korf.js", document.baseURI).href);
  await k.load();
  const solver = new k.Solver({ store: null });
  const builds = {};
  let started = 0;
  await solver.prepare("optimal", p => {
    if (p.step === "build" && p.fraction === 0) started = performance.now();
    if (p.step === "done") builds[p.table] = (performance.now() - started) / 1000;
  });
  const time = async f => { const t = performance.now(); const r = await f(); return [r, (performance.now() - t) / 1000]; };
  const fast = [], optimal = [];
  for (const p of positions) {
    const [r, s] = await time(() => solver.solveFast(p));
    fast.push({ length: r.length, seconds: s });
  }
  for (const p of positions) {
    const [r, s] = await time(() => solver.solve(p));
    optimal.push({ length: r.length, optimal: r.optimal, seconds: s, nodes: r.nodes });
  }
  return { builds, fast, optimal };
}, positions);
await browser.close();
server.close();

const mean = xs => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = xs => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log(`module: ${statSync(join(site, "assets/korf_web_bg.wasm")).size} bytes (korf_web_bg.wasm)`);
for (const [t, s] of Object.entries(result.builds)) console.log(`table ${t}: built in ${s.toFixed(1)} s in Chromium`);
console.log("\n  #  len  native s  browser s  ratio   (optimal, coset-cp tables, 1 thread)");
const ratios = [];
result.optimal.forEach((b, i) => {
  const n = nativeOptimal[i];
  if (b.length !== n.length || !b.optimal) throw new Error(`position ${i + 1}: browser ${b.length} (optimal ${b.optimal}), native ${n.length}`);
  ratios.push(b.seconds / n.seconds);
  console.log(`${String(i + 1).padStart(3)}  ${String(b.length).padStart(3)}  ${n.seconds.toFixed(3).padStart(8)}  ${b.seconds.toFixed(3).padStart(9)}  ${(b.seconds / n.seconds).toFixed(2)}`);
});
const nOpt = mean(nativeOptimal.map(r => r.seconds)), bOpt = mean(result.optimal.map(r => r.seconds));
console.log(`optimal: native mean ${nOpt.toFixed(3)} s, browser mean ${bOpt.toFixed(3)} s, ratio of means ${(bOpt / nOpt).toFixed(2)}, ` +
  `per-position ratio median ${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}); same lengths on all ${ratios.length}`);
const nFast = mean(nativeFast.map(r => r.seconds)), bFast = mean(result.fast.map(r => r.seconds));
console.log(`two-phase: native mean ${(nFast * 1000).toFixed(2)} ms, browser mean ${(bFast * 1000).toFixed(2)} ms ` +
  `(ratio ${(bFast / nFast).toFixed(2)}); mean length native ${mean(nativeFast.map(r => r.length)).toFixed(2)}, browser ${mean(result.fast.map(r => r.length)).toFixed(2)}`);

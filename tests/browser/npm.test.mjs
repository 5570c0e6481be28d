// The npm package web/build.sh packs (target/npm/korf-<version>.tgz), installed into an
// empty project as another app would install it, and called from Node.js: the types are
// there, a position is checked, and a scramble is solved with tables built in memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;
const npmDir = join(root, "target/npm");

test("the npm package installs, checks and solves", async () => {
  const tgz = existsSync(npmDir) && readdirSync(npmDir).find(f => /^korf-.*\.tgz$/.test(f));
  assert.ok(tgz, "no package in target/npm: run web/build.sh");
  const app = mkdtempSync(join(tmpdir(), "korf-npm-"));
  try {
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(npmDir, tgz)], { cwd: app });
    const pkg = join(app, "node_modules/korf");
    for (const f of ["korf.js", "korf.d.ts", "korf_web.js", "korf_web_bg.wasm"]) assert.ok(existsSync(join(pkg, f)), f);
    const korf = await import(join(pkg, "korf.js"));
    // Node.js has no fetch of file URLs: the module's bytes are handed over.
    const { readFileSync } = await import("node:fs");
    await korf.load(readFileSync(join(pkg, "korf_web_bg.wasm")));
    const good = await korf.check("R U R' U'");
    assert.equal(good.valid, true);
    assert.equal(good.facelets.length, 54);
    const bad = await korf.check("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBU");
    assert.equal(bad.valid, false);
    assert.match(bad.error, /appears 10 times/);
    const solver = new korf.Solver({ store: null });
    const steps = [];
    await solver.prepare("fast", p => steps.push(p.step));
    assert.ok(steps.includes("build") && steps.includes("done"), steps.join(","));
    const record = await solver.solveFast("R U R' U' F2 D B L2 U F R2");
    assert.equal(record.status, "solved");
    assert.equal(record.heuristic, "two-phase");
    assert.ok(record.length <= 20, record.solution); // two-phase, as korf serve answers mode=fast
    // The solution undoes the scramble: the scramble then the solution is the solved cube.
    const solved = await korf.check(`R U R' U' F2 D B L2 U F R2 ${record.solution}`);
    assert.equal(solved.facelets, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

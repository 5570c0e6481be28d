// korf in JavaScript: optimal and near-optimal Rubik's Cube solutions from korf's
// WebAssembly build, in a browser (or Node.js).  The tables the searches need are built
// here on first use and, in a browser, kept in IndexedDB for the next visit; a host that
// publishes table files beside the page lets them be fetched in pieces instead.
//
//   import { check, solveFast, solve } from "korf";
//   check("R U R' U'")                 // { valid: true, facelets: "…" }
//   await solveFast("R U R' U' F2")    // a short solution in milliseconds (after the tables)
//   await solve("R U R' U' F2")        // a shortest one, proven
//
// Everything runs on the calling thread: in a page, call it from a Web Worker (as korf's
// own page does, web/js/worker.js) so that a long solve does not freeze the page.
import init, * as wasm from "./korf_web.js";

let loading = null;

/** Load the WebAssembly module (once).  `source`: its URL or bytes, if not beside this file. */
export function load(source) {
  loading ??= init(source === undefined ? undefined : { module_or_path: source });
  return loading;
}

/** korf's version. */
export async function version() {
  await load();
  return wasm.version();
}

/**
 * Check a position: 54 facelets (URFDLB order, any six colour letters) or moves from the
 * solved cube.  Returns `{ valid: true, facelets }` or `{ valid: false, error }`.
 */
export async function check(position) {
  await load();
  return JSON.parse(wasm.check(String(position)));
}

/** The check, once `load()` has finished: no promise, for input handlers. */
export function checkNow(position) {
  return JSON.parse(wasm.check(String(position)));
}

// ---- where tables are kept -------------------------------------------------------

const DB = "korf";
const STORE = "tables";

/** Tables kept in IndexedDB (a browser's storage for this site), by name and format. */
export class TableStore {
  constructor(name = DB) {
    this.name = name;
    this.db = null;
  }
  static available() {
    return typeof indexedDB !== "undefined";
  }
  open() {
    this.db ??= new Promise((resolve, reject) => {
      const r = indexedDB.open(this.name, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    return this.db;
  }
  async request(mode, act) {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const r = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(r.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("the storage transaction was aborted"));
    });
  }
  get(key) { return this.request("readonly", s => s.get(key)); }
  async has(key) { return (await this.request("readonly", s => s.count(key))) > 0; }
  put(key, bytes) { return this.request("readwrite", s => s.put(bytes, key)); }
  delete(key) { return this.request("readwrite", s => s.delete(key)); }
  keys() { return this.request("readonly", s => s.getAllKeys()); }
}

/** A table's key in the store: its name and the file format's version. */
function keyOf(info) {
  return `${info.name}@${info.format}`;
}

// ---- fetching a published table in pieces ---------------------------------------------

/** Bytes fetched per request (and kept per piece, so a reload resumes). */
const PIECE = 8 << 20;

/**
 * Fetch `url` (a table file of `bytes` bytes) in pieces with Range requests, each piece
 * kept in `store` as it arrives so that an interrupted fetch resumes; `null` if the host
 * does not have the file.  A host that ignores Range gets one plain request.
 */
async function fetchPieces(url, info, store, onProgress) {
  const resumed = store && (await store.has(`${keyOf(info)}#0`));
  if (!resumed) {
    const head = await fetch(url, { method: "HEAD" }).catch(() => null);
    if (!head || !head.ok) return null;
  }
  const bytes = new Uint8Array(info.bytes);
  const pieces = Math.ceil(info.bytes / PIECE);
  for (let i = 0; i < pieces; i++) {
    const key = `${keyOf(info)}#${i}`;
    let piece = store ? await store.get(key) : undefined;
    if (!piece) {
      const from = i * PIECE, to = Math.min(info.bytes, from + PIECE) - 1;
      const r = await fetch(url, { headers: { Range: `bytes=${from}-${to}` } });
      if (r.status === 200) {
        // No Range support: the whole file in one answer.
        const all = new Uint8Array(await r.arrayBuffer());
        if (all.length !== info.bytes) throw new Error(`${url} has ${all.length} bytes, expected ${info.bytes}`);
        onProgress?.(1);
        return all;
      }
      if (r.status !== 206) {
        throw new Error(`fetching ${url} failed at ${Math.round((100 * i) / pieces)}% (HTTP ${r.status}); ` +
          "the pieces fetched are kept: try again to go on from there");
      }
      piece = new Uint8Array(await r.arrayBuffer());
      if (piece.length !== to - from + 1) throw new Error(`${url}: a piece of ${piece.length} bytes, expected ${to - from + 1}`);
      if (store) await store.put(key, piece);
    }
    bytes.set(piece, i * PIECE);
    onProgress?.((i + 1) / pieces);
  }
  return bytes;
}

async function dropPieces(info, store) {
  if (!store) return;
  const prefix = keyOf(info) + "#";
  for (const k of await store.keys()) if (String(k).startsWith(prefix)) await store.delete(k);
}

// ---- the solver ------------------------------------------------------------------

/**
 * A solver with its tables.  Options: `store` (a TableStore, default IndexedDB where there
 * is one; `null` keeps nothing), `tablesUrl` (where table files are published, e.g.
 * "tables/": fetched from there in pieces when present, built here otherwise).
 */
export class Solver {
  constructor(options = {}) {
    this.options = options;
    this.engine = null;
    this.store = options.store !== undefined ? options.store : TableStore.available() ? new TableStore() : null;
  }

  async ready() {
    await load();
    this.engine ??= new wasm.Engine();
    return this.engine;
  }

  /**
   * The tables `mode` needs (fast, optimal, all), with their sizes and whether loaded:
   * for an optimal search the k = 4 coset table (1.3 GiB, about 20 times faster) when it
   * is kept here or published at `tablesUrl`, else the k = 0 one (built here if need be).
   */
  async tables(mode = "optimal") {
    const engine = await this.ready();
    const large = mode !== "fast" && (await this.largeAvailable(engine));
    return wasm.tables_for(mode, large).map(name => ({ ...JSON.parse(wasm.table_info(name)), loaded: engine.has(name) }));
  }

  async largeAvailable(engine) {
    if (engine.has("coset4")) return true;
    const info = JSON.parse(wasm.table_info("coset4"));
    if (this.store && (await this.store.has(`${keyOf(info)}#0`).catch(() => false))) return true;
    if (!this.options.tablesUrl) return false;
    const r = await fetch(new URL("coset4.pdb", this.options.tablesUrl), { method: "HEAD" }).catch(() => null);
    return Boolean(r && r.ok && Number(r.headers.get("Content-Length")) === info.bytes);
  }

  /**
   * Make the tables of `mode` ready: from the store if kept there (checked against their
   * checksums; a damaged one is dropped and made again), else fetched from `tablesUrl`,
   * else built here.  `onProgress({ table, step, fraction })`, step being "load",
   * "fetch" or "build", as it goes.
   */
  async prepare(mode = "optimal", onProgress) {
    const engine = await this.ready();
    for (const info of await this.tables(mode)) {
      if (info.loaded) continue;
      const report = (step, fraction) => onProgress?.({ table: info.name, step, fraction, bytes: info.bytes });
      if (await this.fromStore(engine, info, report)) continue;
      if (this.options.tablesUrl) {
        // Kept as the pieces it was fetched in (no second copy of a large table).
        const image = await fetchPieces(new URL(info.name + ".pdb", this.options.tablesUrl).href, info, this.store,
          f => report("fetch", f));
        if (image) {
          try {
            engine.add(info.name, image); // header and checksum checked
            report("done", 1);
            continue;
          } catch (e) {
            console.warn(`korf: the published ${info.name} table is refused (${e.message}); building it here`);
            await dropPieces(info, this.store);
          }
        }
      }
      report("build", 0);
      const image = engine.build(info.name, f => report("build", f));
      if (this.store) await this.store.put(keyOf(info), image).catch(() => {});
      report("done", 1);
    }
  }

  async fromStore(engine, info, report) {
    if (!this.store) return false;
    const kept = await this.store.get(keyOf(info)).catch(() => undefined);
    if (!kept) return false;
    report("load", 0);
    try {
      engine.add(info.name, kept);
      report("done", 1);
      return true;
    } catch (e) {
      await this.store.delete(keyOf(info)).catch(() => {});
      return false;
    }
  }

  /** A short solution of `position` (two-phase; not proven shortest). */
  async solveFast(position) {
    await this.prepare("fast");
    return JSON.parse(this.engine.solve_fast(String(position)));
  }

  /**
   * A shortest solution of `position`, proven (`mode: "optimal"`), or every one
   * (`mode: "all"`, at most 1000); `timeout` in seconds (0: none) ends it early with the
   * best solution known, marked not optimal; `moves` ("R,U", "M,U") allows only those turns;
   * `metric` ("htm", "stm", or "qtm" with slices or wide turns) counts lengths.
   */
  async solve(position, { mode = "optimal", timeout = 0, startAuf = false, endAuf = false, moves = "", metric = "htm" } = {}) {
    await this.prepare(mode);
    return JSON.parse(this.engine.solve(String(position), mode, timeout, Boolean(startAuf), Boolean(endAuf),
      String(moves ?? ""), String(metric ?? "htm")));
  }

  /** What an optimal solve of `position` is expected to cost: bounds and seconds. */
  async predict(position) {
    await this.prepare("optimal");
    return JSON.parse(this.engine.predict(String(position)));
  }
}

let shared = null;
const defaultSolver = () => (shared ??= new Solver());

/** `new Solver().solveFast(position)`, on one solver shared by these functions. */
export function solveFast(position) {
  return defaultSolver().solveFast(position);
}

/** `new Solver().solve(position, options)`, on one solver shared by these functions. */
export function solve(position, options) {
  return defaultSolver().solve(position, options);
}

/** Make the shared solver's tables ready for `mode`, reporting progress. */
export function prepare(mode, onProgress) {
  return defaultSolver().prepare(mode, onProgress);
}

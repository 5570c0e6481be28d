// Types of korf's JavaScript API (korf.js).

/** What `check` says of a position. */
export type Check =
  | { valid: true; facelets: string }
  | { valid: false; error: string };

/** One search's answer: the record `korf serve` and `korf solve --json` give. */
export interface SolveRecord {
  index: number;
  input: string;
  facelets: string;
  /** `solved`, `timeout`, `interrupted`, `max_depth` or `max_length`. */
  status: string;
  /** The solution in standard notation (`R U2 F'`), if found. */
  solution: string | null;
  length: number | null;
  metric: "htm" | "qtm";
  /** Proven shortest. */
  optimal: boolean;
  nodes: number;
  seconds: number;
  nodes_per_second: number;
  threads: number;
  /** `two-phase` for `solveFast`; the optimal search's tables otherwise (`coset`). */
  heuristic: string;
  /** With `mode: "all"`: every shortest solution (with `startAuf`/`endAuf`, each one's
   * turn of U before/after it, `""` for none). */
  all?: { count: number; solutions: string[]; listing: string; start_auf?: string[]; end_auf?: string[] };
  /** With `startAuf`: the turn of U made before the solution (`""` for none), not counted. */
  start_auf?: string;
  /** With `endAuf`: the turn of U made after the solution (`""` for none), not counted. */
  end_auf?: string;
  [more: string]: unknown;
}

/** Options of an optimal solve. */
export interface SolveOptions {
  mode?: "optimal" | "all";
  /** Seconds (0: no limit). */
  timeout?: number;
  /** Allow one turn of U before the solution, not counted (speedcubers' AUF). */
  startAuf?: boolean;
  /** Allow one turn of U after it: solved "up to AUF". */
  endAuf?: boolean;
  /** Only these turns, as korf's `--moves`: "R,U" (every turn of each face), "R,U,F2",
   * slices and wide turns "M,U", "R,r,U" (a solution that leaves the centres turned ends
   * with the rotation back, counted in no metric). */
  moves?: string;
  /** How lengths are counted: "htm" (default), "stm", or "qtm" (face turns in quarter
   * turns need the quarter-turn tables; with slices or wide turns any metric works). */
  metric?: "htm" | "stm" | "qtm";
}

/** A table a mode needs. */
export interface TableInfo {
  name: string;
  bytes: number;
  /** Build time natively on korf's reference machine. */
  build_seconds: number;
  format: number;
  loaded: boolean;
}

/** Progress of making tables ready. */
export interface TableProgress {
  table: string;
  step: "load" | "fetch" | "build" | "done";
  /** From 0 to 1, for this table. */
  fraction: number;
  bytes: number;
}

export type Mode = "fast" | "optimal" | "all";

/** Tables kept in IndexedDB. */
export class TableStore {
  constructor(name?: string);
  static available(): boolean;
  get(key: string): Promise<Uint8Array | undefined>;
  has(key: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array): Promise<unknown>;
  delete(key: string): Promise<unknown>;
  keys(): Promise<string[]>;
}

export interface SolverOptions {
  /** Where tables are kept between visits; default IndexedDB where there is one; `null`: nowhere. */
  store?: TableStore | null;
  /** Where table files (`corners.pdb`…) are published, fetched in pieces when present. */
  tablesUrl?: string;
}

export class Solver {
  constructor(options?: SolverOptions);
  tables(mode?: Mode): Promise<TableInfo[]>;
  prepare(mode?: Mode, onProgress?: (p: TableProgress) => void): Promise<void>;
  solveFast(position: string): Promise<SolveRecord>;
  solve(position: string, options?: SolveOptions): Promise<SolveRecord>;
  predict(position: string): Promise<{ lower_bound: number; upper_bound: number | null; seconds: number }>;
}

/** Load the WebAssembly module (done by every call that needs it). */
export function load(source?: string | URL | BufferSource | WebAssembly.Module): Promise<unknown>;
export function version(): Promise<string>;
export function check(position: string): Promise<Check>;
/** `check` once `load()` has finished, without a promise. */
export function checkNow(position: string): Check;
export function solveFast(position: string): Promise<SolveRecord>;
export function solve(position: string, options?: SolveOptions): Promise<SolveRecord>;
export function prepare(mode?: Mode, onProgress?: (p: TableProgress) => void): Promise<void>;

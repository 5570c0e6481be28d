// The page's solver, off the page's thread: korf's WebAssembly build in a Web Worker.
// Messages in: { id, op: "prepare" | "fast" | "solve" | "predict", mode, position, timeout,
// startAuf, endAuf }.
// Messages out: { id, type: "progress", table, step, fraction } while tables are made,
// then { id, type: "result", body } or { id, type: "error", error }.  The page cancels a
// solve by ending the worker; the next one takes the tables back from IndexedDB.
import { Solver } from "./korf.js";

const solver = new Solver({ tablesUrl: new URL("../tables/", import.meta.url).href });

onmessage = async ({ data }) => {
  const { id, op, mode, position, timeout, startAuf, endAuf, moves, metric } = data;
  const progress = p => postMessage({ id, type: "progress", ...p });
  try {
    let body;
    if (op === "prepare") body = await solver.prepare(mode, progress);
    else if (op === "fast") body = await solver.solveFast(position);
    else if (op === "solve") body = await solver.solve(position, { mode, timeout, startAuf, endAuf, moves, metric });
    else if (op === "predict") body = await solver.predict(position);
    else throw new Error(`unknown request ${op}`);
    postMessage({ id, type: "result", body });
  } catch (e) {
    postMessage({ id, type: "error", error: e instanceof Error ? e.message : String(e) });
  }
};

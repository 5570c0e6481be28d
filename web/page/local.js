// Solving in this browser, when no korf server serves the page: korf's WebAssembly build
// (assets/korf.js) checks positions on this thread as you click, and a Web Worker
// (assets/worker.js) builds the tables once — kept in IndexedDB for the next visit — and
// searches.  Cancel ends the worker; the next solve starts another, which takes the
// tables back from storage.
"use strict";

const Local = (() => {
  let korf = null;                 // the module, for the check
  let worker = null;
  let nextId = 0;
  const pending = new Map();       // request id -> { resolve, reject, onProgress }
  let ticker = null;

  // How much slower a search runs here than korf's native build on one thread (the time
  // model's estimate is for the native build): measured in Chromium, docs/benchmarks.md.
  const BROWSER_SLOWDOWN = 1.45;

  const base = new URL(".", document.baseURI);

  async function start() {
    korf = await import(new URL("assets/korf.js", base).href);
    await korf.load();
  }

  function check(facelets) {
    return { status: 200, body: korf.checkNow(facelets) };
  }

  function ensureWorker() {
    if (worker) return worker;
    worker = new Worker(new URL("assets/worker.js", base), { type: "module" });
    worker.onmessage = ({ data }) => {
      const p = pending.get(data.id);
      if (!p) return;
      if (data.type === "progress") return p.onProgress && p.onProgress(data);
      pending.delete(data.id);
      if (data.type === "result") p.resolve(data.body);
      else p.reject(new Error(data.error));
    };
    worker.onerror = e => stopWorker("the solver stopped: " + (e.message || "an error in the worker"));
    return worker;
  }

  function stopWorker(why) {
    if (worker) worker.terminate();
    worker = null;
    for (const p of pending.values()) p.reject(new Error(why));
    pending.clear();
  }

  function request(message, onProgress) {
    const w = ensureWorker();
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      w.postMessage({ id, ...message });
    });
  }

  const STEPS = { load: "Loading", fetch: "Fetching", build: "Building" };

  function showTableProgress(p) {
    const bar = $("bar");
    bar.hidden = false;
    bar.value = p.fraction;
    if (p.step === "done") return;
    const size = (p.bytes / 2 ** 20).toFixed(0);
    const once = p.step === "load" ? "kept from an earlier visit" : "once; kept in this browser for next time";
    $("progress").textContent =
      `${STEPS[p.step]} the ${p.table} table (${size} MiB, ${once}): ${Math.round(p.fraction * 100)}%`;
  }

  /** Tick the elapsed time against the estimate while the worker searches. */
  function tick(what, estimate) {
    const started = performance.now();
    const bar = $("bar");
    bar.hidden = estimate == null;
    clearInterval(ticker);
    const show = () => {
      const s = (performance.now() - started) / 1000;
      const about = estimate != null ? ` of about ${seconds(estimate)}` : "";
      $("progress").textContent = `${what}: ${seconds(s)}${about}`;
      if (estimate != null) bar.value = Math.min(1, s / Math.max(estimate, 0.001));
    };
    show();
    ticker = setInterval(show, 200);
  }

  async function solve(mode) {
    busy(true);
    $("answer").textContent = "";
    $("solutions").innerHTML = "";
    const position = state.facelets;
    // Stickers that do not matter (X), or only some turns: no two-phase solve and no
    // estimate first (neither would be about the question asked).
    const masked = /[X?]/.test(position) || $("turns").value.trim() !== "";
    try {
      let fast = null;
      if (!masked || mode === "fast") {
        await request({ op: "prepare", mode: "fast" }, showTableProgress);
        fast = await request({ op: "fast", position });
        showResult(fast);
      }
      if (mode === "fast") return;
      await request({ op: "prepare", mode }, showTableProgress);
      const what = mode === "all" ? "Listing every shortest solution" : "Searching for a shortest solution, proven";
      if (masked) {
        tick(what, null);
      } else {
        const p = await request({ op: "predict", position });
        const estimate = p.seconds * BROWSER_SLOWDOWN;
        tick(`${what} (at most ${fast.length} moves, at least ${p.lower_bound})`, estimate);
      }
      const auf = $("auf").checked;
      const moves = $("turns").value.trim();
      const metric = $("metric").value;
      const record = await request({ op: "solve", position, mode, startAuf: auf, endAuf: auf, moves, metric });
      clearInterval(ticker);
      showResult(record);
    } catch (e) {
      clearInterval(ticker);
      $("progress").textContent = e.message;
    } finally {
      $("bar").hidden = true;
      busy(false);
    }
  }

  function cancel() {
    clearInterval(ticker);
    stopWorker("Cancelled.");
  }

  return { start, check, solve, cancel };
})();

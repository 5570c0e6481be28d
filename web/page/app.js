// The page: a net to paint, a scramble or facelets to type, the check as you go, the
// solves (fast, optimal, every solution) with live progress and Cancel, the solution
// played back on the net and on a 3D cube whose layers turn.  Everything it loads comes from
// where the page came from: a korf server (`korf serve`), which then solves, or a static
// host, where korf's WebAssembly build solves in this browser (local.js).
"use strict";

const NAMES = { U: "white", R: "red", F: "green", D: "yellow", L: "orange", B: "blue", X: "grey: does not matter" };
// Where each face sits in the 12 x 9 grid of the net: [row, column] of its top-left.
const NET = { U: [0, 3], L: [3, 0], F: [3, 3], R: [3, 6], B: [3, 9], D: [6, 3] };
const $ = id => document.getElementById(id);
const views = [];     // the 3D cubes (cube3d.js)
// The playback: turns run one after another through `queue`; a jump (first, last, a new
// position) bumps `generation`, which drops every turn queued before it.
const playback = { queue: Promise.resolve(), generation: 0, playing: null };

const state = {
  facelets: SOLVED,   // the position entered
  paint: "U",
  solution: [],       // moves of the solution shown
  step: 0,            // moves of it applied in the playback
  abort: null,
  token: sessionStorage.getItem("korf-token") || "",
  server: true,       // a korf server answers (else: solve in this browser, local.js)
  ready: null,        // the promise that settles `server` (whoSolves)
};

function headers(extra) {
  const h = Object.assign({}, extra);
  if (state.token) h.Authorization = "Bearer " + state.token;
  return h;
}

async function api(path) {
  const r = await fetch(path, { headers: headers() });
  if (r.status === 401) $("token-row").hidden = false;
  return { status: r.status, body: await r.json() };
}

// ---- the net and the 3D views ----------------------------------------------------

function buildNet() {
  const net = $("net");
  for (const [fi, f] of [..."URFDLB"].entries()) {
    for (let k = 0; k < 9; k++) {
      const d = document.createElement("div");
      const [r0, c0] = NET[f];
      d.style.gridRow = r0 + Math.floor(k / 3) + 1;
      d.style.gridColumn = c0 + (k % 3) + 1;
      d.className = "sticker" + (k === 4 ? " centre" : "");
      d.dataset.index = fi * 9 + k;
      d.addEventListener("click", () => paint(fi * 9 + k));
      net.appendChild(d);
    }
  }
  for (const f of "URFDLBX") {
    const b = document.createElement("button");
    b.className = f;
    b.title = NAMES[f];
    b.setAttribute("role", "radio");
    b.setAttribute("aria-label", NAMES[f]);
    b.addEventListener("click", () => { state.paint = f; drawPalette(); });
    $("palette").appendChild(b);
  }
  views.push(new CubeView($("cube-front"), { unit: 40, tilt: [-28, -38], draggable: true }));
  views.push(new CubeView($("cube-back"), { unit: 22, tilt: [28, 142] }));
}

function drawPalette() {
  for (const b of $("palette").children) b.setAttribute("aria-checked", String(b.className === state.paint));
}

/** Show facelets on the net and the 3D views. */
function draw(facelets) {
  for (const d of document.querySelectorAll("[data-index]")) {
    const letter = facelets[Number(d.dataset.index)];
    d.className = d.className.replace(/\b[URFDLBX]\b/g, "").trim() + " " + letter;
  }
}

function paint(i) {
  if (i % 9 === 4) return; // centres are fixed
  const f = state.facelets;
  setPosition(f.slice(0, i) + state.paint + f.slice(i + 1), "facelets");
}

// ---- the position ----------------------------------------------------------------

let checkTimer = null;

/** A new position entered: show it, put it in the URL, check it. */
function setPosition(facelets, from, scramble) {
  state.facelets = facelets;
  dropPlayback();
  state.solution = [];
  state.listed = [];
  $("sort-row").hidden = true;
  $("moves").innerHTML = "";
  $("solutions").innerHTML = "";
  $("answer").textContent = "";
  $("player").hidden = true;
  draw(facelets);
  if (from !== "facelets-input") $("facelets").value = facelets;
  const url = new URL(location.href);
  url.search = scramble ? "?scramble=" + encodeURIComponent(scramble) : "?facelets=" + facelets;
  history.replaceState(null, "", url);
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 150);
}

async function check() {
  await whoSolves();
  const el = $("check");
  const { status, body } = state.server
    ? await api("v1/check?position=" + encodeURIComponent(state.facelets))
    : await Local.check(state.facelets);
  if (status !== 200) {
    el.className = "bad";
    el.textContent = body.error;
    return false;
  }
  el.className = body.valid ? "good" : "bad";
  el.textContent = body.valid ? "A solvable position." : body.error;
  return body.valid;
}

// A facelet string typed as a scramble (at least 40 face letters, not written apart as
// moves), as korf's move reader refuses it: read as turns it would be another position.
function looksLikeFacelets(text) {
  const tokens = text.split(/\s+/).filter(Boolean);
  const letters = [...tokens.join("")];
  const faces = letters.filter(c => "URFDLB".includes(c)).length;
  const apart = tokens.length > 1 && tokens.every(t => "URFDLB".includes(t[0]) && [...t].length <= 2);
  return faces >= 40 && letters.length - faces <= 3 && !apart;
}

function applyScramble() {
  const text = $("scramble").value.trim();
  if (looksLikeFacelets(text)) {
    $("check").className = "bad";
    $("check").textContent =
      "this is a facelet string, not a move sequence: paste it into Facelets instead";
    return false;
  }
  let facelets;
  try {
    facelets = applyMoves(SOLVED, text);
  } catch (e) {
    $("check").className = "bad";
    $("check").textContent = "not a move sequence: use U R F D L B, with ' or 2 (R U R' U')";
    return false;
  }
  setPosition(facelets, "scramble", text);
  return true;
}

// ---- solving -----------------------------------------------------------------------

function busy(on) {
  for (const id of ["fast", "optimal", "all"]) $(id).disabled = on;
  $("cancel").disabled = !on;
}

function seconds(s) {
  return s < 1 ? (s * 1000).toFixed(0) + " ms" : s < 120 ? s.toFixed(1) + " s" : (s / 60).toFixed(1) + " min";
}

/** Solve the position, on the server or in this browser. */
async function solve(mode) {
  await whoSolves();
  if (!(await check())) return;
  if (!state.server) return Local.solve(mode);
  busy(true);
  $("answer").textContent = "";
  $("progress").textContent = "Starting…";
  state.abort = new AbortController();
  const auf = $("auf").checked ? "&start_auf=true&end_auf=true" : "";
  const turns = $("turns").value.trim();
  const moves = turns && mode !== "fast" ? "&moves=" + encodeURIComponent(turns) : "";
  const metric = mode !== "fast" && $("metric").value !== "htm" ? "&metric=" + $("metric").value : "";
  const url = "v1/solve/events?mode=" + mode + auf + moves + metric + "&position=" + encodeURIComponent(state.facelets);
  try {
    const r = await fetch(url, { headers: headers({ Accept: "text/event-stream" }), signal: state.abort.signal });
    if (r.status !== 200) {
      if (r.status === 401) $("token-row").hidden = false;
      const body = await r.json();
      $("progress").textContent = body.error;
      return;
    }
    const reader = r.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        handleEvent(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
      }
    }
  } catch (e) {
    if (e.name === "AbortError") $("progress").textContent = "Cancelled.";
    else $("progress").textContent = "The server did not answer: " + e.message;
  } finally {
    busy(false);
    state.abort = null;
  }
}

function handleEvent(text) {
  const kind = (text.match(/^event: (.*)$/m) || [])[1];
  const data = (text.match(/^data: (.*)$/m) || [])[1];
  if (!kind || !data) return;
  const body = JSON.parse(data);
  if (kind === "progress") {
    const best = body.best_length != null ? `, best known ${body.best_length} moves` : "";
    $("progress").textContent =
      `Searching ${body.bound} moves${best}: ${(body.nodes / 1e6).toFixed(1)} M nodes, ` +
      `${seconds(body.seconds)}` +
      (body.estimated_seconds_left != null ? `, about ${seconds(body.estimated_seconds_left)} left` : "");
  } else if (kind === "result") {
    showResult(body);
  } else if (kind === "error") {
    $("progress").textContent = body.error;
  }
}

function showResult(r) {
  $("progress").textContent = `${r.status === "solved" ? "Done" : "Stopped (" + r.status + ")"} in ${seconds(r.seconds)}.`;
  if (!r.solution && r.solution !== "") {
    $("answer").textContent = "No solution found.";
    return;
  }
  const proof = r.optimal ? "shortest, proven" : r.heuristic === "two-phase" ? "fast, not proven shortest" : "best found, not proven shortest";
  const upTo = r.start_auf !== undefined || r.end_auf !== undefined ? ", up to AUF" : "";
  const turns = r.allowed_moves ? `, turns ${r.allowed_moves}` : "";
  const unit = { htm: "moves", qtm: "quarter turns", stm: "slice turns" }[r.metric] || "moves";
  $("answer").textContent = `${r.length} ${unit} (${proof}${upTo}${turns}):`;
  if (r.all) {
    state.listed = r.all.solutions.map((s, i) => ({
      moves: s, before: r.all.start_auf?.[i] || "", after: r.all.end_auf?.[i] || "", order: i,
    }));
    drawList();
  }
  showSolution(r.solution, r.start_auf || "", r.end_auf || "");
}

/**
 * A sequence's length in face turns (htm: a slice counts 2), quarter turns (qtm: a half
 * turn 2, a slice quarter turn 2) and slice turns (stm: every turn 1); rotations count 0.
 */
function lengths(moves) {
  const n = { htm: 0, qtm: 0, stm: 0 };
  for (const w of moves.split(" ").filter(Boolean)) {
    if (/^[xyz]/.test(w)) continue;
    const slice = /^[MES]/.test(w) ? 2 : 1;
    n.htm += slice;
    n.qtm += slice * (/2/.test(w) ? 2 : 1);
    n.stm += 1;
  }
  return n;
}

/** The list of every solution, each with its length in both metrics, sorted as chosen. */
function drawList() {
  const key = $("sort").value;
  const rows = state.listed.slice().sort((a, b) =>
    key === "found" ? a.order - b.order : lengths(a.moves)[key] - lengths(b.moves)[key] || a.order - b.order);
  const list = document.createElement("ol");
  for (const s of rows) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    const n = lengths(s.moves);
    b.textContent = framed(s.before, s.moves, s.after) || "(solved)";
    b.addEventListener("click", () => showSolution(s.moves, s.before, s.after));
    li.append(b, ` ${n.htm}f ${n.qtm}q ${n.stm}s`);
    list.appendChild(li);
  }
  $("solutions").innerHTML = "";
  $("solutions").append(`${rows.length} solution(s):`, list);
  $("sort-row").hidden = false;
}

/** A solution as korf prints it: its AUF turns in brackets, "(U) R U R' (U2)". */
function framed(before, moves, after) {
  return [before && `(${before})`, moves, after && `(${after})`].filter(Boolean).join(" ");
}

// ---- playback ----------------------------------------------------------------------

/** Show `text` for playback, with the AUF turns `before` and `after` (played, shown in
 * brackets, not counted). */
function showSolution(text, before = "", after = "") {
  dropPlayback();
  const moves = text.split(/\s+/).filter(Boolean);
  state.solution = [before, ...moves, after].filter(Boolean);
  const auf = i => (before && i === 0) || (after && i === state.solution.length - 1);
  const ol = $("moves");
  ol.innerHTML = "";
  state.solution.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = auf(i) ? `(${m})` : m;
    li.title = "show the cube after this move";
    li.addEventListener("click", () => jumpTo(i + 1));
    ol.appendChild(li);
  });
  $("player").hidden = state.solution.length === 0;
  jumpTo(0);
}

/** Show the position after `step` moves of the solution, at once. */
function goTo(step) {
  state.step = Math.max(0, Math.min(step, state.solution.length));
  draw(applyMoves(state.facelets, state.solution.slice(0, state.step).join(" ")));
  [...$("moves").children].forEach((li, i) => {
    li.className = i < state.step ? "done" : i === state.step ? "next" : "";
  });
  $("step").textContent = `${state.step} / ${state.solution.length}`;
}

/** Drop whatever is playing or queued. */
function dropPlayback() {
  playback.generation++;
  stopPlayback();
  for (const v of views) v.settle();
}

/** Show `step` at once. */
function jumpTo(step) {
  dropPlayback();
  goTo(step);
}

function turnMs() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : Number($("speed").value);
}

/** Turn one move on (+1) or back (-1), animated, after the turns queued before it. */
function queueStep(delta) {
  const generation = playback.generation;
  for (const v of views) v.finish(); // hurry a turn in progress
  playback.queue = playback.queue.then(async () => {
    if (generation !== playback.generation) return;
    const to = state.step + delta;
    if (to < 0 || to > state.solution.length) return;
    const move = delta > 0 ? state.solution[state.step] : inverseMove(state.solution[to]);
    await Promise.all(views.map(v => v.turn(move, turnMs())));
    if (generation !== playback.generation) return;
    goTo(to);
    for (const v of views) v.settle();
  });
  return playback.queue;
}

function stopPlayback() {
  playback.playing = null;
  $("play").textContent = "Play";
}

async function play() {
  if (playback.playing) return stopPlayback();
  if (state.step >= state.solution.length) jumpTo(0);
  const me = {};
  playback.playing = me;
  $("play").textContent = "Pause";
  while (playback.playing === me && state.step < state.solution.length) {
    await queueStep(1);
    await new Promise(r => setTimeout(r, turnMs() / 3));
  }
  if (playback.playing === me) stopPlayback();
}

// ---- wiring --------------------------------------------------------------------------

/** Whether a korf server serves this page: it answers `v1/health` (or asks for a token). */
async function findServer() {
  try {
    const r = await fetch("v1/health", { headers: headers() });
    if (r.status === 401) return true;
    return r.ok && (await r.json()).status === "ok";
  } catch (e) {
    return false;
  }
}

/** Find out who solves (a server, or this browser), once; every check and solve waits for it. */
function whoSolves() {
  state.ready ??= (async () => {
    state.server = await findServer();
    if (!state.server) await Local.start();
    $("footer").innerHTML = state.server
      ? '<a href="v1/openapi.json">API</a> · served by korf'
      : "solved in this browser by korf (WebAssembly); nothing is sent anywhere";
  })();
  return state.ready;
}

function start() {
  buildNet();
  drawPalette();
  $("apply-scramble").addEventListener("click", applyScramble);
  $("scramble").addEventListener("keydown", e => { if (e.key === "Enter") applyScramble(); });
  $("facelets").addEventListener("input", e => {
    const v = e.target.value.trim();
    if (v.length === 54) setPosition(v, "facelets-input");
    else { $("check").className = "bad"; $("check").textContent = `${v.length} of 54 facelets`; }
  });
  $("reset").addEventListener("click", () => setPosition(SOLVED, "reset"));
  $("token").addEventListener("change", e => { state.token = e.target.value; sessionStorage.setItem("korf-token", state.token); });
  for (const mode of ["fast", "optimal", "all"]) $(mode).addEventListener("click", () => solve(mode));
  $("cancel").addEventListener("click", () => (state.server ? state.abort && state.abort.abort() : Local.cancel()));
  $("sort").addEventListener("change", drawList);
  $("first").addEventListener("click", () => jumpTo(0));
  $("back").addEventListener("click", () => { stopPlayback(); queueStep(-1); });
  $("forward").addEventListener("click", () => { stopPlayback(); queueStep(1); });
  $("last").addEventListener("click", () => jumpTo(state.solution.length));
  $("play").addEventListener("click", play);
  whoSolves();
  // A link holds the position: /?scramble=R%20U or /?facelets=…; opening it solves it.
  const params = new URLSearchParams(location.search);
  $("auf").checked = params.get("auf") === "1";
  $("turns").value = params.get("moves") || "";
  if (["htm", "qtm", "stm"].includes(params.get("metric"))) $("metric").value = params.get("metric");
  if (params.get("scramble")) {
    $("scramble").value = params.get("scramble");
    if (applyScramble()) solve(params.get("mode") || "optimal");
  } else if (params.get("facelets")) {
    setPosition(params.get("facelets"), "url");
    solve(params.get("mode") || "optimal");
  } else {
    setPosition(SOLVED, "start");
  }
}

start();

//! The `/v1` API: health, the OpenAPI document, the table catalogue, checks, solves (one
//! answer, a stream of progress events, or a list answered line by line).  Every object a
//! solve returns is the one `korf solve --json` prints ([`SolveRecord`]).

use super::error::ApiError;
use super::jobs::{Refused, Ticket};
use super::App;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use korf::cube::{parse_masked_position, parse_position, Cube, MaskedCube, Metric};
use korf::search::{AllSolutions, Estimate, Snapshot};
use korf_front::report::SolveRecord;
use std::convert::Infallible;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

/// What to find.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A shortest solution, proven.
    #[default]
    Optimal,
    /// A two-phase solution at once (not proven).
    Fast,
    /// Every shortest solution (and with `within`, every one up to that many moves more).
    All,
}

/// A solve asked for, by query string or JSON body.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// Facelets or a move sequence, as on the command line.
    pub position: String,
    #[serde(default)]
    pub mode: Mode,
    /// Seconds; the best solution found by then is answered, marked not optimal.
    pub timeout: Option<f64>,
    /// `mode=all`: also solutions up to this many moves longer than the optimum.
    pub within: Option<u8>,
    /// `mode=all`: stop after this many solutions.
    pub max_solutions: Option<usize>,
    /// Reach this position (facelets or moves) instead of the solved cube.
    pub target: Option<String>,
    /// Allow one turn of U before the solution, not counted (AUF; not with mode=fast).
    #[serde(default)]
    pub start_auf: bool,
    /// Allow one turn of U after the solution, not counted (up to AUF; not with
    /// mode=fast).
    #[serde(default)]
    pub end_auf: bool,
    /// Only these turns (`R,U`, `M,U`, `R,r,U`, as `--moves`); not with mode=fast.
    pub moves: Option<String>,
    /// How lengths are counted: `htm`, `stm`, or `qtm` (which a face-turn search can
    /// count only on a server started with `--metric qtm`; a search with slices or wide
    /// turns counts in any).  Default: the server's `--metric`.
    pub metric: Option<String>,
}

/// A list of positions, answered one JSON line each.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListRequest {
    pub positions: Vec<String>,
    #[serde(default)]
    pub mode: Mode,
    /// Seconds per position.
    pub timeout: Option<f64>,
}

/// A position to check.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    pub position: String,
}

/// The longest position text accepted: a batch line's limit ([`korf_front::input::MAX_LINE`]).
fn position_of(text: &str) -> Result<Cube, ApiError> {
    if text.len() > korf_front::input::MAX_LINE {
        return Err(too_long(text));
    }
    parse_position(text).map_err(|e| ApiError::bad(e.to_string()))
}

/// A position in which `X` or `?` may mark stickers that do not matter.
fn masked_position_of(text: &str) -> Result<MaskedCube, ApiError> {
    if text.len() > korf_front::input::MAX_LINE {
        return Err(too_long(text));
    }
    parse_masked_position(text).map_err(|e| ApiError::bad(e.to_string()))
}

fn too_long(text: &str) -> ApiError {
    ApiError::bad(format!(
        "position is {} bytes long, over the {}-byte limit: a position is a 54-letter facelet string or a move sequence",
        text.len(),
        korf_front::input::MAX_LINE
    ))
}

/// `GET /v1/health`: up, what it serves and how busy it is.
pub async fn health(State(app): State<Arc<App>>) -> Json<serde_json::Value> {
    let (running, waiting, capacity) = app.pool.load();
    Json(serde_json::json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "heuristic": app.solver.heuristic().name(),
        "fast": app.fast.is_some(),
        "threads": app.solver.threads(),
        "optimal_solves": {"running": running, "waiting": waiting, "capacity": capacity},
    }))
}

/// `GET /v1/openapi.json`.
pub async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

/// `GET /v1/tables`: the catalogue and what this server loaded.
pub async fn tables(State(app): State<Arc<App>>) -> Json<serde_json::Value> {
    let dir = app.solver.dir();
    let used = app.solver.heuristic().tables();
    let list: Vec<serde_json::Value> = korf::tables::TableKind::ALL
        .iter()
        .map(|k| {
            serde_json::json!({
                "name": k.name(),
                "file_bytes": k.file_size(),
                "present": dir.join(k.file_name()).exists(),
                "in_use": used.contains(k),
                "description": k.descriptor().description,
            })
        })
        .collect();
    Json(serde_json::json!({
        "heuristic": app.solver.heuristic().name(),
        "tables": list,
    }))
}

/// `GET /v1/check?position=P`: whether P is a solvable position, and if not what is
/// wrong, in `korf check`'s words.
pub async fn check(
    query: Result<Query<CheckRequest>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(req) = query.map_err(ApiError::query)?;
    if req.position.len() > korf_front::input::MAX_LINE {
        return Err(too_long(&req.position));
    }
    Ok(Json(match parse_masked_position(&req.position) {
        Ok(cube) => serde_json::json!({"valid": true, "facelets": cube.to_facelets()}),
        Err(e) => serde_json::json!({"valid": false, "error": e.to_string()}),
    }))
}

/// `GET /v1/solve?position=P&mode=…`.
pub async fn solve_get(
    State(app): State<Arc<App>>,
    query: Result<Query<SolveRequest>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<SolveRecord>, ApiError> {
    let Query(req) = query.map_err(ApiError::query)?;
    solve_one(app, req).await.map(Json)
}

/// `POST /v1/solve` with `{"position": P, "mode": …}`.
pub async fn solve_post(
    State(app): State<Arc<App>>,
    body: Result<Json<SolveRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<SolveRecord>, ApiError> {
    let Json(req) = body.map_err(ApiError::json)?;
    solve_one(app, req).await.map(Json)
}

/// A checked request: the position and the search's limits.
struct Job {
    input: String,
    position: MaskedCube,
    /// Only these turns, if the request names them.
    moves: Option<korf::cube::TurnSet>,
    /// The metric, if the request names one.
    metric: Option<korf::cube::Metric>,
    mode: Mode,
    timeout: Option<Duration>,
    all: Option<AllSolutions>,
    goal: korf::Goal,
}

/// The goal a request asks for: its target and AUF switches.
fn goal_of(req: &SolveRequest) -> Result<korf::Goal, ApiError> {
    let target = match &req.target {
        Some(t) => position_of(t).map_err(|e| e.prefixed("target"))?,
        None => Cube::SOLVED,
    };
    if req.mode == Mode::Fast && (req.start_auf || req.end_auf) {
        return Err(ApiError::bad(
            "start_auf and end_auf need an optimal search: drop mode=fast, or the AUF".into(),
        ));
    }
    Ok(korf::Goal::to(target)
        .with_start_auf(req.start_auf)
        .with_end_auf(req.end_auf))
}

/// The metric a request names, if it can be counted here: any with slices or wide turns;
/// for face turns, the server's, or STM for HTM (the same lengths).
fn metric_of(
    app: &App,
    req: &SolveRequest,
    moves: Option<korf::cube::TurnSet>,
) -> Result<Option<korf::cube::Metric>, ApiError> {
    use korf::cube::Metric;
    let Some(name) = &req.metric else {
        return Ok(None);
    };
    let metric = Metric::from_name(name)
        .ok_or_else(|| ApiError::bad(format!("metric {name:?}: use htm, qtm or stm")))?;
    let served = app.solver.options().rules.metric;
    let slices = moves.is_some_and(|t| t.face_moves().is_none());
    if req.mode == Mode::Fast && metric != served {
        return Err(ApiError::bad(format!(
            "metric: mode=fast counts in this server's metric ({served}): drop metric, or mode=fast"
        )));
    }
    if slices || metric.of_face_turns() == served.of_face_turns() {
        return Ok(Some(metric));
    }
    Err(ApiError::bad(format!(
        "metric {metric}: this server searches face turns in {served} (its tables); start it with --metric {metric}, or allow slices or wide turns in moves"
    )))
}

fn job(app: &App, req: SolveRequest) -> Result<Job, ApiError> {
    let position = masked_position_of(&req.position)?;
    if req.mode == Mode::Fast && !position.is_complete() {
        return Err(ApiError::bad(
            "mode=fast solves whole positions: give every sticker (no `X`), or drop mode=fast"
                .into(),
        ));
    }
    let goal = goal_of(&req)?;
    let moves = match &req.moves {
        None => None,
        Some(_) if req.mode == Mode::Fast => {
            return Err(ApiError::bad(
                "moves needs an optimal search: drop mode=fast, or moves".into(),
            ))
        }
        Some(text) => Some(
            korf::cube::TurnSet::parse(text).map_err(|e| ApiError::bad(format!("moves: {e}")))?,
        ),
    };
    let metric = metric_of(app, &req, moves)?;
    let timeout = korf::limits::optional_seconds(req.timeout, "timeout")
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let timeout = Some(timeout.map_or(app.limits.max_timeout, |t| t.min(app.limits.max_timeout)));
    let all = match req.mode {
        Mode::All => Some(AllSolutions {
            within: korf::limits::within(req.within.unwrap_or(0), "within")
                .map_err(|e| ApiError::bad(e.to_string()))?,
            max_solutions: korf::limits::max_solutions(
                Some(req.max_solutions.unwrap_or(app.limits.max_solutions)),
                "max_solutions",
            )
            .map_err(|e| ApiError::bad(e.to_string()))?,
        }),
        _ if req.within.is_some() || req.max_solutions.is_some() => {
            return Err(ApiError::bad(
                "within and max_solutions go with mode=all: add mode=all or drop them".into(),
            ))
        }
        _ => None,
    };
    Ok(Job {
        input: req.position,
        position,
        moves,
        metric,
        mode: req.mode,
        timeout,
        all,
        goal,
    })
}

async fn solve_one(app: Arc<App>, req: SolveRequest) -> Result<SolveRecord, ApiError> {
    let job = job(&app, req)?;
    match job.mode {
        Mode::Fast => solve_fast(app, job).await,
        _ => {
            let mut ticket = admit(&app)?;
            ticket.run_slot().await.ok_or_else(ApiError::stopping)?;
            let record = solve_optimal(app, job, &ticket, None, None).await;
            ticket.finish();
            record
        }
    }
}

fn admit(app: &App) -> Result<Ticket, ApiError> {
    app.pool.admit().map_err(|r| match r {
        Refused::Full { waiting } => ApiError::busy(waiting),
        Refused::Stopping => ApiError::stopping(),
    })
}

/// A two-phase solve, beside any number of others (a millisecond each).
async fn solve_fast(app: Arc<App>, job: Job) -> Result<SolveRecord, ApiError> {
    let Some(_) = app.fast.as_ref() else {
        return Err(ApiError::unavailable(
            "the two-phase tables are not loaded: start korf serve with the tables directory that holds phase1.pdb and phase2.pdb".into(),
        ));
    };
    let _slot = app
        .fast_slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::stopping())?;
    let cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let guard = CancelOnDrop(cancel.clone());
    let result = tokio::task::spawn_blocking(move || {
        let two_phase = app.fast.as_ref().expect("checked above");
        let opts = korf::twophase::FastOptions {
            threads: 1,
            timeout: job.timeout,
            cancel: Some(cancel),
            ..korf::twophase::FastOptions::default()
        };
        let cube = job.position.complete().expect("checked in job()");
        let towards = job.goal.cases(&cube)[0].position;
        two_phase.solve(&towards, &opts).map(|outcome| {
            SolveRecord::fast(1, &job.input, &towards, &outcome, 1, Metric::Htm)
                .towards(&job.position, &job.goal)
        })
    })
    .await;
    drop(guard);
    match result {
        Ok(Ok(record)) => Ok(record),
        Ok(Err(e)) => Err(ApiError::internal(e.to_string())),
        Err(e) => Err(ApiError::internal(e.to_string())),
    }
}

/// Sets a flag when dropped: a handler's future dropped because its client left stops
/// the search it started.
struct CancelOnDrop(Arc<std::sync::atomic::AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, SeqCst);
    }
}

/// The solver's estimate for a position (it runs a short two-phase search: off the
/// async threads); none for a position with stickers that do not matter.
async fn predict(app: &Arc<App>, position: &MaskedCube) -> Result<Option<Estimate>, ApiError> {
    let Some(cube) = position.complete() else {
        return Ok(None);
    };
    let app = app.clone();
    tokio::task::spawn_blocking(move || Some(app.solver.predict(&cube).likely))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))
}

/// An optimal solve (or every solution) on the solver's threads, in its worker slot;
/// `before` is the estimate if the caller already has it.
async fn solve_optimal(
    app: Arc<App>,
    job: Job,
    ticket: &Ticket,
    progress: Option<tokio::sync::mpsc::Sender<Snapshot>>,
    before: Option<Estimate>,
) -> Result<SolveRecord, ApiError> {
    let cancel = ticket.cancel_flag();
    let result = tokio::task::spawn_blocking(move || {
        let mut opts = app.solver.options().clone();
        opts.timeout = job.timeout;
        opts.cancel = Some(cancel);
        opts.all = job.all;
        if let Some(m) = job.metric {
            opts.rules.metric = m;
        }
        let h = app.solver.heuristic();
        if let Some(turns) = job.moves.filter(|t| t.face_moves().is_none()) {
            return app
                .solver
                .solve_turns(&job.position, &job.goal, turns, &opts)
                .map(|o| SolveRecord::turns(1, &job.input, &job.position, &job.goal, &o, h));
        }
        if let Some(m) = job.moves.and_then(|t| t.face_moves()) {
            opts.rules.moves = m;
        }
        let complete = job.position.complete();
        let before = before.or_else(|| complete.map(|c| app.solver.predict(&c).likely));
        let send = |s: Snapshot| {
            if let Some(tx) = &progress {
                let _ = tx.try_send(s);
            }
        };
        let hook: Option<&(dyn Fn(Snapshot) + Sync)> = progress.as_ref().map(|_| &send as _);
        app.solver
            .solve_masked(&job.position, &job.goal, &opts, hook)
            .map(|found| {
                let shown = complete.unwrap_or(Cube::SOLVED);
                let record = SolveRecord::optimal(1, &job.input, &shown, found.outcome.clone(), h)
                    .with_goal(&job.goal, &found)
                    .towards(&job.position, &job.goal);
                match before {
                    Some(b) => record.with_prediction(h, b),
                    None => record,
                }
            })
    })
    .await;
    match result {
        Ok(Ok(record)) => Ok(record),
        Ok(Err(e)) if e.is_input() => Err(ApiError::bad(e.to_string())),
        Ok(Err(e)) => Err(ApiError::internal(e.to_string())),
        Err(e) => Err(ApiError::internal(e.to_string())),
    }
}

/// `GET /v1/solve/events?position=P&mode=…`: Server-Sent Events — `progress` about ten
/// times a second (bound, nodes, rate, best length known, estimated seconds left), then
/// one `result` (the `korf solve --json` object) or `error`.  Closing the stream cancels
/// the solve.
pub async fn solve_events(
    State(app): State<Arc<App>>,
    query: Result<Query<SolveRequest>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(req) = query.map_err(ApiError::query)?;
    let job = job(&app, req)?;
    let (tx, rx) = tokio::sync::mpsc::channel::<Event>(64);
    if job.mode == Mode::Fast {
        let result = solve_fast(app, job).await;
        let _ = tx.send(final_event(result)).await;
    } else {
        let mut ticket = admit(&app)?;
        let before = predict(&app, &job.position).await?;
        let estimate_seconds = before.map(|b| b.seconds);
        tokio::spawn(async move {
            let (ptx, mut prx) = tokio::sync::mpsc::channel::<Snapshot>(8);
            let events = tx.clone();
            let forward = tokio::spawn(async move {
                while let Some(s) = prx.recv().await {
                    let _ = events.send(progress_event(&s, estimate_seconds)).await;
                }
            });
            let closed = tx.clone();
            let cancel = ticket.cancel_flag();
            let watch = tokio::spawn(async move {
                closed.closed().await;
                cancel.store(true, SeqCst);
            });
            let result = match ticket.run_slot().await {
                Some(()) => solve_optimal(app, job, &ticket, Some(ptx), before).await,
                None => Err(ApiError::stopping()),
            };
            ticket.finish();
            let _ = forward.await;
            watch.abort();
            let _ = tx.send(final_event(result)).await;
        });
    }
    let stream = ReceiverStream::new(rx).map(Ok::<_, Infallible>);
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(10)))
        .into_response())
}

fn progress_event(s: &Snapshot, estimate_seconds: Option<f64>) -> Event {
    let secs = s.elapsed.as_secs_f64();
    let data = serde_json::json!({
        "bound": s.bound,
        "nodes": s.nodes,
        "nodes_per_second": s.nodes as f64 / secs.max(1e-9),
        "seconds": secs,
        "best_length": s.upper,
        "estimated_seconds_left": estimate_seconds.map(|e| (e - secs).max(0.0)),
        "solutions": s.solutions,
    });
    Event::default().event("progress").data(data.to_string())
}

fn final_event(result: Result<SolveRecord, ApiError>) -> Event {
    match result {
        Ok(r) => Event::default()
            .event("result")
            .data(serde_json::to_string(&r).expect("serializable")),
        Err(e) => Event::default().event("error").data(e.body().to_string()),
    }
}

/// `POST /v1/solve/list` with `{"positions": [...], "mode": …}`: one JSON line per
/// position, in order, as each is answered (`application/x-ndjson`); a line that is not a
/// position is answered with an error object naming it, and the others are solved.
pub async fn solve_list(
    State(app): State<Arc<App>>,
    body: Result<Json<ListRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body.map_err(ApiError::json)?;
    if req.positions.len() > app.limits.max_list {
        return Err(ApiError::too_large(format!(
            "{} positions in one list, over this server's limit of {}: split the list",
            req.positions.len(),
            app.limits.max_list
        )));
    }
    if req.positions.is_empty() {
        return Err(ApiError::bad(
            "positions is empty: give at least one position".into(),
        ));
    }
    if req.mode == Mode::All {
        return Err(ApiError::bad(
            "a list is solved with mode=optimal or mode=fast; ask for every solution one position at a time (/v1/solve?mode=all)".into(),
        ));
    }
    korf::limits::optional_seconds(req.timeout, "timeout")
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let (tx, rx) = tokio::sync::mpsc::channel::<String>(4);
    tokio::spawn(async move {
        for (i, position) in req.positions.into_iter().enumerate() {
            let one = SolveRequest {
                position,
                mode: req.mode,
                timeout: req.timeout,
                within: None,
                max_solutions: None,
                target: None,
                start_auf: false,
                moves: None,
                metric: None,
                end_auf: false,
            };
            let line = match solve_one(app.clone(), one).await {
                Ok(mut r) => {
                    r.index = i + 1;
                    serde_json::to_string(&r).expect("serializable")
                }
                Err(e) => {
                    let mut body = e.body();
                    body["index"] = (i + 1).into();
                    body.to_string()
                }
            };
            if tx.send(line + "\n").await.is_err() {
                return; // the client left
            }
        }
    });
    let stream = ReceiverStream::new(rx).map(Ok::<_, Infallible>);
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        axum::body::Body::from_stream(stream),
    )
        .into_response())
}

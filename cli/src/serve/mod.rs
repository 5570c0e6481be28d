//! `korf serve`: the solver as a local web service.  The tables are opened and checked
//! once, at start, and shared by every request; the API is `/v1/…` (see `api.rs` and the
//! OpenAPI document it serves); `/` is a page to enter a cube and watch its solution.
//!
//! Safe by default: it listens on loopback; another address needs `--token` (or the
//! explicit `--no-token`); bodies, lists, the queue and each solve's time are bounded;
//! pages of other origins are refused unless `--cors` names them; nothing over HTTP
//! builds, deletes or writes a table or any file.  SIGTERM or Ctrl-C stops it: in-flight
//! solves are cancelled and answered as interrupted, and it exits 0.

mod api;
mod error;
mod guard;
mod jobs;
mod page;

use crate::cli::{CliError, ServeArgs};
use axum::routing::{get, post};
use axum::Router;
use korf::tables::{self, Residency};
use korf::twophase::TwoPhase;
use korf::{Solver, SolverConfig};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// What every request shares.
pub struct App {
    solver: Solver,
    fast: Option<TwoPhase>,
    pool: Arc<jobs::Pool>,
    /// Two-phase solves at once (each a millisecond or so, on one thread).
    fast_slots: Arc<Semaphore>,
    token: Option<String>,
    cors: Vec<String>,
    limits: Limits,
}

/// The bounds a request is held to.
pub struct Limits {
    /// The longest a solve may run; a request's own timeout may only be shorter.
    max_timeout: Duration,
    /// Positions in one list.
    max_list: usize,
    /// Solutions listed by one `mode=all` solve.
    max_solutions: usize,
}

/// Run `korf serve` until SIGTERM or Ctrl-C.
pub fn serve(args: ServeArgs) -> Result<(), CliError> {
    check_exposure(&args)?;
    let app = Arc::new(open(&args)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::Failure(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(run(app, &args))
}

/// Listening beyond loopback without a token is refused unless asked for loudly.
fn check_exposure(args: &ServeArgs) -> Result<(), CliError> {
    if args.listen.ip().is_loopback() || args.token.is_some() {
        return Ok(());
    }
    if args.no_token {
        eprintln!("korf serve: WARNING: listening on {} with no token: anyone who can reach this port can use this machine's CPU", args.listen);
        return Ok(());
    }
    Err(CliError::Input(format!(
        "--listen {} is reachable from other machines: give --token TOKEN (or $KORF_TOKEN; clients send `Authorization: Bearer TOKEN`), or --no-token to serve anyone who can reach it",
        args.listen
    )))
}

/// Open the solver and the two-phase tables (building the small ones if missing, unless
/// `--no-generate`).
fn open(args: &ServeArgs) -> Result<App, CliError> {
    let threads = korf::limits::threads(args.threads, "--threads")?;
    let max_timeout = korf::limits::seconds(args.max_timeout, "--max-timeout")?;
    if args.workers == 0 {
        return Err(CliError::Input(
            "--workers 0 would solve nothing: give at least 1".into(),
        ));
    }
    let opts = korf::search::Options {
        threads,
        ..korf::search::Options::default()
    };
    let dir = tables::resolve_dir(args.tables.as_deref());
    let display = crate::tables::BuildDisplay::new();
    let on_build = |e: korf::BuildEvent| display.show(e);
    let config = SolverConfig {
        heuristic: args.heuristic.kind(),
        residency: Residency::HugePages,
        generate: !args.no_generate,
        search: &opts,
        on_build: Some(&on_build),
        ..SolverConfig::default()
    };
    let solver = Solver::open_with(&dir, &config)?;
    let fast = match korf::open_two_phase(&dir, !args.no_generate, Some(&on_build)) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("korf serve: warning: mode=fast will answer 503: {e}");
            None
        }
    };
    Ok(App {
        solver,
        fast,
        pool: jobs::Pool::new(args.workers, args.queue),
        fast_slots: Arc::new(Semaphore::new(64)),
        token: args.token.clone(),
        cors: args.cors.clone(),
        limits: Limits {
            max_timeout,
            max_list: args.max_list,
            max_solutions: 10_000,
        },
    })
}

/// The routes.
fn router(app: Arc<App>, max_body: usize) -> Router {
    let api = Router::new()
        .route("/v1/health", get(api::health))
        .route("/v1/openapi.json", get(api::openapi))
        .route("/v1/tables", get(api::tables))
        .route("/v1/check", get(api::check))
        .route("/v1/solve", get(api::solve_get).post(api::solve_post))
        .route("/v1/solve/events", get(api::solve_events))
        .route("/v1/solve/list", post(api::solve_list))
        .merge(page::routes())
        .fallback(|uri: axum::http::Uri| async move { error::ApiError::not_found(uri.path()) })
        .method_not_allowed_fallback(|| async { error::ApiError::method_not_allowed() });
    api.layer(axum::middleware::from_fn_with_state(
        app.clone(),
        guard::admit,
    ))
    .layer(axum::extract::DefaultBodyLimit::max(max_body))
    .layer(axum::middleware::from_fn(guard::log))
    .with_state(app)
}

async fn run(app: Arc<App>, args: &ServeArgs) -> Result<(), CliError> {
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|e| {
            CliError::Failure(format!(
                "cannot listen on {}: {e}; choose another --listen",
                args.listen
            ))
        })?;
    let addr = listener
        .local_addr()
        .map_err(|e| CliError::Failure(e.to_string()))?;
    eprintln!(
        "korf serve: listening on http://{addr}/ ({} tables from {}, {} optimal solve(s) at once on {} threads each, {} more queued)",
        app.solver.heuristic().name(),
        app.solver.dir().display(),
        args.workers,
        app.solver.threads(),
        args.queue
    );
    crate::interrupt::solving();
    let pool = app.pool.clone();
    let stop = async move {
        while !crate::interrupt::requested() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        eprintln!(
            "korf serve: {}; cancelling the solves in flight and stopping",
            crate::interrupt::how()
        );
        pool.stop_all();
    };
    axum::serve(listener, router(app, args.max_body))
        .with_graceful_shutdown(stop)
        .await
        .map_err(|e| CliError::Failure(format!("the server failed: {e}")))?;
    eprintln!("korf serve: stopped");
    Ok(())
}

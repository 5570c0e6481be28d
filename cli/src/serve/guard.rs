//! What every request passes through: the token, the origin of a browser page, and one
//! log line (method, path, status, time).

use super::error::ApiError;
use super::App;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Instant;

/// Paths anyone may read: the page and its assets, health and the API's description.
fn is_public(path: &str) -> bool {
    !path.starts_with("/v1/") || path == "/v1/health" || path == "/v1/openapi.json"
}

/// Equal in time independent of where the two differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The token (when the server has one) and the origin rule: a page of another origin
/// is refused unless `--cors` names it.
pub async fn admit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    if let Some(token) = &app.token {
        let given = request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        let ok = given.is_some_and(|g| same_secret(g.as_bytes(), token.as_bytes()));
        if !ok && !is_public(&path) {
            return ApiError::unauthorized().into_response();
        }
    }
    if let Some(origin) = request.headers().get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("(not text)").to_string();
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let same = origin == format!("http://{host}") || origin == format!("https://{host}");
        if !same && !app.cors.iter().any(|o| o == &origin) {
            return ApiError::forbidden_origin(&origin).into_response();
        }
    }
    next.run(request).await
}

/// One line per request on stderr: method, path, status, milliseconds.
pub async fn log(request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    eprintln!(
        "korf serve: {method} {path} {} {:.1} ms",
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1e3
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abc", b"abc"));
        assert!(!same_secret(b"abc", b"abd"));
        assert!(!same_secret(b"abc", b"abcd"));
        assert!(!same_secret(b"", b"a"));
    }

    #[test]
    fn only_the_api_needs_the_token_and_not_its_health_or_description() {
        assert!(is_public("/"));
        assert!(is_public("/v1/health"));
        assert!(is_public("/v1/openapi.json"));
        assert!(!is_public("/v1/solve"));
        assert!(!is_public("/v1/tables"));
    }
}

//! Every refusal as a status and a JSON body, `{"error": message, "status": code}`, in the
//! command line's words.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// A request the server will not or cannot answer with a solve.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, message: String) -> ApiError {
        ApiError {
            status,
            message,
            retry_after: None,
        }
    }

    /// 400: the request is not one the API understands.
    pub fn bad(message: String) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// The same error, its message saying which field it is about (`target: …`).
    pub fn prefixed(self, field: &str) -> ApiError {
        ApiError {
            message: format!("{field}: {}", self.message),
            ..self
        }
    }

    /// 400 (or 413 for a body over the limit) from a query string that does not parse.
    pub fn query(e: axum::extract::rejection::QueryRejection) -> ApiError {
        ApiError::bad(format!(
            "{}; the query takes position=FACELETS|MOVES and optionally mode=optimal|fast|all, timeout=SECONDS, within=N, max_solutions=N",
            e.body_text()
        ))
    }

    /// From a JSON body that does not parse: 413 past the size limit, 415 without the
    /// JSON content type, else 400 (axum's 422 for well-formed JSON of the wrong shape
    /// too: to a client both are a request to fix).
    pub fn json(e: axum::extract::rejection::JsonRejection) -> ApiError {
        let status = match e.status() {
            StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
            s => s,
        };
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the request body is over this server's limit".to_string()
        } else {
            e.body_text()
        };
        ApiError::new(status, message)
    }

    /// 413: a list over the server's limit.
    pub fn too_large(message: String) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 429: every worker busy and the queue full.
    pub fn busy(waiting: usize) -> ApiError {
        ApiError {
            retry_after: Some(1 + waiting as u64),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("every optimal-solve worker is busy and {waiting} solves are waiting, the queue's limit: retry later (Retry-After), or ask for mode=fast"),
            )
        }
    }

    /// 503: the server is stopping.
    pub fn stopping() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".to_string(),
        )
    }

    /// 503: a part of the service is not available.
    pub fn unavailable(message: String) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 500: a failure that is not the client's (a damaged table, a bug).
    pub fn internal(message: String) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 401: no token, or the wrong one.
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "this server needs its token: send the header `Authorization: Bearer TOKEN`"
                .to_string(),
        )
    }

    /// 403: a browser page of another origin.
    pub fn forbidden_origin(origin: &str) -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            format!("requests from pages of {origin} are refused: start korf serve with --cors {origin} to allow them"),
        )
    }

    /// 404.
    pub fn not_found(path: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such endpoint: {path}; the API is described at /v1/openapi.json"),
        )
    }

    /// 405.
    pub fn method_not_allowed() -> ApiError {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "this endpoint does not take that method; see /v1/openapi.json".to_string(),
        )
    }

    /// The JSON body.
    pub fn body(&self) -> serde_json::Value {
        serde_json::json!({"error": self.message, "status": self.status.as_u16()})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(self.body())).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

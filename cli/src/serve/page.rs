//! The page at `/` and its assets, compiled into the binary: nothing is fetched from
//! elsewhere, so it works with no internet.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// `(path, content type, body)` of every file the page uses.
const FILES: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../page/index.html"),
    ),
    (
        "/assets/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../page/app.js"),
    ),
    (
        "/assets/local.js",
        "text/javascript; charset=utf-8",
        include_str!("../../page/local.js"),
    ),
    (
        "/assets/cube.js",
        "text/javascript; charset=utf-8",
        include_str!("../../page/cube.js"),
    ),
    (
        "/assets/cube3d.js",
        "text/javascript; charset=utf-8",
        include_str!("../../page/cube3d.js"),
    ),
    (
        "/assets/style.css",
        "text/css; charset=utf-8",
        include_str!("../../page/style.css"),
    ),
];

/// The page's routes.
pub fn routes() -> Router<Arc<super::App>> {
    FILES
        .iter()
        .fold(Router::new(), |router, &(path, kind, body)| {
            router.route(
                path,
                get(move || async move {
                    (
                        [
                            (header::CONTENT_TYPE, kind),
                            (header::CACHE_CONTROL, "no-cache"),
                            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                        ],
                        body,
                    )
                        .into_response()
                }),
            )
        })
}

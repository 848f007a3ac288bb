//! Request metrics of a gRPC server: `grpc_server_requests_total` by
//! service, method and status code, and `grpc_server_request_duration_seconds`.
//! The status is the response's `grpc-status` header, which tonic sends for
//! every error of a unary call (a "trailers-only" answer); without it the
//! call succeeded.
//!
//! A handler that panics is caught here too: logged, counted as `Internal`
//! and answered `INTERNAL`, instead of dropping the connection (which the
//! caller would take for the service being down) or the process.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

/// Adds request metrics to a server (`Server::builder().layer(MeteredLayer)`).
#[derive(Debug, Clone, Copy, Default)]
pub struct MeteredLayer;

impl<S> tower::Layer<S> for MeteredLayer {
    type Service = Metered<S>;

    fn layer(&self, inner: S) -> Metered<S> {
        Metered { inner }
    }
}

#[derive(Debug, Clone)]
pub struct Metered<S> {
    inner: S,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// The trailers-only answer of a handler that panicked.
fn panicked<R: Default>() -> http::Response<R> {
    let mut response = http::Response::new(R::default());
    let headers = response.headers_mut();
    headers.insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/grpc"));
    headers.insert("grpc-status", http::HeaderValue::from(tonic::Code::Internal as i32));
    headers.insert("grpc-message", http::HeaderValue::from_static("internal%20error"));
    response
}

impl<S, B, R> tower::Service<http::Request<B>> for Metered<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<R>>,
    S::Future: Send + 'static,
    R: Default,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = BoxFuture<Result<S::Response, S::Error>>;

    fn poll_ready(&mut self, context: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(context)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let (service, method) = split_path(request.uri().path());
        let (service, method) = (service.to_owned(), method.to_owned());
        let started = Instant::now();
        let answer = self.inner.call(request);
        Box::pin(async move {
            use futures::FutureExt;
            let result = match std::panic::AssertUnwindSafe(answer).catch_unwind().await {
                Ok(result) => result,
                Err(panic) => {
                    let what = crate::error::panic_message(panic.as_ref());
                    tracing::error!(%service, %method, panic = %what, "a gRPC handler panicked");
                    Ok(panicked())
                }
            };
            let code = match &result {
                Ok(response) => code_of(response.headers()),
                Err(_) => tonic::Code::Unknown,
            };
            let labels = [("service", service), ("method", method)];
            metrics::histogram!("grpc_server_request_duration_seconds", &labels)
                .record(started.elapsed().as_secs_f64());
            let [service, method] = labels;
            let labels = [service, method, ("code", code_name(code).to_owned())];
            metrics::counter!("grpc_server_requests_total", &labels).increment(1);
            result
        })
    }
}

/// `("keyshop.catalog.v1.CatalogService", "GetProduct")` of
/// `/keyshop.catalog.v1.CatalogService/GetProduct`.
pub fn split_path(path: &str) -> (&str, &str) {
    let path = path.trim_start_matches('/');
    path.split_once('/').unwrap_or((path, ""))
}

/// The status of an answer from its headers: the `grpc-status` of a
/// trailers-only answer, else OK (the status then follows in trailers, and
/// unary calls that get that far succeeded).
pub fn code_of(headers: &http::HeaderMap) -> tonic::Code {
    match headers.get("grpc-status") {
        None => tonic::Code::Ok,
        Some(value) => value
            .to_str()
            .ok()
            .and_then(|value| value.parse::<i32>().ok())
            .map_or(tonic::Code::Unknown, tonic::Code::from_i32),
    }
}

/// The status code's name as gRPC's own libraries print it.
pub fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code;
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "Canceled",
        Code::Unknown => "Unknown",
        Code::InvalidArgument => "InvalidArgument",
        Code::DeadlineExceeded => "DeadlineExceeded",
        Code::NotFound => "NotFound",
        Code::AlreadyExists => "AlreadyExists",
        Code::PermissionDenied => "PermissionDenied",
        Code::ResourceExhausted => "ResourceExhausted",
        Code::FailedPrecondition => "FailedPrecondition",
        Code::Aborted => "Aborted",
        Code::OutOfRange => "OutOfRange",
        Code::Unimplemented => "Unimplemented",
        Code::Internal => "Internal",
        Code::Unavailable => "Unavailable",
        Code::DataLoss => "DataLoss",
        Code::Unauthenticated => "Unauthenticated",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panicking_handler_answers_internal() {
        use tower::{Layer, Service};
        let handler = tower::service_fn(|request: http::Request<()>| async move {
            if request.uri().path().ends_with("/Panic") {
                panic!("attempt to add with overflow");
            }
            Ok::<_, std::convert::Infallible>(http::Response::new(String::from("fine")))
        });
        let mut server = MeteredLayer.layer(handler);
        let request = |path: &str| http::Request::builder().uri(path).body(()).unwrap();
        let answer = server.call(request("/keyshop.x.v1.X/Panic")).await.unwrap();
        assert_eq!(code_of(answer.headers()), tonic::Code::Internal);
        assert!(answer.body().is_empty());
        let answer = server.call(request("/keyshop.x.v1.X/Fine")).await.unwrap();
        assert_eq!((code_of(answer.headers()), answer.body().as_str()), (tonic::Code::Ok, "fine"));
    }

    #[test]
    fn paths_split_into_service_and_method() {
        assert_eq!(
            split_path("/keyshop.catalog.v1.CatalogService/GetProduct"),
            ("keyshop.catalog.v1.CatalogService", "GetProduct")
        );
        assert_eq!(split_path("/odd"), ("odd", ""));
    }

    #[test]
    fn the_code_comes_from_a_trailers_only_answer_else_ok() {
        let mut headers = http::HeaderMap::new();
        assert_eq!(code_of(&headers), tonic::Code::Ok);
        headers.insert("grpc-status", http::HeaderValue::from_static("5"));
        assert_eq!(code_name(code_of(&headers)), "NotFound");
        headers.insert("grpc-status", http::HeaderValue::from_static("junk"));
        assert_eq!(code_of(&headers), tonic::Code::Unknown);
    }
}

//! Per-request context: a request id (taken from `X-Request-Id` when sane,
//! else new), the language answers are written in (`lang` query, else
//! Accept-Language), a tracing span that continues the caller's W3C trace, and
//! the request metrics.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use keyshop_core::grpc::{REQUEST_ID, REQUEST_ID_HEADER};
use keyshop_core::{i18n, telemetry};
use tracing::Instrument;

#[derive(Debug, Clone)]
pub struct RequestContext {
    pub request_id: String,
    pub language: &'static str,
}

tokio::task_local! {
    static CONTEXT: RequestContext;
}

/// The language of the request being served (en-US outside a request).
pub fn language() -> &'static str {
    CONTEXT.try_with(|context| context.language).unwrap_or(i18n::DEFAULT)
}

pub fn request_id() -> String {
    CONTEXT.try_with(|context| context.request_id.clone()).unwrap_or_default()
}

fn header<'a>(request: &'a ServiceRequest, name: &str) -> Option<&'a str> {
    request.headers().get(name).and_then(|value| value.to_str().ok())
}

/// An incoming id is kept only when it is short and plain.
fn sane_request_id(candidate: Option<&str>) -> Option<String> {
    let candidate = candidate?;
    let plain = !candidate.is_empty()
        && candidate.len() <= 64
        && candidate.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'));
    plain.then(|| candidate.to_owned())
}

/// The raw value of the `lang` query parameter, if any.
fn lang_param(query: &str) -> Option<&str> {
    query.split('&').find_map(|pair| pair.strip_prefix("lang="))
}

pub async fn request_context(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let request_id = sane_request_id(header(&request, REQUEST_ID_HEADER))
        .unwrap_or_else(|| uuid::Uuid::now_v7().simple().to_string());
    let language = i18n::negotiate(lang_param(request.query_string()), header(&request, "accept-language"));
    let method = request.method().clone();
    let span = tracing::info_span!("http", %method, path = %request.path(), request_id = %request_id,
        status = tracing::field::Empty);
    telemetry::set_parent(
        &span,
        header(&request, "traceparent").unwrap_or(""),
        header(&request, "tracestate").unwrap_or(""),
    );

    let context = RequestContext { request_id: request_id.clone(), language };
    let call = REQUEST_ID.scope(request_id.clone(), CONTEXT.scope(context, next.call(request)));
    let mut response = call.instrument(span.clone()).await?;

    let status = response.status();
    span.record("status", status.as_u16());
    if status.is_server_error() {
        span.in_scope(|| tracing::warn!(status = status.as_u16(), "request failed"));
    }
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
    }
    let route = response.request().match_pattern().unwrap_or_else(|| "unmatched".to_owned());
    crate::metrics::record_request(method.as_str(), &route, status.as_u16(), started.elapsed());
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_request_ids_are_kept() {
        assert_eq!(sane_request_id(Some("abc-123_x.y")).as_deref(), Some("abc-123_x.y"));
        assert_eq!(sane_request_id(Some("")), None);
        assert_eq!(sane_request_id(Some("has space")), None);
        assert_eq!(sane_request_id(Some(&"x".repeat(65))), None);
        assert_eq!(sane_request_id(None), None);
    }

    #[test]
    fn finds_the_lang_parameter() {
        assert_eq!(lang_param("a=1&lang=de&b=2"), Some("de"));
        assert_eq!(lang_param("language=de"), None);
        assert_eq!(lang_param(""), None);
    }
}

//! The response envelope of DESIGN §4: `{code, msg, msgKey, data}` with the
//! HTTP status equal to `code` and `msg` in the request's language.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse, Responder, ResponseError, web};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::i18n::Messages;
use serde::Serialize;
use utoipa::ToSchema;

use crate::context;

pub const OK_MSG_KEY: &str = "api.ok";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Envelope<T> {
    /// Equals the HTTP status.
    pub code: u16,
    /// The message in the request's language.
    pub msg: String,
    /// The catalogue key of `msg`, for the client to translate itself.
    pub msg_key: String,
    pub data: T,
}

/// `data` of a 400 answer: field name → catalogue key.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldErrorsDto {
    pub fields: BTreeMap<String, String>,
}

/// `data` of a 429 answer: how many seconds to wait (also in `Retry-After`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetryAfterDto {
    pub retry_after: u64,
}

fn json_response<T: Serialize>(status: StatusCode, envelope: &Envelope<T>) -> HttpResponse {
    match serde_json::to_vec(envelope) {
        Ok(body) => HttpResponse::build(status).content_type(ContentType::json()).body(body),
        Err(error) => {
            tracing::error!(error = %error, "response does not serialize");
            HttpResponse::InternalServerError()
                .content_type(ContentType::json())
                .body(r#"{"code":500,"msg":"Internal error","msgKey":"api.error.internal","data":null}"#)
        }
    }
}

/// A successful answer carrying `data`, with `api.ok` or a more specific
/// message ("Register was successful").
pub struct Reply<T> {
    data: T,
    msg_key: &'static str,
}

impl<T> Reply<T> {
    pub fn ok(data: T) -> Reply<T> {
        Reply { data, msg_key: OK_MSG_KEY }
    }

    pub fn with_msg_key(self, msg_key: &'static str) -> Reply<T> {
        Reply { msg_key, ..self }
    }
}

impl<T: Serialize> Responder for Reply<T> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _request: &HttpRequest) -> HttpResponse {
        let envelope = Envelope {
            code: 200,
            msg: Messages::embedded().text(context::language(), self.msg_key, &[]),
            msg_key: self.msg_key.to_owned(),
            data: self.data,
        };
        json_response(StatusCode::OK, &envelope)
    }
}

/// A failed answer. Internal details are logged here and never sent.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct ApiError(#[from] pub AppError);

pub type ApiResult<T> = Result<Reply<T>, ApiError>;

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> ApiError {
        ApiError(AppError::from_status(&status))
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let error = &self.0;
        if matches!(error.code, ErrorCode::Internal | ErrorCode::Unavailable) {
            tracing::error!(code = ?error.code, detail = %error.detail, "request failed");
        }
        // A 400 always says which fields were wrong (none when the request
        // as a whole could not be read), as the document promises.
        let data = match (error.code, error.fields.is_empty(), error.retry_after_seconds) {
            (ErrorCode::Validation, _, _) | (_, false, _) => serde_json::json!({ "fields": error.fields }),
            (_, true, Some(seconds)) => serde_json::json!({ "retryAfter": seconds }),
            (_, true, None) => serde_json::Value::Null,
        };
        let seconds = error.retry_after_seconds.map(|seconds| seconds.to_string());
        let arguments: Vec<(&str, &str)> = seconds.iter().map(|seconds| ("seconds", seconds.as_str())).collect();
        let envelope = Envelope {
            code: error.code.http_status(),
            msg: Messages::embedded().text(context::language(), &error.msg_key, &arguments),
            msg_key: error.msg_key.clone(),
            data,
        };
        let mut response = json_response(self.status_code(), &envelope);
        if let Some(seconds) = seconds
            && let Ok(value) = actix_web::http::header::HeaderValue::from_str(&seconds)
        {
            response.headers_mut().insert(actix_web::http::header::RETRY_AFTER, value);
        }
        response
    }
}

/// Malformed, oversized or wrongly typed JSON bodies answer 400 with a key.
pub fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default().limit(limit).error_handler(|error, _request| {
        use actix_web::error::JsonPayloadError;
        let msg_key = match &error {
            JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
                "api.error.payloadTooLarge"
            }
            JsonPayloadError::ContentType => "api.error.unsupportedMediaType",
            _ => "api.error.badRequest",
        };
        ApiError(AppError::new(ErrorCode::Validation, msg_key).with_detail(error)).into()
    })
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _request| {
        ApiError(AppError::new(ErrorCode::Validation, "api.error.badRequest").with_detail(error)).into()
    })
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error, _request| {
        ApiError(AppError::new(ErrorCode::Validation, "api.error.badRequest").with_detail(error)).into()
    })
}

/// Every `/prod-api/**` error in the envelope, including those actix answers
/// itself in plain text (a body over the size limit: 413, a wrong content
/// type: 415): the same status, a key for it, `data: null` (a 400's
/// `data.fields` empty).
pub async fn envelope_plain_errors(
    request: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    let is_api = request.path().starts_with("/prod-api/") || request.path() == "/prod-api";
    let response = next.call(request).await?;
    let status = response.status();
    let is_json = response
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !is_api || is_json || !(status.is_client_error() || status.is_server_error()) {
        return Ok(response.map_into_left_body());
    }
    let msg_key = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "api.error.payloadTooLarge",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "api.error.unsupportedMediaType",
        StatusCode::METHOD_NOT_ALLOWED => "api.error.methodNotAllowed",
        StatusCode::NOT_FOUND => "api.error.routeNotFound",
        status if status.is_server_error() => "api.error.internal",
        _ => "api.error.badRequest",
    };
    let data =
        if status == StatusCode::BAD_REQUEST { serde_json::json!({ "fields": {} }) } else { serde_json::Value::Null };
    let envelope = Envelope {
        code: status.as_u16(),
        msg: Messages::embedded().text(context::language(), msg_key, &[]),
        msg_key: msg_key.to_owned(),
        data,
    };
    let (request, _) = response.into_parts();
    Ok(actix_web::dev::ServiceResponse::new(request, json_response(status, &envelope)).map_into_right_body())
}

/// The answer for `/prod-api/**` requests that no route serves: 405 when the
/// path is served with other methods, else 404; both in the envelope.
pub async fn route_not_found(request: actix_web::HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(template) = request.resource_map().match_pattern(request.path()) {
        let envelope = Envelope {
            code: StatusCode::METHOD_NOT_ALLOWED.as_u16(),
            msg: Messages::embedded().text(context::language(), "api.error.methodNotAllowed", &[]),
            msg_key: "api.error.methodNotAllowed".to_owned(),
            data: serde_json::Value::Null,
        };
        let mut response = json_response(StatusCode::METHOD_NOT_ALLOWED, &envelope);
        let allow = crate::openapi::methods_of(&template).join(", ");
        if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&allow) {
            response.headers_mut().insert(actix_web::http::header::ALLOW, value);
        }
        return Ok(response);
    }
    Err(ApiError(AppError::not_found("api.error.routeNotFound")))
}

//! The one error vocabulary of keyshop: a small set of codes, each mapped to a
//! gRPC status code and to the HTTP/envelope code of DESIGN §4, with the
//! catalogue key (`msgKey`) the client translates. Internal details are logged,
//! never sent.

use std::collections::BTreeMap;

use keyshop_proto::common::v1::ErrorDetail;
use prost::Message;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// 400: the input is malformed; `fields` says which.
    Validation,
    /// 401: not signed in.
    Unauthenticated,
    /// 403: signed in but not allowed, or the account is disabled.
    Forbidden,
    /// 404
    NotFound,
    /// 409: out of stock, state change not allowed.
    Conflict,
    /// 422: a business rule refuses the request.
    BusinessRule,
    /// 429: too many requests; retry later.
    RateLimited,
    /// 503: a dependency is down; safe to retry.
    Unavailable,
    /// 500: a bug or an unexpected failure; no details leave the process.
    Internal,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 9] = [
        ErrorCode::Validation,
        ErrorCode::Unauthenticated,
        ErrorCode::Forbidden,
        ErrorCode::NotFound,
        ErrorCode::Conflict,
        ErrorCode::BusinessRule,
        ErrorCode::RateLimited,
        ErrorCode::Unavailable,
        ErrorCode::Internal,
    ];

    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::Validation => 400,
            ErrorCode::Unauthenticated => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::Conflict => 409,
            ErrorCode::BusinessRule => 422,
            ErrorCode::RateLimited => 429,
            ErrorCode::Unavailable => 503,
            ErrorCode::Internal => 500,
        }
    }

    pub fn grpc_code(self) -> tonic::Code {
        match self {
            ErrorCode::Validation => tonic::Code::InvalidArgument,
            ErrorCode::Unauthenticated => tonic::Code::Unauthenticated,
            ErrorCode::Forbidden => tonic::Code::PermissionDenied,
            ErrorCode::NotFound => tonic::Code::NotFound,
            ErrorCode::Conflict => tonic::Code::Aborted,
            ErrorCode::BusinessRule => tonic::Code::FailedPrecondition,
            ErrorCode::RateLimited => tonic::Code::ResourceExhausted,
            ErrorCode::Unavailable => tonic::Code::Unavailable,
            ErrorCode::Internal => tonic::Code::Internal,
        }
    }

    pub fn from_grpc(code: tonic::Code) -> ErrorCode {
        match code {
            tonic::Code::InvalidArgument | tonic::Code::OutOfRange => ErrorCode::Validation,
            tonic::Code::Unauthenticated => ErrorCode::Unauthenticated,
            tonic::Code::PermissionDenied => ErrorCode::Forbidden,
            tonic::Code::NotFound => ErrorCode::NotFound,
            tonic::Code::Aborted | tonic::Code::AlreadyExists => ErrorCode::Conflict,
            tonic::Code::FailedPrecondition => ErrorCode::BusinessRule,
            tonic::Code::ResourceExhausted => ErrorCode::RateLimited,
            tonic::Code::Unavailable | tonic::Code::DeadlineExceeded | tonic::Code::Cancelled => ErrorCode::Unavailable,
            _ => ErrorCode::Internal,
        }
    }

    /// The catalogue key used when the error names no more specific one.
    pub fn default_msg_key(self) -> &'static str {
        match self {
            ErrorCode::Validation => "api.error.validation",
            ErrorCode::Unauthenticated => "api.error.unauthorized",
            ErrorCode::Forbidden => "api.error.forbidden",
            ErrorCode::NotFound => "api.error.notFound",
            ErrorCode::Conflict => "api.error.conflict",
            ErrorCode::BusinessRule => "api.error.unprocessable",
            ErrorCode::RateLimited => "api.error.tooManyRequests",
            ErrorCode::Unavailable => "api.error.unavailable",
            ErrorCode::Internal => "api.error.internal",
        }
    }
}

/// An error on its way to a client: code, catalogue key, field errors, and an
/// internal description that is only ever logged.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{code:?} ({msg_key}): {detail}")]
pub struct AppError {
    pub code: ErrorCode,
    pub msg_key: String,
    pub fields: BTreeMap<String, String>,
    /// For rate limits: seconds until the caller may try again.
    pub retry_after_seconds: Option<u64>,
    pub detail: String,
}

impl AppError {
    pub fn new(code: ErrorCode, msg_key: impl Into<String>) -> AppError {
        let msg_key = msg_key.into();
        AppError { code, detail: msg_key.clone(), msg_key, fields: BTreeMap::new(), retry_after_seconds: None }
    }

    pub fn of(code: ErrorCode) -> AppError {
        AppError::new(code, code.default_msg_key())
    }

    pub fn not_found(msg_key: impl Into<String>) -> AppError {
        AppError::new(ErrorCode::NotFound, msg_key)
    }

    /// A validation error for one field.
    pub fn field(field: impl Into<String>, field_msg_key: impl Into<String>) -> AppError {
        FieldErrors::default().with(field, field_msg_key).into_error()
    }

    /// An internal error: `detail` is logged where the error is turned into a
    /// response, the client sees only `api.error.internal`.
    pub fn internal(detail: impl std::fmt::Display) -> AppError {
        AppError { detail: detail.to_string(), ..AppError::of(ErrorCode::Internal) }
    }

    pub fn unavailable(detail: impl std::fmt::Display) -> AppError {
        AppError { detail: detail.to_string(), ..AppError::of(ErrorCode::Unavailable) }
    }

    /// A 429 that says when to try again (at least one second).
    pub fn rate_limited(msg_key: impl Into<String>, retry_after: std::time::Duration) -> AppError {
        let seconds = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
        AppError { retry_after_seconds: Some(seconds.max(1)), ..AppError::new(ErrorCode::RateLimited, msg_key) }
    }

    pub fn with_detail(mut self, detail: impl std::fmt::Display) -> AppError {
        self.detail = detail.to_string();
        self
    }

    /// The gRPC status carrying this error; internal details stay here.
    pub fn to_status(&self) -> tonic::Status {
        if matches!(self.code, ErrorCode::Internal | ErrorCode::Unavailable) {
            tracing::error!(code = ?self.code, detail = %self.detail, "request failed");
        }
        let detail = ErrorDetail {
            msg_key: self.msg_key.clone(),
            fields: self.fields.clone().into_iter().collect(),
            retry_after_seconds: self.retry_after_seconds.unwrap_or(0),
        };
        tonic::Status::with_details(self.code.grpc_code(), self.msg_key.clone(), detail.encode_to_vec().into())
    }

    /// Rebuilds the error a service sent; a status without our details (a
    /// transport failure, say) becomes the generic error of its code.
    pub fn from_status(status: &tonic::Status) -> AppError {
        let code = ErrorCode::from_grpc(status.code());
        let detail = ErrorDetail::decode(status.details()).ok().filter(|detail| !detail.msg_key.is_empty());
        match detail {
            Some(detail) => AppError {
                code,
                msg_key: detail.msg_key,
                fields: detail.fields.into_iter().collect(),
                retry_after_seconds: (detail.retry_after_seconds > 0).then_some(detail.retry_after_seconds),
                detail: status.message().to_owned(),
            },
            None => AppError { detail: format!("{:?}: {}", status.code(), status.message()), ..AppError::of(code) },
        }
    }
}

impl From<AppError> for tonic::Status {
    fn from(error: AppError) -> tonic::Status {
        error.to_status()
    }
}

/// A peer's answer becomes this service's error, code and message kept
/// (an out-of-stock conflict from delivery stays a conflict).
impl From<tonic::Status> for AppError {
    fn from(status: tonic::Status) -> AppError {
        AppError::from_status(&status)
    }
}

/// Collects field errors so a request reports every bad field at once.
#[derive(Debug, Default, Clone)]
pub struct FieldErrors {
    fields: BTreeMap<String, String>,
}

impl FieldErrors {
    pub fn with(mut self, field: impl Into<String>, msg_key: impl Into<String>) -> FieldErrors {
        self.add(field, msg_key);
        self
    }

    pub fn add(&mut self, field: impl Into<String>, msg_key: impl Into<String>) {
        self.fields.entry(field.into()).or_insert_with(|| msg_key.into());
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    pub fn into_error(self) -> AppError {
        AppError {
            detail: format!("invalid fields: {:?}", self.fields.keys().collect::<Vec<_>>()),
            fields: self.fields,
            ..AppError::of(ErrorCode::Validation)
        }
    }

    /// `Ok(())` when no field failed.
    pub fn finish(self) -> Result<(), AppError> {
        if self.is_empty() { Ok(()) } else { Err(self.into_error()) }
    }
}

/// What a caught panic said (its `&str` or `String` payload; "" for any other).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_says_what_it_was_given() {
        let text = std::panic::catch_unwind(|| panic!("a {} b", 1)).unwrap_err();
        assert_eq!(panic_message(text.as_ref()), "a 1 b");
        let literal = std::panic::catch_unwind(|| panic!("plain")).unwrap_err();
        assert_eq!(panic_message(literal.as_ref()), "plain");
        let other = std::panic::catch_unwind(|| std::panic::panic_any(7_u8)).unwrap_err();
        assert_eq!(panic_message(other.as_ref()), "");
    }

    #[test]
    fn every_code_round_trips_through_grpc() {
        for code in ErrorCode::ALL {
            assert_eq!(ErrorCode::from_grpc(code.grpc_code()), code, "{code:?}");
        }
    }

    #[test]
    fn http_statuses_are_those_of_the_design() {
        let statuses: Vec<u16> = ErrorCode::ALL.iter().map(|code| code.http_status()).collect();
        assert_eq!(statuses, [400, 401, 403, 404, 409, 422, 429, 503, 500]);
    }

    #[test]
    fn msg_key_and_fields_survive_a_status() {
        let error =
            FieldErrors::default().with("rate", "api.field.outOfRange").with("code", "api.field.invalid").into_error();
        let back = AppError::from_status(&error.to_status());
        assert_eq!(back.code, ErrorCode::Validation);
        assert_eq!(back.msg_key, "api.error.validation");
        assert_eq!(back.fields.get("rate").map(String::as_str), Some("api.field.outOfRange"));
        assert_eq!(back.fields.len(), 2);
    }

    #[test]
    fn the_retry_time_survives_a_status() {
        let error = AppError::rate_limited("api.member.loginLocked", std::time::Duration::from_millis(61_200));
        let back = AppError::from_status(&error.to_status());
        assert_eq!(back.code, ErrorCode::RateLimited);
        assert_eq!(back.retry_after_seconds, Some(62));
        assert_eq!(AppError::from_status(&AppError::of(ErrorCode::RateLimited).to_status()).retry_after_seconds, None);
    }

    #[test]
    fn internal_details_never_reach_the_status() {
        let status = AppError::internal("database password rejected for user x").to_status();
        assert!(!status.message().contains("password"));
        assert_eq!(AppError::from_status(&status).msg_key, "api.error.internal");
    }

    #[test]
    fn a_foreign_status_maps_to_its_generic_error() {
        let back = AppError::from_status(&tonic::Status::unavailable("connection refused"));
        assert_eq!(back.code, ErrorCode::Unavailable);
        assert_eq!(back.msg_key, "api.error.unavailable");
    }

    #[test]
    fn the_first_error_of_a_field_wins() {
        let mut errors = FieldErrors::default();
        errors.add("email", "api.field.required");
        errors.add("email", "api.field.invalid");
        assert_eq!(errors.into_error().fields["email"], "api.field.required");
    }
}

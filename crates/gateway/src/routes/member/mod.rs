//! `/captchaImage` and `/api/*` calls of accounts and sessions: register,
//! login, logout, member info, the session check, visits and the forgotten
//! password.

pub mod captcha;
pub mod forget;
pub mod get_info;
pub mod login;
pub mod logout;
pub mod register;
pub mod reset_password;
pub mod save_visit;
pub mod session_check;
pub mod verify;

use actix_web::HttpRequest;
use actix_web::http::header::{AUTHORIZATION, USER_AGENT};
use keyshop_core::error::FieldErrors;
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::context;
use crate::routes::params;
use crate::state::GatewayState;

/// The longest user agent passed on; the rest says nothing more.
const MAX_USER_AGENT: usize = 512;

/// A call for the member service carrying the caller's `Authorization`
/// header as metadata: the member service finds the session from it. The
/// token travels in that header only, never in a URL or a body.
pub fn authorized<T>(request: &HttpRequest, message: T) -> tonic::Request<T> {
    let mut call = tonic::Request::new(message);
    if let Some(value) = request.headers().get(AUTHORIZATION).and_then(|value| value.to_str().ok())
        && let Ok(value) = value.parse()
    {
        call.metadata_mut().insert("authorization", value);
    }
    call
}

/// Who is calling: address, browser and the language answers and e-mails
/// are written in.
pub fn client(request: &HttpRequest, state: &GatewayState) -> pb::Client {
    let user_agent = request.headers().get(USER_AGENT).and_then(|value| value.to_str().ok()).unwrap_or_default();
    let user_agent = match user_agent.char_indices().nth(MAX_USER_AGENT) {
        Some((end, _)) => &user_agent[..end],
        None => user_agent,
    };
    pb::Client {
        ip: state.client_ip(request),
        user_agent: user_agent.to_owned(),
        language: context::language().to_owned(),
    }
}

/// `page` and `limit` of the member's lists.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

impl PageParams {
    pub fn request(&self) -> Result<pb::PageRequest, crate::envelope::ApiError> {
        let mut errors = FieldErrors::default();
        let request = pb::PageRequest {
            page: params::number(&mut errors, "page", self.page.as_deref()),
            limit: params::number(&mut errors, "limit", self.limit.as_deref()),
            language: crate::context::language().to_owned(),
        };
        errors.finish()?;
        Ok(request)
    }
}

/// The captcha answer (`code`, and the `uuid` of `/captchaImage`) sent with
/// register, login and forget; `None` when neither was sent.
pub fn captcha_answer(code: String, uuid: String) -> Option<pb::CaptchaAnswer> {
    (!code.is_empty() || !uuid.is_empty()).then_some(pb::CaptchaAnswer { uuid, code })
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_bearer_header_becomes_metadata_and_nothing_else_does() {
        let request = TestRequest::default().insert_header((AUTHORIZATION, "Bearer abc")).to_http_request();
        let call = authorized(&request, ());
        assert_eq!(call.metadata().get("authorization").and_then(|value| value.to_str().ok()), Some("Bearer abc"));
        let anonymous = authorized(&TestRequest::default().to_http_request(), ());
        assert!(anonymous.metadata().get("authorization").is_none());
    }
}

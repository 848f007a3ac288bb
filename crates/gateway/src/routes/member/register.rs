//! `POST /api/register`: a new account ('Register was successful').

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{captcha_answer, client};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::routes::text;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RegisterBody {
    /// Required and well-formed. An address that already has an account gets
    /// the same answer (its owner is told by e-mail).
    #[schema(required = true, min_length = 1)]
    pub email: String,
    /// Required.
    #[schema(required = true, min_length = 1)]
    pub full_name: String,
    /// 6 to 128 characters.
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub password: String,
    /// Equal to `password`.
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub confirm_password: String,
    /// The terms of service and the privacy policy, ticked.
    #[schema(required = true, schema_with = text::ticked)]
    pub agree_terms: bool,
    pub newsletter: bool,
    /// What the captcha image shows.
    pub code: String,
    /// The `uuid` of `/captchaImage`.
    pub uuid: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_register", params(LangParam),
    request_body = RegisterBody,
    responses(
        (status = 200, description = "Registered (msgKey api.member.registered)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many registrations from this address", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/register")]
pub async fn register(
    state: web::Data<GatewayState>,
    body: JsonBody<RegisterBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let body = body.into_inner();
    let call = pb::RegisterRequest {
        email: body.email,
        full_name: body.full_name,
        password: body.password,
        confirm_password: body.confirm_password,
        agree_terms: body.agree_terms,
        newsletter: body.newsletter,
        captcha: captcha_answer(body.code, body.uuid),
        client: Some(client(&request, &state)),
    };
    state.clients.member().register(call).await?;
    Ok(Reply::ok(()).with_msg_key("api.member.registered"))
}

//! `POST /api/forms/{sale|wholesale|affiliate|feedback}` ('Submitted').

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::routes::member::client;
use crate::state::GatewayState;

const SUBMITTED: &str = "api.form.submitted";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaleFormBody {
    #[schema(required = true, min_length = 1)]
    pub name: String,
    #[schema(required = true, min_length = 1)]
    pub email: String,
    /// Equal to `email`.
    #[schema(required = true, min_length = 1)]
    pub confirm_email: String,
    #[schema(required = true, min_length = 1)]
    pub region: String,
    /// What is offered.
    #[schema(required = true, min_length = 1)]
    pub description: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct WholesaleFormBody {
    #[schema(required = true, min_length = 1)]
    pub company: String,
    #[schema(required = true, min_length = 1)]
    pub contact_name: String,
    #[schema(required = true, min_length = 1)]
    pub email: String,
    #[schema(required = true, min_length = 1)]
    pub products: String,
    #[schema(required = true, min_length = 1)]
    pub quantities: String,
    pub message: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AffiliateFormBody {
    #[schema(required = true, min_length = 1)]
    pub name: String,
    #[schema(required = true, min_length = 1)]
    pub email: String,
    /// Website or channel.
    #[schema(required = true, min_length = 1)]
    pub website: String,
    pub audience: String,
    #[schema(required = true, min_length = 1)]
    pub message: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct FeedbackFormBody {
    #[schema(required = true, min_length = 1)]
    pub name: String,
    #[schema(required = true, min_length = 1)]
    pub email: String,
    #[schema(required = true, min_length = 1)]
    pub message: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "form_sale", params(LangParam),
    request_body = SaleFormBody,
    responses(
        (status = 200, description = "Submitted (msgKey api.form.submitted)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong, or the e-mails differ", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many submissions", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/forms/sale")]
pub async fn sale(state: web::Data<GatewayState>, body: JsonBody<SaleFormBody>, request: HttpRequest) -> ApiResult<()> {
    let body = body.into_inner();
    let form = pb::SaleForm {
        name: body.name,
        email: body.email,
        confirm_email: body.confirm_email,
        region: body.region,
        description: body.description,
        client: Some(client(&request, &state)),
    };
    state.clients.member().submit_sale_form(form).await?;
    Ok(Reply::ok(()).with_msg_key(SUBMITTED))
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "form_wholesale", params(LangParam),
    request_body = WholesaleFormBody,
    responses(
        (status = 200, description = "Submitted (msgKey api.form.submitted)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many submissions", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/forms/wholesale")]
pub async fn wholesale(
    state: web::Data<GatewayState>,
    body: JsonBody<WholesaleFormBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let body = body.into_inner();
    let form = pb::WholesaleForm {
        company: body.company,
        contact_name: body.contact_name,
        email: body.email,
        products: body.products,
        quantities: body.quantities,
        message: body.message,
        client: Some(client(&request, &state)),
    };
    state.clients.member().submit_wholesale_form(form).await?;
    Ok(Reply::ok(()).with_msg_key(SUBMITTED))
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "form_affiliate", params(LangParam),
    request_body = AffiliateFormBody,
    responses(
        (status = 200, description = "Submitted (msgKey api.form.submitted)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many submissions", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/forms/affiliate")]
pub async fn affiliate(
    state: web::Data<GatewayState>,
    body: JsonBody<AffiliateFormBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let body = body.into_inner();
    let form = pb::AffiliateForm {
        name: body.name,
        email: body.email,
        website: body.website,
        audience: body.audience,
        message: body.message,
        client: Some(client(&request, &state)),
    };
    state.clients.member().submit_affiliate_form(form).await?;
    Ok(Reply::ok(()).with_msg_key(SUBMITTED))
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "form_feedback", params(LangParam),
    request_body = FeedbackFormBody,
    responses(
        (status = 200, description = "Submitted (msgKey api.form.submitted)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many submissions", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/forms/feedback")]
pub async fn feedback(
    state: web::Data<GatewayState>,
    body: JsonBody<FeedbackFormBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let body = body.into_inner();
    let form = pb::FeedbackForm {
        name: body.name,
        email: body.email,
        message: body.message,
        client: Some(client(&request, &state)),
    };
    state.clients.member().submit_feedback_form(form).await?;
    Ok(Reply::ok(()).with_msg_key(SUBMITTED))
}

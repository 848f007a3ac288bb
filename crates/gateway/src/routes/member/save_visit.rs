//! `POST /api/saveVisit`: records a page view (with the member when signed
//! in); the first entry from another site is recorded as an external referral.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{authorized, client};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveVisitBody {
    /// The page visited; required.
    #[schema(required = true, min_length = 1)]
    pub to_url: String,
    /// The page before, or the referrer on entry.
    pub from_url: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_save_visit",
    security((), ("bearer" = [])), request_body = SaveVisitBody,
    responses(
        (status = 200, description = "Recorded", body = Envelope<Option<String>>),
        (status = 400, description = "toUrl is missing or too long", body = Envelope<FieldErrorsDto>),
    ))]
#[post("/api/saveVisit")]
pub async fn save_visit(
    state: web::Data<GatewayState>,
    body: JsonBody<SaveVisitBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let body = body.into_inner();
    let call = pb::SaveVisitRequest {
        to_url: body.to_url,
        from_url: body.from_url,
        site_host: request.connection_info().host().to_owned(),
        client: Some(client(&request, &state)),
    };
    state.clients.member().save_visit(authorized(&request, call)).await?;
    Ok(Reply::ok(()))
}

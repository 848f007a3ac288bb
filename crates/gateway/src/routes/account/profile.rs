//! `GET` and `PUT /api/profile`: the member's profile; the login e-mail is
//! read-only.

use actix_web::{HttpRequest, get, put, web};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::member::authorized;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileDto {
    /// The login e-mail; read-only.
    pub email: String,
    pub full_name: String,
    /// ISO 3166 alpha-2, "" when unset.
    pub country: String,
    /// E.164, "" when unset.
    pub phone: String,
    pub zip: String,
    pub address: String,
    pub discord: String,
    pub telegram: String,
    pub whatsapp: String,
    pub newsletter: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileBody {
    /// Required.
    #[schema(required = true, min_length = 1)]
    pub full_name: String,
    /// ISO 3166 alpha-2; required with a phone or zip.
    pub country: String,
    /// Valid for the country.
    pub phone: String,
    /// In the country's format (lenient where it has none).
    pub zip: String,
    pub address: String,
    pub discord: String,
    pub telegram: String,
    pub whatsapp: String,
    pub newsletter: bool,
}

impl From<pb::Profile> for ProfileDto {
    fn from(profile: pb::Profile) -> ProfileDto {
        ProfileDto {
            email: profile.email,
            full_name: profile.full_name,
            country: profile.country,
            phone: profile.phone,
            zip: profile.zip,
            address: profile.address,
            discord: profile.discord,
            telegram: profile.telegram,
            whatsapp: profile.whatsapp,
            newsletter: profile.newsletter,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = Envelope<ProfileDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/profile")]
pub async fn get_profile(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<ProfileDto> {
    let profile = state.clients.member().get_profile(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(profile.into()))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_update_profile",
    security(("bearer" = [])), request_body = ProfileBody,
    responses(
        (status = 200, description = "Saved (msgKey api.updated)", body = Envelope<ProfileDto>),
        (status = 400, description = "A field is wrong (countryInvalid, phoneInvalid, zipInvalid…)", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[put("/api/profile")]
pub async fn update_profile(
    state: web::Data<GatewayState>,
    body: JsonBody<ProfileBody>,
    request: HttpRequest,
) -> ApiResult<ProfileDto> {
    let body = body.into_inner();
    let call = pb::Profile {
        email: String::new(),
        full_name: body.full_name,
        country: body.country,
        phone: body.phone,
        zip: body.zip,
        address: body.address,
        discord: body.discord,
        telegram: body.telegram,
        whatsapp: body.whatsapp,
        newsletter: body.newsletter,
    };
    let saved = state.clients.member().update_profile(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(saved.into()).with_msg_key("api.updated"))
}

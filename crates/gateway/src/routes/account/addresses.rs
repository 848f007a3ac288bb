//! `/api/addresses[/{id}[/default]]`: the member's addresses; exactly one is
//! the default and it cannot be deleted. Another member's id answers 404.

use actix_web::{HttpRequest, delete, get, post, put, web};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::member::authorized;
use crate::routes::postal::PostalAddressDto;
use crate::state::GatewayState;

/// An address-book entry.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressDto {
    pub id: i64,
    #[serde(flatten)]
    pub address: PostalAddressDto,
    pub is_default: bool,
}

/// An address-book entry to write.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressBody {
    #[serde(flatten)]
    pub address: PostalAddressDto,
    /// Makes it the default (the first address always is).
    pub is_default: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IdDto {
    pub id: i64,
}

impl AddressBody {
    fn into_message(self, id: i64) -> pb::Address {
        pb::Address { id, postal: Some(self.address.into()), is_default: self.is_default }
    }
}

impl From<pb::Address> for AddressDto {
    fn from(address: pb::Address) -> AddressDto {
        AddressDto {
            id: address.id,
            address: address.postal.map(PostalAddressDto::from).unwrap_or_default(),
            is_default: address.is_default,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_addresses",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The addresses, the default first", body = Envelope<Vec<AddressDto>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/addresses")]
pub async fn list_addresses(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<Vec<AddressDto>> {
    let list = state.clients.member().list_addresses(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(list.addresses.into_iter().map(AddressDto::from).collect()))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_create_address",
    security(("bearer" = [])), request_body = AddressBody,
    responses(
        (status = 200, description = "Saved (msgKey api.address.saved)", body = Envelope<IdDto>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 422, description = "Too many addresses", body = Envelope<Option<String>>),
    ))]
#[post("/api/addresses")]
pub async fn create_address(
    state: web::Data<GatewayState>,
    body: JsonBody<AddressBody>,
    request: HttpRequest,
) -> ApiResult<IdDto> {
    let call = body.into_inner().into_message(0);
    let created = state.clients.member().create_address(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(IdDto { id: created.id }).with_msg_key("api.address.saved"))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_update_address",
    security(("bearer" = [])), params(("id" = i64, Path)), request_body = AddressBody,
    responses(
        (status = 200, description = "Saved (msgKey api.address.saved)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such address of this member", body = Envelope<Option<String>>),
    ))]
#[put("/api/addresses/{id}")]
pub async fn update_address(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<AddressBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = body.into_inner().into_message(path.into_inner());
    state.clients.member().update_address(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.address.saved"))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_delete_address",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses(
        (status = 200, description = "Deleted (msgKey api.address.deleted)", body = Envelope<Option<String>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such address of this member", body = Envelope<Option<String>>),
        (status = 422, description = "The default address can't be deleted", body = Envelope<Option<String>>),
    ))]
#[delete("/api/addresses/{id}")]
pub async fn delete_address(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = pb::IdRequest { id: path.into_inner() };
    state.clients.member().delete_address(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.address.deleted"))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_default_address",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses(
        (status = 200, description = "Now the default (msgKey api.address.defaultSet)", body = Envelope<Option<String>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such address of this member", body = Envelope<Option<String>>),
    ))]
#[post("/api/addresses/{id}/default")]
pub async fn set_default_address(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = pb::IdRequest { id: path.into_inner() };
    state.clients.member().set_default_address(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.address.defaultSet"))
}

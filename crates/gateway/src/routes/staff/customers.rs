//! `/api/staff/customers`: staff looking after members (the shop's
//! accounts; `/api/staff/members` are staff accounts). Search by e-mail or
//! name, read one with their standing, sign-ins, points adjustments and
//! latest orders (for a role that reads orders), disable or enable the
//! account and adjust its points with a reason, each with the version read
//! (409 when staff changed it since).

use actix_web::{HttpRequest, get, post, put, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::identity::{Permission, StaffClaim};
use keyshop_proto::member::v1 as pb;
use keyshop_proto::order::v1 as order;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiError, ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::account::login_history::LoginHistoryDto;
use crate::routes::dto::ListPage;
use crate::routes::shop::OrderDto;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

/// The latest orders a member's page lists.
const ORDERS_SHOWN: i64 = 10;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDto {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub country: String,
    pub language: String,
    pub disabled: bool,
    pub newsletter: bool,
    /// US cents paid in all (refunds taken back).
    pub total_consumption_usd: i64,
    pub points: i64,
    pub level_name: String,
    pub level_discount_percent: i32,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// Sent back with a change.
    pub version: i64,
}

impl From<pb::Customer> for CustomerDto {
    fn from(row: pb::Customer) -> CustomerDto {
        CustomerDto {
            id: row.id,
            email: row.email,
            full_name: row.full_name,
            country: row.country,
            language: row.language,
            disabled: row.disabled,
            newsletter: row.newsletter,
            total_consumption_usd: row.total_consumption_usd,
            points: row.points,
            level_name: row.level_name,
            level_discount_percent: row.level_discount_percent,
            created_at: row.created_at_ms,
            version: row.version,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointsEntryDto {
    pub delta: i64,
    pub reason: String,
    pub staff_email: String,
    /// Epoch milliseconds.
    pub at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFileDto {
    pub customer: CustomerDto,
    /// The latest sign-in attempts, newest first.
    pub sign_ins: Vec<LoginHistoryDto>,
    /// The latest points adjustments by staff, newest first.
    pub adjustments: Vec<PointsEntryDto>,
    /// The latest orders, newest first; absent for a role that does not read orders.
    pub orders: Option<Vec<OrderDto>>,
}

/// The member's page for `staff`: their file, and their orders if the role reads orders.
async fn file_for(
    state: &GatewayState,
    staff: StaffClaim,
    file: pb::CustomerFile,
) -> Result<CustomerFileDto, ApiError> {
    let customer = CustomerDto::from(file.customer.unwrap_or_default());
    let orders = if staff.role.may(Permission::OrdersRead) {
        let query = order::StaffOrderQuery { member_id: customer.id, limit: ORDERS_SHOWN, ..Default::default() };
        let page = acting(staff, state.clients.order().staff_search_orders(query)).await?.into_inner();
        Some(page.rows.into_iter().map(OrderDto::try_from).collect::<Result<_, _>>()?)
    } else {
        None
    };
    Ok(CustomerFileDto {
        customer,
        sign_ins: file.sign_ins.into_iter().map(LoginHistoryDto::from).collect(),
        adjustments: file
            .adjustments
            .into_iter()
            .map(|entry| PointsEntryDto {
                delta: entry.delta,
                reason: entry.reason,
                staff_email: entry.staff_email,
                at: entry.at_ms,
            })
            .collect(),
        orders,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerSearchParams {
    /// Part of the e-mail or the name.
    pub text: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_customers", params(LangParam, CustomerSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The members found, newest first", body = Envelope<ListPage<CustomerDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read members (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/customers")]
pub async fn staff_customers(
    state: web::Data<GatewayState>,
    query: web::Query<CustomerSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<CustomerDto>> {
    let staff = staff_with(&state, &request, Permission::MembersRead).await?;
    let mut errors = FieldErrors::default();
    let call = pb::StaffMemberQuery {
        text: query.text.clone().unwrap_or_default(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.member().staff_search_members(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(CustomerDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_customer", params(LangParam,
        ("id" = i64, Path, description = "The member's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The member's page", body = Envelope<CustomerFileDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read members (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such member", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/customers/{id}")]
pub async fn staff_customer(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<CustomerFileDto> {
    let staff = staff_with(&state, &request, Permission::MembersRead).await?;
    let call = pb::IdRequest { id: path.into_inner() };
    let file = acting(staff.clone(), state.clients.member().staff_get_member(call)).await?.into_inner();
    Ok(Reply::ok(file_for(&state, staff, file).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomerStateBody {
    pub disabled: bool,
    /// The version read with the member.
    pub version: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_customer_state", params(LangParam,
        ("id" = i64, Path, description = "The member's id")),
    security(("bearer" = [])),
    request_body = CustomerStateBody,
    responses(
        (status = 200, description = "The member's page after the change", body = Envelope<CustomerFileDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage members (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such member", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/customers/{id}")]
pub async fn staff_customer_state(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<CustomerStateBody>,
    request: HttpRequest,
) -> ApiResult<CustomerFileDto> {
    let staff = staff_with(&state, &request, Permission::MembersManage).await?;
    let call = pb::MemberStateChange { id: path.into_inner(), disabled: body.disabled, version: body.version };
    let file = acting(staff.clone(), state.clients.member().staff_set_member_state(call)).await?.into_inner();
    Ok(Reply::ok(file_for(&state, staff, file).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsBody {
    /// Points to add (negative: to take back); the balance stays at or above zero.
    #[schema(minimum = -1_000_000, maximum = 1_000_000)]
    pub delta: i64,
    #[schema(max_length = 200)]
    pub reason: String,
    /// The version read with the member.
    pub version: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_customer_points", params(LangParam,
        ("id" = i64, Path, description = "The member's id")),
    security(("bearer" = [])),
    request_body = PointsBody,
    responses(
        (status = 200, description = "The member's page after the adjustment", body = Envelope<CustomerFileDto>),
        (status = 400, description = "No points, too many, below zero, or no reason", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage members (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such member", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/customers/{id}/points")]
pub async fn staff_customer_points(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<PointsBody>,
    request: HttpRequest,
) -> ApiResult<CustomerFileDto> {
    let staff = staff_with(&state, &request, Permission::MembersManage).await?;
    let body = body.into_inner();
    let call =
        pb::PointsChange { id: path.into_inner(), delta: body.delta, reason: body.reason, version: body.version };
    let file = acting(staff.clone(), state.clients.member().staff_adjust_points(call)).await?.into_inner();
    Ok(Reply::ok(file_for(&state, staff, file).await?))
}

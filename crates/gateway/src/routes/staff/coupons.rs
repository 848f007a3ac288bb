//! `/api/staff/coupons`: finance's coupons. The list (code search, newest
//! first) with uses and what each brought in; a new coupon (`POST`, 409 when
//! the code exists); an edit, or switching one off and on (`PUT` with the
//! version read: 409 when it changed since). Percent or a fixed amount (in
//! US cents, or as set per currency), a minimum order, a validity window,
//! limits in all and per buyer, kept to some products or types.

use std::collections::BTreeMap;

use actix_web::{HttpRequest, get, post, put, web};
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::identity::Permission;
use keyshop_core::vocab::ProductType;
use keyshop_proto::order::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::ListPage;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

/// How a coupon takes money off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CouponKind {
    /// `amount` percent off the lines it counts.
    Percent,
    /// `amount` US cents off (or `fixedAmounts` in those currencies).
    Fixed,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponDto {
    pub code: String,
    pub kind: CouponKind,
    /// Percent, or US cents.
    pub amount: i64,
    /// Minor units per currency code, used as is for orders in it.
    pub fixed_amounts: BTreeMap<String, i64>,
    /// US cents the goods must reach.
    pub min_goods_usd: i64,
    /// Epoch milliseconds.
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_buyer_limit: Option<i64>,
    /// Only lines of these products or types count (both empty: every line).
    pub product_ids: Vec<i64>,
    pub product_types: Vec<ProductType>,
    pub disabled: bool,
    /// Sent back with an edit.
    pub version: i64,
    /// Uses taken (unpaid orders hold theirs until they end).
    pub used: i64,
    /// Paid orders with the coupon, and their total in US cents.
    pub paid_orders: i64,
    pub revenue_usd: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
}

fn some(value: i64) -> Option<i64> {
    (value > 0).then_some(value)
}

impl TryFrom<pb::CouponDef> for CouponDto {
    type Error = AppError;

    fn try_from(def: pb::CouponDef) -> Result<CouponDto, AppError> {
        let kind = if def.kind == "percent" { CouponKind::Percent } else { CouponKind::Fixed };
        Ok(CouponDto {
            code: def.code,
            kind,
            amount: def.amount,
            fixed_amounts: def.fixed_amounts.into_iter().collect(),
            min_goods_usd: def.min_goods_usd,
            starts_at: def.starts_at_ms,
            ends_at: some(def.ends_at_ms),
            usage_limit: some(def.usage_limit),
            per_buyer_limit: some(def.per_buyer_limit),
            product_ids: def.product_ids,
            product_types: def.product_types.into_iter().map(ProductType::from_proto).collect::<Result<_, _>>()?,
            disabled: def.disabled,
            version: def.version,
            used: def.used,
            paid_orders: def.paid_orders,
            revenue_usd: def.revenue_usd,
            created_at: def.created_at_ms,
        })
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CouponBody {
    /// 3 to 32 letters, digits or dashes (kept in capitals). Ignored by an
    /// edit (the path names the coupon).
    #[serde(default)]
    pub code: String,
    pub kind: CouponKind,
    /// Percent (1 to 100), or US cents.
    pub amount: i64,
    #[serde(default)]
    pub fixed_amounts: BTreeMap<String, i64>,
    #[serde(default)]
    pub min_goods_usd: i64,
    /// Epoch milliseconds (0: at once).
    #[serde(default)]
    pub starts_at: i64,
    /// Epoch milliseconds; absent: never ends.
    pub ends_at: Option<i64>,
    /// Absent: unlimited.
    pub usage_limit: Option<i64>,
    pub per_buyer_limit: Option<i64>,
    #[serde(default)]
    pub product_ids: Vec<i64>,
    #[serde(default)]
    pub product_types: Vec<ProductType>,
    #[serde(default)]
    pub disabled: bool,
    /// Required by an edit: the version read.
    pub version: Option<i64>,
}

impl CouponBody {
    fn into_def(self, code: String, create: bool) -> pb::CouponDef {
        pb::CouponDef {
            code,
            kind: if self.kind == CouponKind::Percent { "percent" } else { "fixed" }.to_owned(),
            amount: self.amount,
            fixed_amounts: self.fixed_amounts.into_iter().collect(),
            min_goods_usd: self.min_goods_usd,
            starts_at_ms: self.starts_at,
            ends_at_ms: self.ends_at.unwrap_or(0),
            usage_limit: self.usage_limit.unwrap_or(0),
            per_buyer_limit: self.per_buyer_limit.unwrap_or(0),
            product_ids: self.product_ids,
            product_types: self.product_types.into_iter().map(ProductType::to_proto).collect(),
            disabled: self.disabled,
            version: self.version.unwrap_or(0),
            create,
            ..pb::CouponDef::default()
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CouponSearchParams {
    /// Part of the code.
    pub text: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_coupons", params(LangParam, CouponSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The coupons, newest first, with their figures", body = Envelope<ListPage<CouponDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage coupons (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/coupons")]
pub async fn staff_coupons(
    state: web::Data<GatewayState>,
    query: web::Query<CouponSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<CouponDto>> {
    let staff = staff_with(&state, &request, Permission::CouponsManage).await?;
    let mut errors = FieldErrors::default();
    let call = pb::StaffCouponQuery {
        text: query.text.clone().unwrap_or_default(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.order().staff_list_coupons(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(CouponDto::try_from).collect::<Result<_, _>>()?,
        total: page.total,
        page: i32::try_from(page.page).unwrap_or(i32::MAX),
        limit: i32::try_from(page.limit).unwrap_or(i32::MAX),
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_create_coupon", params(LangParam),
    security(("bearer" = [])),
    request_body = CouponBody,
    responses(
        (status = 200, description = "The new coupon", body = Envelope<CouponDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage coupons (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 409, description = "The code exists (api.staff.couponExists)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/coupons")]
pub async fn staff_create_coupon(
    state: web::Data<GatewayState>,
    body: JsonBody<CouponBody>,
    request: HttpRequest,
) -> ApiResult<CouponDto> {
    let staff = staff_with(&state, &request, Permission::CouponsManage).await?;
    let body = body.into_inner();
    let code = body.code.clone();
    let saved = acting(staff, state.clients.order().staff_save_coupon(body.into_def(code, true))).await?.into_inner();
    Ok(Reply::ok(CouponDto::try_from(saved)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_update_coupon", params(LangParam,
        ("code" = String, Path, description = "The coupon's code")),
    security(("bearer" = [])),
    request_body = CouponBody,
    responses(
        (status = 200, description = "The coupon as saved", body = Envelope<CouponDto>),
        (status = 400, description = "A field is wrong, or no version", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage coupons (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such coupon", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/coupons/{code}")]
pub async fn staff_update_coupon(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<CouponBody>,
    request: HttpRequest,
) -> ApiResult<CouponDto> {
    let staff = staff_with(&state, &request, Permission::CouponsManage).await?;
    let body = body.into_inner();
    if body.version.is_none() {
        return Err(AppError::field("version", "api.field.required").into());
    }
    let saved = acting(staff, state.clients.order().staff_save_coupon(body.into_def(path.into_inner(), false)))
        .await?
        .into_inner();
    Ok(Reply::ok(CouponDto::try_from(saved)?))
}

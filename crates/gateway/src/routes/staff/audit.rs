//! `GET /api/staff/audit`: the audit log for the owner, newest first,
//! searched by member of staff, action, target or summary.

use actix_web::{HttpRequest, get, web};
use keyshop_core::audit::AuditAction;
use keyshop_core::error::FieldErrors;
use keyshop_core::identity::{Permission, StaffRole};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::ListPage;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Text the member of staff's e-mail, the action, the target or the summary contains.
    pub text: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRecordDto {
    /// Epoch milliseconds.
    pub at: i64,
    /// The staff account's id (`cli` for `keyshop admin` on the server).
    pub staff_id: String,
    pub staff_email: String,
    pub role: Option<StaffRole>,
    pub action: AuditAction,
    pub target: String,
    pub summary: String,
    pub ip: String,
    /// The service that made the change.
    pub service: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_audit", params(LangParam, AuditParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The records, newest first", body = Envelope<ListPage<AuditRecordDto>>),
        (status = 400, description = "page or limit is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read the audit log (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/audit")]
pub async fn staff_audit(
    state: web::Data<GatewayState>,
    query: web::Query<AuditParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<AuditRecordDto>> {
    let staff = staff_with(&state, &request, Permission::AuditRead).await?;
    let mut errors = FieldErrors::default();
    let call = pb::AuditQuery {
        text: query.text.clone().unwrap_or_default(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.staff().list_audit(call)).await?.into_inner();
    let rows = page
        .rows
        .into_iter()
        .filter_map(|row| {
            Some(AuditRecordDto {
                at: row.at_ms,
                staff_id: row.staff_id,
                staff_email: row.staff_email,
                role: StaffRole::from_proto(row.role).ok(),
                action: AuditAction::from_proto(row.action).ok()?,
                target: row.target,
                summary: row.summary,
                ip: row.ip,
                service: row.service,
            })
        })
        .collect();
    Ok(Reply::ok(ListPage { rows, total: page.total, page: page.page, limit: page.limit }))
}

//! The tonic adapter: proto in, use case, proto out.

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_proto::delivery::v1 as pb;
use keyshop_proto::delivery::v1::delivery_service_server::DeliveryService as DeliveryApi;
use tonic::{Request, Response, Status};

use crate::domain::import::{KeyLine, parse_file};
use crate::domain::reservation::{HoldState, KeyStatus, LineRequest};
use crate::service::{Allocation, DeliveryService, KeyView, ReservationView, StockPage, Viewer};
use crate::store::stock::StaffStockRow;

pub struct DeliveryGrpc {
    pub service: Arc<DeliveryService>,
}

type Answer<T> = Result<Response<T>, Status>;

fn ok<T>(message: T) -> Answer<T> {
    Ok(Response::new(message))
}

fn line_of(line: &LineRequest) -> pb::ReserveLine {
    pb::ReserveLine { line_no: line.line_no, sku: line.sku.clone(), quantity: line.quantity }
}

fn reservation_state(state: HoldState) -> pb::ReservationState {
    match state {
        HoldState::Held => pb::ReservationState::Held,
        HoldState::Released => pb::ReservationState::Released,
        HoldState::Allocated => pb::ReservationState::Allocated,
    }
}

fn reservation(view: ReservationView) -> pb::Reservation {
    pb::Reservation {
        lines: view.lines.iter().map(line_of).collect(),
        order_no: view.order_no,
        state: reservation_state(view.state) as i32,
        expires_at_ms: view.expires_at_ms,
    }
}

fn allocation(allocation: Allocation) -> pb::Allocation {
    pb::Allocation {
        complete: allocation.complete(),
        order_no: allocation.order_no,
        lines: allocation
            .lines
            .into_iter()
            .map(|line| pb::AllocatedLine {
                line_no: line.line_no,
                sku: line.sku,
                quantity: line.quantity,
                missing: line.missing,
            })
            .collect(),
    }
}

#[tonic::async_trait]
impl DeliveryApi for DeliveryGrpc {
    async fn import_keys(&self, request: Request<pb::ImportKeysRequest>) -> Answer<pb::ImportKeysResponse> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let lines = if request.text.is_empty() {
            request.keys.into_iter().map(|line| KeyLine { key: line.key, note: line.note }).collect()
        } else if request.keys.is_empty() {
            parse_file(&request.text, request.csv)
        } else {
            return Err(AppError::field("text", "api.field.invalid").into());
        };
        let report = self.service.import_keys_by(request.sku, lines, Some(actor)).await?;
        ok(pb::ImportKeysResponse {
            imported: report.imported,
            duplicates: report.duplicates,
            invalid: report.invalid,
            available: report.available,
            invalid_lines: report.invalid_lines,
        })
    }

    async fn staff_list_stock(&self, request: Request<pb::StaffStockQuery>) -> Answer<pb::StaffStockPage> {
        let query = request.into_inner();
        let page = self.service.staff_stock(&query.sku, query.low_only, query.page, query.limit).await?;
        ok(stock_page(page))
    }

    async fn staff_low_stock(&self, request: Request<pb::StaffLowStockRequest>) -> Answer<pb::StaffStockPage> {
        ok(stock_page(self.service.low_stock(request.into_inner().limit).await?))
    }

    async fn set_stock_threshold(&self, request: Request<pb::StockThreshold>) -> Answer<pb::StaffStock> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let change = request.into_inner();
        ok(staff_stock(self.service.set_threshold(&change.sku, change.threshold, change.version, actor).await?))
    }

    async fn staff_list_keys(&self, request: Request<pb::StaffKeysQuery>) -> Answer<pb::StaffKeyPage> {
        let query = request.into_inner();
        let status = match query.status.as_str() {
            "" => None,
            code => Some(KeyStatus::parse(code).ok_or_else(|| AppError::field("status", "api.field.invalid"))?),
        };
        let (rows, total, paging) = self.service.staff_keys(&query.sku, status, query.page, query.limit).await?;
        ok(pb::StaffKeyPage {
            rows: rows.into_iter().map(staff_key).collect(),
            total,
            page: i64::from(paging.page),
            limit: i64::from(paging.limit),
        })
    }

    async fn staff_reveal_key(&self, request: Request<pb::StaffRevealKeyRequest>) -> Answer<pb::StaffRevealedKey> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let asked = request.into_inner();
        let (view, text) = self.service.staff_reveal_key(asked.id, &asked.reason, &staff).await?;
        ok(pb::StaffRevealedKey { key: Some(staff_key(view)), text })
    }

    async fn get_stock(&self, request: Request<pb::StockRequest>) -> Answer<pb::StockList> {
        let rows = self.service.stock(request.into_inner().skus).await?;
        ok(pb::StockList {
            stock: rows
                .into_iter()
                .map(|row| pb::Stock { sku: row.sku, available: row.available, reserved: row.reserved, sold: row.sold })
                .collect(),
        })
    }

    async fn reserve(&self, request: Request<pb::ReserveRequest>) -> Answer<pb::Reservation> {
        let request = request.into_inner();
        let lines = request
            .lines
            .into_iter()
            .map(|line| LineRequest { line_no: line.line_no, sku: line.sku, quantity: line.quantity })
            .collect();
        ok(reservation(self.service.reserve(request.order_no, request.email, lines, request.hold_seconds).await?))
    }

    async fn release(&self, request: Request<pb::OrderRef>) -> Answer<pb::Reservation> {
        ok(reservation(self.service.release(request.into_inner().order_no).await?))
    }

    async fn allocate(&self, request: Request<pb::OrderRef>) -> Answer<pb::Allocation> {
        ok(allocation(self.service.allocate(request.into_inner().order_no).await?))
    }

    async fn reveal_keys(&self, request: Request<pb::RevealRequest>) -> Answer<pb::RevealedKeys> {
        let request = request.into_inner();
        let viewer = Viewer { actor: request.actor, ip: request.ip, user_agent: request.user_agent };
        let keys = self.service.reveal(request.order_no.clone(), viewer).await?;
        ok(pb::RevealedKeys {
            order_no: request.order_no,
            keys: keys
                .into_iter()
                .map(|key| pb::RevealedKey { line_no: key.line_no, sku: key.sku, key: key.key, note: key.note })
                .collect(),
        })
    }

    async fn list_reveals(&self, request: Request<pb::OrderRef>) -> Answer<pb::RevealLog> {
        let reveals = self.service.reveals(request.into_inner().order_no).await?;
        ok(pb::RevealLog {
            reveals: reveals
                .into_iter()
                .map(|entry| pb::Reveal {
                    at_ms: entry.at_ms,
                    actor: entry.actor,
                    ip: entry.ip,
                    browser: entry.browser,
                    os: entry.os,
                })
                .collect(),
        })
    }

    async fn get_delivery_record(&self, request: Request<pb::OrderRef>) -> Answer<pb::DeliveryRecord> {
        let Some(row) = self.service.delivery_record(request.into_inner().order_no).await? else {
            return ok(pb::DeliveryRecord::default());
        };
        ok(pb::DeliveryRecord {
            found: true,
            state: row.state.as_str().to_owned(),
            attempts: row.attempts,
            last_error: row.last_error,
            created_at_ms: row.created_at,
            sent_at_ms: row.sent_at.unwrap_or_default(),
            resent_at_ms: row.resent_at.unwrap_or_default(),
            next_attempt_at_ms: row.next_attempt_at,
        })
    }

    async fn resend_email(&self, request: Request<pb::OrderRef>) -> Answer<pb::Empty> {
        self.service.resend(request.into_inner().order_no).await?;
        ok(pb::Empty {})
    }
}

/// A product's stock as staff see it.
fn staff_stock(row: StaffStockRow) -> pb::StaffStock {
    pb::StaffStock {
        low: row.available <= row.low_threshold,
        sku: row.sku,
        available: row.available,
        reserved: row.reserved,
        sold: row.sold,
        threshold: row.low_threshold,
        version: row.threshold_version,
    }
}

fn stock_page(page: StockPage) -> pb::StaffStockPage {
    pb::StaffStockPage {
        rows: page.rows.into_iter().map(staff_stock).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }
}

fn staff_key(view: KeyView) -> pb::StaffKey {
    pb::StaffKey {
        id: view.id,
        sku: view.sku,
        masked: view.masked,
        status: view.status.as_str().to_owned(),
        order_no: view.order_no.unwrap_or_default(),
        imported_at_ms: view.imported_at,
        sold_at_ms: view.sold_at.unwrap_or_default(),
    }
}

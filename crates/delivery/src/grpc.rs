//! The tonic adapter: proto in, use case, proto out.

use std::sync::Arc;

use keyshop_proto::delivery::v1 as pb;
use keyshop_proto::delivery::v1::delivery_service_server::DeliveryService as DeliveryApi;
use tonic::{Request, Response, Status};

use crate::domain::import::KeyLine;
use crate::domain::reservation::{HoldState, LineRequest};
use crate::service::{Allocation, DeliveryService, ReservationView, Viewer};

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
        let lines = request.keys.into_iter().map(|line| KeyLine { key: line.key, note: line.note }).collect();
        let report = self.service.import_keys_by(request.sku, lines, Some(actor)).await?;
        ok(pb::ImportKeysResponse {
            imported: report.imported,
            duplicates: report.duplicates,
            invalid: report.invalid,
            available: report.available,
            invalid_lines: report.invalid_lines,
        })
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

    async fn resend_email(&self, request: Request<pb::OrderRef>) -> Answer<pb::Empty> {
        self.service.resend(request.into_inner().order_no).await?;
        ok(pb::Empty {})
    }
}

//! The tonic adapter: proto in, use case, proto out.

use std::collections::BTreeMap;
use std::sync::Arc;

use keyshop_proto::payment::v1 as pb;
use keyshop_proto::payment::v1::payment_service_server::PaymentService as PaymentApi;
use tonic::{Request, Response, Status};

use crate::domain::sandbox::CardForm;
use crate::service::{PaymentService, SessionRequest};
use crate::store::sessions::SessionRow;

pub struct PaymentGrpc {
    pub service: Arc<PaymentService>,
}

type Answer<T> = Result<Response<T>, Status>;

/// A session as answered at `now_ms`.
fn session(row: SessionRow, now_ms: i64) -> pb::Session {
    pb::Session {
        id: row.id,
        order_no: row.order_no,
        provider: row.provider,
        method: row.method,
        amount: row.amount,
        currency: row.currency,
        state: row.state,
        reason: row.reason,
        expires_at_ms: row.expires_at,
        paid_at_ms: row.paid_at.unwrap_or_default(),
        redirect_url: row.redirect_url,
        now_ms,
    }
}

impl PaymentGrpc {
    fn now(&self) -> i64 {
        self.service.clock().now_ms()
    }
}

#[tonic::async_trait]
impl PaymentApi for PaymentGrpc {
    async fn list_methods(&self, request: Request<pb::ListMethodsRequest>) -> Answer<pb::MethodList> {
        let methods = self.service.methods(request.into_inner().currency).await?;
        Ok(Response::new(pb::MethodList {
            methods: methods
                .into_iter()
                .map(|method| pb::Method {
                    code: method.code,
                    provider: method.provider,
                    fee_basis_points: method.fee_basis_points,
                    fee_fixed_usd: method.fee_fixed_usd,
                })
                .collect(),
        }))
    }

    async fn open_session(&self, request: Request<pb::OpenSessionRequest>) -> Answer<pb::Session> {
        let request = request.into_inner();
        let row = self
            .service
            .open_session(SessionRequest {
                order_no: request.order_no,
                method: request.method,
                amount: request.amount,
                currency: request.currency,
            })
            .await?;
        Ok(Response::new(session(row, self.now())))
    }

    async fn get_session(&self, request: Request<pb::SessionRef>) -> Answer<pb::Session> {
        Ok(Response::new(session(self.service.session(request.into_inner().id).await?, self.now())))
    }

    async fn cancel_session(&self, request: Request<pb::SessionRef>) -> Answer<pb::Session> {
        Ok(Response::new(session(self.service.cancel(request.into_inner().id).await?, self.now())))
    }

    async fn capture_session(&self, request: Request<pb::SessionRef>) -> Answer<pb::Session> {
        Ok(Response::new(session(self.service.capture(request.into_inner().id).await?, self.now())))
    }

    async fn sandbox_charge(&self, request: Request<pb::SandboxChargeRequest>) -> Answer<pb::Session> {
        let request = request.into_inner();
        let card = CardForm { number: request.number, expiry: request.expiry, cvc: request.cvc };
        Ok(Response::new(session(self.service.sandbox_charge(request.session_id, card).await?, self.now())))
    }

    async fn receive_webhook(&self, request: Request<pb::WebhookRequest>) -> Answer<pb::WebhookAck> {
        let request = request.into_inner();
        let mut headers: BTreeMap<String, String> =
            request.headers.into_iter().map(|(name, value)| (name.to_ascii_lowercase(), value)).collect();
        // Callers that pass only the signature: it goes under the provider's header.
        if !request.signature.is_empty() {
            let name = match request.provider.as_str() {
                "stripe" => crate::providers::stripe::SIGNATURE_HEADER,
                "paypal" => "paypal-transmission-sig",
                _ => crate::providers::sandbox::SIGNATURE_HEADER,
            };
            headers.entry(name.to_owned()).or_insert(request.signature);
        }
        let outcome = self.service.receive_webhook(&request.provider, &headers, &request.body).await?;
        Ok(Response::new(pb::WebhookAck { outcome: outcome.as_str().to_owned() }))
    }

    async fn refund_payment(&self, request: Request<pb::RefundRequest>) -> Answer<pb::Refund> {
        let refund = self.service.refund(request.into_inner().order_no).await?;
        Ok(Response::new(pb::Refund {
            order_no: refund.order_no,
            session_id: refund.session_id,
            amount: refund.amount,
            currency: refund.currency,
            refunded_at_ms: refund.created_at,
        }))
    }
}

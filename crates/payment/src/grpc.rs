//! The tonic adapter: proto in (parsed into the service's types: a field
//! error or NOT_FOUND for what is not one), use case, proto out.

use std::collections::BTreeMap;
use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::ids::{OrderNo, SessionId};
use keyshop_core::vocab::PaymentProvider;
use keyshop_proto::payment::v1 as pb;
use keyshop_proto::payment::v1::payment_service_server::PaymentService as PaymentApi;
use tonic::{Request, Response, Status};

use crate::domain::methods::{CurrencyFee, Method, MethodEdit};
use crate::domain::refund::Refund;
use crate::domain::sandbox::CardForm;
use crate::domain::session::PaymentSession;
use crate::service::{Attempt, PaymentService, SessionRequest};

pub struct PaymentGrpc {
    pub service: Arc<PaymentService>,
}

type Answer<T> = Result<Response<T>, Status>;

/// A session as answered at `now_ms`.
fn session(session: PaymentSession, now_ms: i64) -> pb::Session {
    pb::Session {
        id: session.id.into_string(),
        order_no: session.order_no.into_string(),
        provider: session.provider.to_proto(),
        method: session.method,
        amount: session.amount.minor,
        currency: session.amount.currency.to_string(),
        state: session.state.to_proto(),
        reason: session.reason,
        expires_at_ms: session.expires_at_ms,
        paid_at_ms: session.paid_at_ms.unwrap_or_default(),
        redirect_url: session.redirect_url,
        now_ms,
    }
}

fn attempt(attempt: Attempt) -> pb::PaymentAttempt {
    let session = attempt.session;
    pb::PaymentAttempt {
        session_id: session.id.into_string(),
        provider: session.provider.to_proto(),
        method: session.method,
        amount: session.amount,
        currency: session.currency.to_string(),
        state: session.state.to_proto(),
        reason: session.reason,
        created_at_ms: session.created_at,
        paid_at_ms: session.paid_at.unwrap_or_default(),
        refunded_at_ms: attempt.refunded_at.unwrap_or_default(),
        events: attempt
            .events
            .into_iter()
            .map(|(outcome, received_at_ms)| pb::PaymentEvent { outcome, received_at_ms })
            .collect(),
    }
}

fn refund(refund: Refund) -> pb::Refund {
    pb::Refund {
        order_no: refund.order_no.into_string(),
        session_id: refund.session_id.into_string(),
        provider: refund.provider.to_proto(),
        amount: refund.amount.minor,
        currency: refund.amount.currency.to_string(),
        refunded_at_ms: refund.refunded_at_ms,
    }
}

/// A session id from a caller: an id that cannot exist is no session.
fn session_id(id: &str) -> Result<SessionId, AppError> {
    SessionId::parse(id).ok_or_else(|| AppError::not_found("api.error.notFound"))
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
                    provider: method.provider.to_proto(),
                    fee_basis_points: method.fee_basis_points,
                    fee_fixed_usd: method.fee_fixed_usd,
                })
                .collect(),
        }))
    }

    async fn open_session(&self, request: Request<pb::OpenSessionRequest>) -> Answer<pb::Session> {
        let request = request.into_inner();
        let checked = SessionRequest::parse(&request.order_no, &request.method, request.amount, &request.currency)?;
        let opened = self.service.open_session(checked).await?;
        Ok(Response::new(session(opened, self.now())))
    }

    async fn get_session(&self, request: Request<pb::SessionRef>) -> Answer<pb::Session> {
        let id = session_id(&request.into_inner().id)?;
        Ok(Response::new(session(self.service.session(id).await?, self.now())))
    }

    async fn cancel_session(&self, request: Request<pb::SessionRef>) -> Answer<pb::Session> {
        let id = session_id(&request.into_inner().id)?;
        Ok(Response::new(session(self.service.cancel(id).await?, self.now())))
    }

    async fn capture_session(&self, request: Request<pb::SessionRef>) -> Answer<pb::Session> {
        let id = session_id(&request.into_inner().id)?;
        Ok(Response::new(session(self.service.capture(id).await?, self.now())))
    }

    async fn sandbox_charge(&self, request: Request<pb::SandboxChargeRequest>) -> Answer<pb::Session> {
        let request = request.into_inner();
        let id = session_id(&request.session_id)?;
        let card = CardForm { number: request.number, expiry: request.expiry, cvc: request.cvc };
        Ok(Response::new(session(self.service.sandbox_charge(id, card).await?, self.now())))
    }

    async fn receive_webhook(&self, request: Request<pb::WebhookRequest>) -> Answer<pb::WebhookAck> {
        let request = request.into_inner();
        let provider =
            PaymentProvider::from_proto(request.provider).map_err(|_| AppError::not_found("api.error.notFound"))?;
        let mut headers: BTreeMap<String, String> =
            request.headers.into_iter().map(|(name, value)| (name.to_ascii_lowercase(), value)).collect();
        // Callers that pass only the signature: it goes under the provider's header.
        if !request.signature.is_empty() {
            let name = match provider {
                PaymentProvider::Stripe => crate::providers::stripe::SIGNATURE_HEADER,
                PaymentProvider::Paypal => "paypal-transmission-sig",
                PaymentProvider::Sandbox => crate::providers::sandbox::SIGNATURE_HEADER,
            };
            headers.entry(name.to_owned()).or_insert(request.signature);
        }
        let outcome = self.service.receive_webhook(provider, &headers, &request.body).await?;
        Ok(Response::new(pb::WebhookAck { outcome: outcome.as_str().to_owned() }))
    }

    async fn list_order_payments(&self, request: Request<pb::OrderPaymentsRequest>) -> Answer<pb::OrderPayments> {
        let order_no = request.into_inner().order_no;
        let order_no = OrderNo::parse(&order_no).ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        let attempts = self.service.order_history(order_no).await?;
        Ok(Response::new(pb::OrderPayments { attempts: attempts.into_iter().map(attempt).collect() }))
    }

    async fn refund_payment(&self, request: Request<pb::RefundRequest>) -> Answer<pb::Refund> {
        let order_no = request.into_inner().order_no;
        let order_no = OrderNo::parse(&order_no).ok_or_else(|| AppError::field("orderNo", "api.error.validation"))?;
        Ok(Response::new(refund(self.service.refund(order_no).await?)))
    }

    async fn staff_list_methods(&self, _request: Request<pb::StaffListMethodsRequest>) -> Answer<pb::StaffMethodList> {
        let ready = self.service.provider_names();
        let methods = self.service.staff_methods().await?;
        Ok(Response::new(pb::StaffMethodList {
            methods: methods.into_iter().map(|method| staff_method(method, &ready)).collect(),
        }))
    }

    async fn staff_save_method(&self, request: Request<pb::StaffSaveMethodRequest>) -> Answer<pb::StaffMethod> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let edit = MethodEdit {
            enabled: request.enabled,
            currencies: request.currencies,
            fee_basis_points: request.fee_basis_points,
            fee_fixed_usd: request.fee_fixed_usd,
            fees: request
                .fees
                .into_iter()
                .map(|fee| CurrencyFee {
                    currency: fee.currency,
                    fee_basis_points: fee.fee_basis_points,
                    fee_fixed_usd: fee.fee_fixed_usd,
                })
                .collect(),
        };
        let saved = self.service.save_method(&request.code, request.version, edit, actor).await?;
        Ok(Response::new(staff_method(saved, &self.service.provider_names())))
    }
}

fn staff_method(method: Method, ready: &[PaymentProvider]) -> pb::StaffMethod {
    pb::StaffMethod {
        provider_ready: ready.contains(&method.provider),
        code: method.code,
        provider: method.provider.to_proto(),
        currencies: method.currencies,
        fee_basis_points: method.fee_basis_points,
        fee_fixed_usd: method.fee_fixed_usd,
        enabled: method.enabled,
        version: method.version,
        fees: method
            .fees
            .into_iter()
            .map(|fee| pb::CurrencyFee {
                currency: fee.currency,
                fee_basis_points: fee.fee_basis_points,
                fee_fixed_usd: fee.fee_fixed_usd,
            })
            .collect(),
    }
}

//! Payment sessions: opened once per attempt, cancelled by the buyer,
//! expired after the window.

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::ids::SessionId;
use keyshop_core::vocab::PaymentState;

use super::{PaymentService, SessionRequest};
use crate::domain::methods;
use crate::domain::session::PaymentSession;
use crate::store;
use crate::store::sessions::NewSession;

/// Sessions expired per pass.
const EXPIRY_BATCH: i64 = 100;

/// What opening a session found.
enum Opened {
    /// The open session already made for the same attempt.
    Existing(PaymentSession),
    /// A new session, whose checkout the provider opens next.
    New(PaymentSession),
}

impl PaymentService {
    /// A session to pay `request`, or the open one already made for the same
    /// order, method and amount (a retried call creates nothing new).
    pub async fn open_session(&self, request: SessionRequest) -> Result<PaymentSession, AppError> {
        let window_ms = i64::try_from(self.window.as_millis()).unwrap_or(i64::MAX);
        let now = self.clock.now_ms();
        let id = SessionId::parse(&format!("ps_{}", uuid::Uuid::new_v4().simple()))
            .ok_or_else(|| AppError::internal("a session id out of shape"))?;
        let providers = self.providers.names();
        let opened = self
            .db
            .write(move |conn| -> Result<Opened, AppError> {
                // The method as it stands when the session is made, read in the same transaction.
                let method =
                    methods::on_offer(&store::methods::all(conn)?, &providers, request.amount.currency.as_str())
                        .into_iter()
                        .find(|method| method.code == request.method)
                        .ok_or_else(|| AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"))?;
                let sessions = store::sessions::of_order(conn, &request.order_no)?;
                if sessions.iter().any(|session| session.state == PaymentState::Succeeded) {
                    return Err(AppError::new(ErrorCode::Conflict, "api.payment.alreadyPaid"));
                }
                if let Some(open) = sessions.into_iter().find(|session| {
                    session.payable_at(now)
                        && session.method == method.code
                        && session.amount == request.amount
                        && !session.redirect_url.is_empty()
                }) {
                    return Ok(Opened::Existing(open));
                }
                let session = NewSession {
                    id,
                    order_no: request.order_no,
                    provider: method.provider,
                    method: method.code,
                    amount: request.amount,
                    expires_at_ms: now.saturating_add(window_ms),
                    now_ms: now,
                };
                Ok(Opened::New(store::sessions::insert(conn, session)?))
            })
            .await?;
        let session = match opened {
            Opened::Existing(session) => return Ok(session),
            Opened::New(session) => session,
        };
        // The provider's checkout, outside any transaction: a provider that
        // cannot open one ends the attempt (the buyer may try again).
        match self.provider(session.provider)?.start(&self.checkout_request(&session)).await {
            Ok(checkout) => {
                let (id, provider_ref, redirect_url) =
                    (session.id.clone(), checkout.provider_ref, checkout.redirect_url);
                let (checkout_ref, url) = (provider_ref.clone(), redirect_url.clone());
                self.db
                    .write_one(move |conn| {
                        Ok::<_, AppError>(store::sessions::set_checkout(conn, &id, &checkout_ref, &url)?)
                    })
                    .await?;
                // The session as that write left it: nothing else changes an open session's
                // checkout, so it is not read back.
                Ok(PaymentSession { provider_ref, redirect_url, ..session })
            }
            Err(error) => {
                tracing::warn!(session = %session.id, error = %error, "the provider did not open a checkout");
                self.move_to(session.id.clone(), PaymentState::Failed, "provider_unavailable", self.clock.now_ms())
                    .await?;
                Err(error.into())
            }
        }
    }

    /// The buyer left the provider's page: the provider's checkout is closed
    /// (so it cannot be paid later) and the session ends; a new one pays again.
    pub async fn cancel(&self, id: SessionId) -> Result<PaymentSession, AppError> {
        let session = self.session(id.clone()).await?;
        if session.state == PaymentState::Open {
            self.provider(session.provider)?.close(&session).await?;
        }
        self.move_to(id, PaymentState::Cancelled, "cancelled by the buyer", self.clock.now_ms()).await?;
        self.session(session.id).await
    }

    /// Moves session `id` to `to` when its state allows; whether it moved.
    pub(super) async fn move_to(
        &self,
        id: SessionId,
        to: PaymentState,
        reason: &'static str,
        now: i64,
    ) -> Result<bool, AppError> {
        self.db.write(move |conn| Ok::<_, AppError>(store::sessions::transition(conn, &id, to, reason, now)?)).await
    }

    /// Expires the open sessions whose window closed before `now`; how many.
    pub async fn expire_due(&self, now: i64) -> Result<usize, AppError> {
        let due = self
            .db
            .run(move |conn| Ok::<_, AppError>(store::sessions::due_to_expire(conn, now, EXPIRY_BATCH)?))
            .await?;
        let mut expired = 0;
        for id in due {
            expired += usize::from(self.move_to(id, PaymentState::Expired, "", now).await?);
        }
        Ok(expired)
    }
}

//! The check every service's gRPC server runs before a handler: the caller's
//! assertion verified, the method's access checked, the verified caller put
//! in the request's extensions ([`super::caller`]).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use super::access::{self, Refusal};
use super::{HEADER, Verifier};

/// The one service a gRPC server answers without an assertion: the probes of
/// Kubernetes cannot sign, and it tells nothing but "serving".
const HEALTH: &str = "/grpc.health.v1.Health/";

/// Checks the identity of every call (`Server::builder().layer(IdentityLayer::new(verifier))`).
#[derive(Debug, Clone)]
pub struct IdentityLayer {
    verifier: Verifier,
}

impl IdentityLayer {
    pub fn new(verifier: Verifier) -> IdentityLayer {
        IdentityLayer { verifier }
    }
}

impl<S> tower::Layer<S> for IdentityLayer {
    type Service = Identified<S>;

    fn layer(&self, inner: S) -> Identified<S> {
        Identified { inner, verifier: self.verifier.clone() }
    }
}

#[derive(Debug, Clone)]
pub struct Identified<S> {
    inner: S,
    verifier: Verifier,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl<S, B, R> tower::Service<http::Request<B>> for Identified<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<R>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    R: Default + Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = BoxFuture<Result<S::Response, S::Error>>;

    fn poll_ready(&mut self, context: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(context)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        let path = request.uri().path();
        if path.starts_with(HEALTH) {
            return Box::pin(self.inner.call(request));
        }
        match self.admit(&request) {
            Ok(caller) => {
                request.extensions_mut().insert(caller);
                Box::pin(self.inner.call(request))
            }
            Err(status) => {
                tracing::warn!(path = %path, refused = %status.message(), "a gRPC call was refused");
                let response = status.into_http::<R>();
                Box::pin(async move { Ok(response) })
            }
        }
    }
}

impl<S> Identified<S> {
    fn admit<B>(&self, request: &http::Request<B>) -> Result<super::Caller, tonic::Status> {
        let token = request.headers().get(HEADER).and_then(|value| value.to_str().ok());
        let caller = self.verifier.verify(token).map_err(|error| tonic::Status::unauthenticated(error.to_string()))?;
        let access = access::access_of(request.uri().path());
        let role = caller.staff.as_ref().map(|staff| staff.role);
        match access::check(access, caller.party, role) {
            Ok(()) => Ok(caller),
            Err(Refusal::Missing(permission)) => {
                Err(tonic::Status::permission_denied(format!("the role lacks the permission {permission}")))
            }
            Err(Refusal::NotStaff) => Err(tonic::Status::permission_denied("a member of staff is required")),
            Err(Refusal::WrongParty) => {
                Err(tonic::Status::permission_denied(format!("{} may not call this method", caller.party)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use tower::{Layer, Service};

    use super::*;
    use crate::grpc::metered::code_of;
    use crate::identity::{Caller, Keyring, Party, StaffClaim, StaffRole};

    async fn call(keyring: &Keyring, path: &str, token: Option<String>) -> (tonic::Code, String) {
        let handler = tower::service_fn(|request: http::Request<()>| async move {
            let caller = request.extensions().get::<Caller>().cloned();
            Ok::<_, std::convert::Infallible>(http::Response::new(format!("{caller:?}")))
        });
        let mut server = IdentityLayer::new(keyring.verifier(Party::Order)).layer(handler);
        let mut builder = http::Request::builder().uri(path);
        if let Some(token) = token {
            builder = builder.header(HEADER, token);
        }
        let answer = server.call(builder.body(()).unwrap()).await.unwrap();
        (code_of(answer.headers()), answer.into_body())
    }

    #[tokio::test]
    async fn calls_without_a_valid_assertion_are_unauthenticated_but_health() {
        let keyring = Keyring::generate();
        let path = "/keyshop.order.v1.OrderService/GetOrder";
        assert_eq!(call(&keyring, path, None).await.0, tonic::Code::Unauthenticated);
        let stranger = Keyring::generate().signer(Party::Gateway).unwrap().assertion(Party::Order, None);
        assert_eq!(call(&keyring, path, Some(stranger)).await.0, tonic::Code::Unauthenticated);
        let genuine = keyring.signer(Party::Gateway).unwrap().assertion(Party::Order, None);
        assert_eq!(call(&keyring, path, Some(genuine)).await.0, tonic::Code::Ok);
        assert_eq!(call(&keyring, "/grpc.health.v1.Health/Check", None).await.0, tonic::Code::Ok);
    }

    #[tokio::test]
    async fn a_staff_method_needs_the_role_and_the_caller_reaches_the_handler() {
        let keyring = Keyring::generate();
        let gateway = keyring.signer(Party::Gateway).unwrap();
        let path = "/keyshop.order.v1.OrderService/DecideRefund";
        let as_role = |role| StaffClaim { id: "1".into(), email: "s@x.example".into(), role, ip: "192.0.2.9".into() };
        let support = gateway.assertion(Party::Order, Some(&as_role(StaffRole::Support)));
        assert_eq!(call(&keyring, path, Some(support)).await.0, tonic::Code::PermissionDenied);
        let service = gateway.assertion(Party::Order, None);
        assert_eq!(call(&keyring, path, Some(service)).await.0, tonic::Code::PermissionDenied);
        let finance = gateway.assertion(Party::Order, Some(&as_role(StaffRole::Finance)));
        let (code, seen) = call(&keyring, path, Some(finance)).await;
        assert_eq!(code, tonic::Code::Ok);
        assert!(seen.contains("Gateway") && seen.contains("Finance"), "{seen}");
    }
}

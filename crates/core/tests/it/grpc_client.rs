//! The balanced gRPC client against real gRPC servers on loopback: calls go
//! round the replicas, skip a dead one, retry an idempotent call that met an
//! unavailable replica (and only an idempotent one), and follow a change of
//! the replica set. The servers are small payment services that count their
//! calls: `ListMethods` is declared NO_SIDE_EFFECTS, `SandboxCharge` is not.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use keyshop_core::grpc::Balanced;
use keyshop_proto::payment::v1 as pb;
use pb::payment_service_client::PaymentServiceClient;
use pb::payment_service_server::{PaymentService, PaymentServiceServer};
use tonic::{Request, Response, Status};

/// A replica: counts the calls it gets, and answers them UNAVAILABLE when
/// told to (a replica shutting down).
#[derive(Clone, Default)]
struct Replica {
    calls: Arc<AtomicUsize>,
    unavailable: bool,
}

impl Replica {
    fn answer<T: Default>(&self) -> Result<Response<T>, Status> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        if self.unavailable { Err(Status::unavailable("shutting down")) } else { Ok(Response::new(T::default())) }
    }

    fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

#[tonic::async_trait]
impl PaymentService for Replica {
    async fn list_methods(&self, _: Request<pb::ListMethodsRequest>) -> Result<Response<pb::MethodList>, Status> {
        self.answer()
    }
    async fn sandbox_charge(&self, _: Request<pb::SandboxChargeRequest>) -> Result<Response<pb::Session>, Status> {
        self.answer()
    }
    async fn open_session(&self, _: Request<pb::OpenSessionRequest>) -> Result<Response<pb::Session>, Status> {
        self.answer()
    }
    async fn get_session(&self, _: Request<pb::SessionRef>) -> Result<Response<pb::Session>, Status> {
        self.answer()
    }
    async fn cancel_session(&self, _: Request<pb::SessionRef>) -> Result<Response<pb::Session>, Status> {
        self.answer()
    }
    async fn capture_session(&self, _: Request<pb::SessionRef>) -> Result<Response<pb::Session>, Status> {
        self.answer()
    }
    async fn receive_webhook(&self, _: Request<pb::WebhookRequest>) -> Result<Response<pb::WebhookAck>, Status> {
        self.answer()
    }
    async fn refund_payment(&self, _: Request<pb::RefundRequest>) -> Result<Response<pb::Refund>, Status> {
        self.answer()
    }
    async fn list_order_payments(
        &self,
        _: Request<pb::OrderPaymentsRequest>,
    ) -> Result<Response<pb::OrderPayments>, Status> {
        self.answer()
    }
    async fn staff_list_methods(
        &self,
        _: Request<pb::StaffListMethodsRequest>,
    ) -> Result<Response<pb::StaffMethodList>, Status> {
        self.answer()
    }
    async fn staff_save_method(
        &self,
        _: Request<pb::StaffSaveMethodRequest>,
    ) -> Result<Response<pb::StaffMethod>, Status> {
        self.answer()
    }
}

/// Serves `replica` on a free loopback port; its address.
async fn serve(replica: Replica) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(PaymentServiceServer::new(replica))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    address
}

/// An address where nothing listens (a replica that died).
fn dead_address() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap()
}

fn client_of(addresses: &[SocketAddr]) -> (Balanced, PaymentServiceClient<Balanced>) {
    let url = format!("http://{}", addresses.iter().map(ToString::to_string).collect::<Vec<_>>().join(","));
    let balanced = Balanced::new("payment", &url).unwrap();
    (balanced.clone(), PaymentServiceClient::new(balanced))
}

async fn list(client: &mut PaymentServiceClient<Balanced>) -> Result<(), Status> {
    client.list_methods(pb::ListMethodsRequest::default()).await.map(|_| ())
}

async fn charge(client: &mut PaymentServiceClient<Balanced>) -> Result<(), Status> {
    client.sandbox_charge(pb::SandboxChargeRequest::default()).await.map(|_| ())
}

#[tokio::test]
async fn calls_go_round_the_replicas() {
    let (first, second) = (Replica::default(), Replica::default());
    let addresses = [serve(first.clone()).await, serve(second.clone()).await];
    let (_, mut client) = client_of(&addresses);
    for _ in 0..5 {
        list(&mut client).await.unwrap();
        charge(&mut client).await.unwrap();
    }
    assert_eq!((first.calls(), second.calls()), (5, 5));
}

#[tokio::test]
async fn a_dead_replica_is_passed_over_even_by_calls_that_are_not_retried() {
    let live = Replica::default();
    let (_, mut client) = client_of(&[dead_address(), serve(live.clone()).await]);
    for _ in 0..4 {
        // The refused connection never carried the call: safe to send elsewhere.
        charge(&mut client).await.unwrap();
        list(&mut client).await.unwrap();
    }
    assert_eq!(live.calls(), 8);
}

#[tokio::test]
async fn an_unavailable_answer_is_retried_elsewhere_only_for_an_idempotent_call() {
    let leaving = Replica { unavailable: true, ..Replica::default() };
    let staying = Replica::default();
    let (_, mut client) = client_of(&[serve(leaving.clone()).await, serve(staying.clone()).await]);

    // The first call meets the leaving replica, which answers UNAVAILABLE:
    // a read is tried again on the other.
    list(&mut client).await.unwrap();
    assert_eq!((leaving.calls(), staying.calls()), (1, 1));

    // The leaving replica now rests: calls go to the other one.
    for _ in 0..3 {
        charge(&mut client).await.unwrap();
    }
    assert_eq!((leaving.calls(), staying.calls()), (1, 4));
}

#[tokio::test]
async fn a_call_that_is_not_idempotent_is_not_repeated() {
    let leaving = Replica { unavailable: true, ..Replica::default() };
    let (_, mut client) = client_of(&[serve(leaving.clone()).await]);
    let refused = charge(&mut client).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::Unavailable);
    assert_eq!(leaving.calls(), 1, "a charge is never sent twice");

    // A read is tried three times in all, then the caller hears UNAVAILABLE.
    let refused = list(&mut client).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::Unavailable);
    assert_eq!(leaving.calls(), 4);
}

#[tokio::test]
async fn calls_follow_a_change_of_the_replicas() {
    let (old, new) = (Replica::default(), Replica::default());
    let (old_address, new_address) = (serve(old.clone()).await, serve(new.clone()).await);
    let (balanced, mut client) = client_of(&[old_address]);
    list(&mut client).await.unwrap();
    balanced.update(&[new_address]);
    assert_eq!(balanced.addresses(), vec![new_address]);
    for _ in 0..3 {
        list(&mut client).await.unwrap();
    }
    assert_eq!((old.calls(), new.calls()), (1, 3));
}

#[tokio::test]
async fn a_name_is_resolved_to_its_replicas() {
    let replica = Replica::default();
    let address = serve(replica.clone()).await;
    // `localhost` may also name ::1, where nothing listens: that connection
    // is refused and the call goes to 127.0.0.1.
    let balanced = Balanced::new("payment", &format!("http://localhost:{}", address.port())).unwrap();
    let mut client = PaymentServiceClient::new(balanced.clone());
    for _ in 0..3 {
        charge(&mut client).await.unwrap();
    }
    assert_eq!(replica.calls(), 3);
    assert!(balanced.addresses().contains(&address), "{:?}", balanced.addresses());
}

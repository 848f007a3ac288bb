//! The payment service as other services call it: real gRPC, on SQLite and
//! PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_core::vocab::PaymentState;
use std::time::Duration;

use keyshop_core::config::{Config, RawConfig};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::identity::Party;
use keyshop_core::platform::Platform;
use keyshop_core::shutdown;
use keyshop_payment::Payment;
use keyshop_payment::store::MIGRATIONS;
use keyshop_proto::payment::v1 as pb;
use keyshop_proto::payment::v1::payment_service_client::PaymentServiceClient;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;
use keyshop_testkit::identity::Asserting;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

backend_test!(sessions_are_opened_read_and_cancelled_over_grpc, &MIGRATIONS, |test_db: TestDb| async move {
    let data = tempfile::tempdir().unwrap();
    let raw = RawConfig {
        data_dir: Some(data.path().display().to_string()),
        payment_database_url: Some(test_db.url.clone()),
        payment_providers: Some("sandbox".to_owned()),
        allow_sandbox: Some(true),
        ..RawConfig::default()
    };
    let config = Config::from_raw(raw).unwrap();
    let mut platform = Platform::from_config(&config).unwrap();
    platform.identity = keyshop_core::identity::Keyring::generate();
    let (trigger, stop) = shutdown::channel();
    let payment = Payment::build(&config, &platform).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(payment.serve(listener, stop));
    let channel = Channel::from_shared(format!("http://{address}"))
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .unwrap();
    // Sessions are opened by the order service.
    let signer = platform.identity.signer(Party::Order).unwrap();
    let as_order = Asserting { signer, audience: Party::Payment, staff: None };
    let mut client = PaymentServiceClient::new(InterceptedService::new(channel, as_order));

    let methods =
        client.list_methods(pb::ListMethodsRequest { currency: "EUR".to_owned() }).await.unwrap().into_inner();
    let codes: Vec<_> = methods.methods.iter().map(|method| method.code.as_str()).collect();
    assert_eq!(codes, ["sandbox-card"], "only the sandbox is enabled by default");

    let open = |method: &str| pb::OpenSessionRequest {
        order_no: "KS1".to_owned(),
        method: method.to_owned(),
        amount: 1839,
        currency: "EUR".to_owned(),
    };
    let session = client.open_session(open("sandbox-card")).await.unwrap().into_inner();
    assert_eq!((session.state, session.amount, session.paid_at_ms), (PaymentState::Open.to_proto(), 1839, 0));
    let window = session.expires_at_ms - session.now_ms;
    assert!((14 * 60_000..=15 * 60_000).contains(&window), "the 15-minute payment window: {window}");
    let unavailable = AppError::from_status(&client.open_session(open("paypal")).await.unwrap_err());
    assert_eq!(
        (unavailable.code, unavailable.msg_key.as_str()),
        (ErrorCode::BusinessRule, "api.order.methodUnavailable")
    );

    let read = client.get_session(pb::SessionRef { id: session.id.clone() }).await.unwrap().into_inner();
    assert!(read.now_ms >= session.now_ms, "each answer carries the service's clock");
    assert_eq!(pb::Session { now_ms: 0, ..read }, pb::Session { now_ms: 0, ..session.clone() });
    let cancelled = client.cancel_session(pb::SessionRef { id: session.id.clone() }).await.unwrap().into_inner();
    assert_eq!(cancelled.state, PaymentState::Cancelled.to_proto());
    let again = client.open_session(open("sandbox-card")).await.unwrap().into_inner();
    assert_ne!(again.id, session.id, "paying again opens a new session");
    let missing =
        AppError::from_status(&client.get_session(pb::SessionRef { id: "ps_nope".to_owned() }).await.unwrap_err());
    assert_eq!(missing.code, ErrorCode::NotFound);
    trigger.trigger();
});

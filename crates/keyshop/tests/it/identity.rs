//! Every service checks who calls it, on its own port and in process: a
//! call without a valid identity assertion, and a staff method called for a
//! role without the permission (or by a service that is not its step's), is
//! refused before any handler runs, and changes nothing.

use keyshop_core::config::ServiceName;
use keyshop_core::grpc::Balanced;
use keyshop_core::identity::access::GUARDED;
use keyshop_core::identity::{Access, Claims, HEADER, Keyring, Party, Permission, StaffRole, now_secs};
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_testkit::TestStore;
use keyshop_testkit::identity::staff;
use tonic::Code;
use tonic::metadata::MetadataValue;

/// The service a method path belongs to.
fn service_of(path: &str) -> ServiceName {
    let name = path.trim_start_matches("/keyshop.").split('.').next().unwrap();
    ServiceName::parse(name).unwrap_or_else(|| panic!("{path}: no service"))
}

/// Calls `path` with an empty message and `token` (if any) as the assertion,
/// over the service's socket and again in process, as the store's services
/// and its gateway call each other: both ways answer alike.
async fn call(store: &TestStore, path: &'static str, token: Option<String>) -> Code {
    let service = service_of(path);
    let socket = unary(store.raw_channel(service).await, path, token.clone()).await;
    let in_process = unary(Balanced::new("test", &store.grpc_url(service)).unwrap(), path, token).await;
    assert_eq!(socket, in_process, "{path}: over the socket and in process");
    socket
}

async fn unary<T>(transport: T, path: &'static str, token: Option<String>) -> Code
where
    T: tonic::client::GrpcService<tonic::body::Body, ResponseBody = tonic::body::Body>,
    T::Error: std::fmt::Debug,
{
    let mut grpc = tonic::client::Grpc::new(transport);
    grpc.ready().await.unwrap();
    let mut request = tonic::Request::new(());
    if let Some(token) = token {
        request.metadata_mut().insert(HEADER, MetadataValue::try_from(token.as_str()).unwrap());
    }
    let codec = tonic_prost::ProstCodec::<(), ()>::default();
    let path = http::uri::PathAndQuery::from_static(path);
    match grpc.unary(request, path, codec).await {
        Ok(_) => Code::Ok,
        Err(status) => status.code(),
    }
}

/// A role that lacks `permission`, unless every role has it (the dashboard).
fn lacking(permission: Permission) -> Option<StaffRole> {
    let role = StaffRole::ALL.iter().copied().find(|role| !role.may(permission));
    assert!(role.is_some() || permission == Permission::DashboardRead, "only the dashboard is every role's");
    role
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_guarded_method_refuses_a_missing_expired_foreign_or_insufficient_identity() {
    let store = TestStore::start().await;
    let gateway = store.identity.signer(Party::Gateway).unwrap();
    let stranger = Keyring::generate().signer(Party::Gateway).unwrap();
    for (path, access) in GUARDED {
        let audience: Party = service_of(path).into();
        let finance = staff(StaffRole::Owner);
        assert_eq!(call(&store, path, None).await, Code::Unauthenticated, "{path} with no assertion");
        let now = now_secs();
        let expired = gateway.sign(&Claims {
            iss: Party::Gateway,
            aud: audience,
            iat: now - 600,
            exp: now - 120,
            staff: Some(finance.clone()),
        });
        assert_eq!(call(&store, path, Some(expired)).await, Code::Unauthenticated, "{path} expired");
        let forged = stranger.assertion(audience, Some(&finance));
        assert_eq!(call(&store, path, Some(forged)).await, Code::Unauthenticated, "{path} signed by another key");
        let elsewhere = gateway.assertion(if audience == Party::Order { Party::Payment } else { Party::Order }, None);
        assert_eq!(call(&store, path, Some(elsewhere)).await, Code::Unauthenticated, "{path} for another service");
        match access {
            Access::Staff(permission) => {
                if let Some(role) = lacking(*permission) {
                    let weak = gateway.assertion(audience, Some(&staff(role)));
                    assert_eq!(
                        call(&store, path, Some(weak)).await,
                        Code::PermissionDenied,
                        "{path} without {permission}"
                    );
                }
                let no_staff = gateway.assertion(audience, None);
                assert_eq!(call(&store, path, Some(no_staff)).await, Code::PermissionDenied, "{path} with no staff");
                // A service cannot speak for staff: only the gateway's assertion counts.
                let service = store.identity.signer(Party::Order).unwrap().assertion(audience, Some(&finance));
                assert_eq!(call(&store, path, Some(service)).await, Code::PermissionDenied, "{path} staff via order");
            }
            Access::Parties(parties) => {
                let other = Party::ALL.into_iter().find(|party| !parties.contains(party)).unwrap();
                let token = store.identity.signer(other).unwrap().assertion(audience, Some(&finance));
                assert_eq!(call(&store, path, Some(token)).await, Code::PermissionDenied, "{path} from {other}");
            }
            Access::AnyParty => unreachable!("{path} is guarded"),
        }
    }
    // The other methods want an identity too; health alone answers without.
    for path in [
        "/keyshop.catalog.v1.CatalogService/GetProduct",
        "/keyshop.member.v1.MemberService/Login",
        "/keyshop.order.v1.OrderService/GetOrder",
        "/keyshop.payment.v1.PaymentService/ListMethods",
        "/keyshop.delivery.v1.DeliveryService/GetStock",
    ] {
        assert_eq!(call(&store, path, None).await, Code::Unauthenticated, "{path}");
    }
    let mut health = tonic_health::pb::health_client::HealthClient::new(store.raw_channel(ServiceName::Order).await);
    let answer = health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await;
    assert!(answer.is_ok(), "{answer:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_staff_call_changes_nothing_and_an_allowed_one_does() {
    let store = TestStore::with(keyshop_testkit::StoreOptions { demo_catalog: true, ..Default::default() }).await;
    let mut reader = CatalogServiceClient::new(store.channel(ServiceName::Catalog).await);
    let query = catalog::ProductQuery { page: 1, limit: 10, currency: "USD".to_owned(), ..Default::default() };
    let sku = reader.query_products(query).await.unwrap().into_inner().rows[0].sku.clone();
    let setting = catalog::Setting { key: "supportEmail".to_owned(), value: "forged@evil.example".to_owned() };
    let import = delivery::ImportKeysRequest {
        sku: sku.clone(),
        keys: vec![delivery::KeyLine { key: "FORGED-0000-KEY0".to_owned(), note: String::new() }],
        ..Default::default()
    };
    for role in [StaffRole::Support, StaffRole::Finance] {
        let mut catalog = CatalogServiceClient::new(store.staff_channel(ServiceName::Catalog, role).await);
        assert_eq!(catalog.set_setting(setting.clone()).await.unwrap_err().code(), Code::PermissionDenied);
        let mut keys = DeliveryServiceClient::new(store.staff_channel(ServiceName::Delivery, role).await);
        assert_eq!(keys.import_keys(import.clone()).await.unwrap_err().code(), Code::PermissionDenied);
    }
    let mut anonymous = CatalogServiceClient::new(store.raw_channel(ServiceName::Catalog).await);
    assert_eq!(anonymous.set_setting(setting.clone()).await.unwrap_err().code(), Code::Unauthenticated);

    let read = catalog::GetSettingRequest { key: "supportEmail".to_owned() };
    assert_ne!(reader.get_setting(read.clone()).await.unwrap().into_inner().value, setting.value);
    let mut stock = DeliveryServiceClient::new(store.channel_as(ServiceName::Delivery, Party::Order).await);
    let held = stock.get_stock(delivery::StockRequest { skus: vec![sku.clone()] }).await.unwrap().into_inner();
    assert!(held.stock.iter().all(|line| line.available == 0), "{held:?}");

    // A manager may.
    let mut catalog = CatalogServiceClient::new(store.staff_channel(ServiceName::Catalog, StaffRole::Manager).await);
    catalog.set_setting(setting.clone()).await.unwrap();
    assert_eq!(reader.get_setting(read).await.unwrap().into_inner().value, setting.value);
    let mut keys = DeliveryServiceClient::new(store.staff_channel(ServiceName::Delivery, StaffRole::Manager).await);
    assert_eq!(keys.import_keys(import).await.unwrap().into_inner().imported, 1);
    // A threshold: refused to support and finance, changed by the manager.
    let threshold = delivery::StockThreshold { sku: sku.clone(), threshold: 0, version: 0 };
    for role in [StaffRole::Support, StaffRole::Finance] {
        let mut refused = DeliveryServiceClient::new(store.staff_channel(ServiceName::Delivery, role).await);
        assert_eq!(refused.set_stock_threshold(threshold.clone()).await.unwrap_err().code(), Code::PermissionDenied);
    }
    let mut anonymous_keys = DeliveryServiceClient::new(store.raw_channel(ServiceName::Delivery).await);
    assert_eq!(anonymous_keys.set_stock_threshold(threshold.clone()).await.unwrap_err().code(), Code::Unauthenticated);
    assert_eq!(keys.set_stock_threshold(threshold).await.unwrap().into_inner().version, 1, "nothing changed it before");
    // The import is in the audit log, with its counts and never the key.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let page = store.member().audit_log("keys.import", 1, 10).await.unwrap();
        if let Some(row) = page.rows.first() {
            assert_eq!((row.target.as_str(), row.staff_email.as_str()), (sku.as_str(), "manager@staff.example"));
            assert_eq!(row.summary, "imported 1, duplicates 0, invalid 0");
            assert!(!row.summary.contains("FORGED"));
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no audit record of the import");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

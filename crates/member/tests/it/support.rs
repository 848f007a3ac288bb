#![allow(dead_code)] // each test file uses part of the support

//! The member service in the store as `keyshop serve` wires it (testkit),
//! its database on the test's backend, with a gRPC client to it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::{RawConfig, ServiceName};
use keyshop_core::events::EventBus;
use keyshop_member::service::MemberService;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_testkit::{StoreOptions, TestDb, TestStore};

/// What the captcha accepts in tests.
pub const CAPTCHA: &str = keyshop_testkit::store::CAPTCHA;
pub const PASSWORD: &str = "secret-12";

pub struct RunningMember {
    pub client: MemberServiceClient<keyshop_testkit::Signed>,
    /// The member service as the gateway calls it for the store's owner.
    pub staff: MemberServiceClient<keyshop_testkit::Signed>,
    pub service: Arc<MemberService>,
    pub catalog: Arc<keyshop_catalog::service::CatalogService>,
    pub bus: Arc<dyn EventBus>,
    /// Dropped first: the store stops before its database goes.
    pub store: TestStore,
    pub test_db: TestDb,
}

/// The store with the member database on `test_db`, the demo catalog seeded
/// when `with_products`.
pub async fn start(test_db: TestDb, with_products: bool) -> RunningMember {
    let raw = RawConfig { member_database_url: Some(test_db.url.clone()), ..RawConfig::default() };
    let store = TestStore::with(StoreOptions { raw, demo_catalog: with_products, ..StoreOptions::default() }).await;
    RunningMember {
        client: MemberServiceClient::new(store.channel(ServiceName::Member).await),
        staff: MemberServiceClient::new(
            store.staff_channel(ServiceName::Member, keyshop_core::identity::StaffRole::Owner).await,
        ),
        service: store.member().clone(),
        catalog: store.catalog().clone(),
        bus: store.bus.clone(),
        store,
        test_db,
    }
}

/// `message` sent with `token` as the bearer.
pub fn signed<T>(token: &str, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

pub fn client_from(ip: &str) -> Option<pb::Client> {
    Some(pb::Client { ip: ip.to_owned(), user_agent: FIREFOX.to_owned(), language: "en-US".to_owned() })
}

pub const FIREFOX: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

pub fn captcha() -> Option<pb::CaptchaAnswer> {
    Some(pb::CaptchaAnswer { uuid: "any".to_owned(), code: CAPTCHA.to_owned() })
}

impl RunningMember {
    /// Registers `email` and signs in: the session token.
    pub async fn member(&mut self, email: &str) -> String {
        self.client
            .register(pb::RegisterRequest {
                email: email.to_owned(),
                full_name: "Test Member".to_owned(),
                password: PASSWORD.to_owned(),
                confirm_password: PASSWORD.to_owned(),
                agree_terms: true,
                newsletter: false,
                captcha: captcha(),
                client: client_from("198.51.100.1"),
            })
            .await
            .expect("registers");
        self.login(email, PASSWORD).await.expect("signs in")
    }

    pub async fn login(&mut self, email: &str, password: &str) -> Result<String, tonic::Status> {
        let answer = self
            .client
            .login(pb::LoginRequest {
                account: email.to_owned(),
                password: password.to_owned(),
                captcha: None,
                client: client_from("198.51.100.1"),
            })
            .await?;
        Ok(answer.into_inner().token)
    }

    /// The e-mails once there are at least `count` (some are sent in the
    /// background after the answer); panics after 10 s.
    pub async fn wait_for_mails(&self, count: usize) -> Vec<String> {
        for _ in 0..500 {
            let mails = self.mails();
            if mails.len() >= count {
                return mails;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("expected {count} e-mails, found {}", self.mails().len());
    }

    pub fn outbox(&self) -> PathBuf {
        self.store.outbox()
    }

    /// The e-mails written so far, as text, oldest first.
    pub fn mails(&self) -> Vec<String> {
        keyshop_testkit::outbox_mails(&self.outbox())
    }
}

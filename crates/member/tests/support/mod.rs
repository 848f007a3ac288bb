#![allow(dead_code)] // each test file uses part of the support

//! Starts the real member service (database, gRPC, outbox relay, consumer)
//! with a real catalog beside it, on loopback ports, for a test.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use keyshop_catalog::Catalog;
use keyshop_core::config::{Config, RawConfig};
use keyshop_core::events::EventBus;
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{self, ShutdownTrigger};
use keyshop_core::test_support::TestDb;
use keyshop_member::Member;
use keyshop_member::service::MemberService;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use tonic::transport::Channel;

/// What the captcha accepts in tests.
pub const CAPTCHA: &str = "test-pass";
pub const PASSWORD: &str = "secret-12";

pub struct RunningMember {
    pub client: MemberServiceClient<Channel>,
    pub service: Arc<MemberService>,
    pub catalog: Arc<keyshop_catalog::service::CatalogService>,
    pub bus: Arc<dyn EventBus>,
    pub test_db: TestDb,
    pub data: tempfile::TempDir,
    trigger: ShutdownTrigger,
}

impl Drop for RunningMember {
    fn drop(&mut self) {
        self.trigger.trigger();
    }
}

/// The member service on `test_db`, with a seeded catalog on SQLite when
/// `with_products`.
pub async fn start(test_db: TestDb, with_products: bool) -> RunningMember {
    let data = tempfile::tempdir().unwrap();
    let raw = RawConfig {
        data_dir: Some(data.path().display().to_string()),
        member_database_url: Some(test_db.url.clone()),
        captcha_test_code: Some(CAPTCHA.to_owned()),
        public_url: Some("https://shop.example".to_owned()),
        outbox_poll_interval_ms: Some(20),
        ..RawConfig::default()
    };
    let config = Config::from_raw(raw).expect("test configuration");
    let platform = Platform::from_config(&config).expect("platform");
    let (trigger, shutdown) = shutdown::channel();

    let catalog = Catalog::build(&config, &platform).await.expect("catalog builds");
    let catalog_service = catalog.service.clone();
    if with_products {
        keyshop_catalog::demo::seed(&catalog.service).await.expect("demo seed");
    }
    let catalog_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let catalog_url = format!("http://{}", catalog_listener.local_addr().unwrap());
    tokio::spawn(catalog.serve(catalog_listener, shutdown.clone()));

    let member = Member::build(&config, &platform, &catalog_url).await.expect("member builds");
    let service = member.service.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(member.serve(listener, shutdown));
    let channel = Channel::from_shared(format!("http://{address}"))
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .expect("member answers");
    RunningMember {
        client: MemberServiceClient::new(channel),
        service,
        catalog: catalog_service,
        bus: platform.bus.clone(),
        test_db,
        data,
        trigger,
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
        self.data.path().join("outbox")
    }

    /// The e-mails written so far, as text, oldest first.
    pub fn mails(&self) -> Vec<String> {
        keyshop_core::test_support::outbox_mails(&self.outbox())
    }
}

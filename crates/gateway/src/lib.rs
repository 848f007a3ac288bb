//! The gateway: the store's only HTTP face. It maps `/prod-api/**` REST calls
//! onto the services' gRPC APIs, wraps every answer in the envelope of DESIGN
//! §4 with a message in the request's language, and serves the SPA. It holds no
//! business rules.

pub mod body;
pub mod caching;
pub mod client_ip;
pub mod clients;
pub mod context;
pub mod envelope;
pub mod metrics;
pub mod openapi;
pub mod panics;
pub mod routes;
pub mod security;
pub mod spa;
pub mod state;

use std::net::TcpListener;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{App, HttpServer, middleware, web};
use keyshop_core::clock::SharedClock;
use keyshop_core::config::HttpConfig;
use keyshop_core::shutdown::Shutdown;

pub use clients::{ServiceClients, ServiceEndpoints};
pub use state::GatewayState;

/// The actix application: used by the server and, unchanged, by the tests.
pub fn app(
    state: web::Data<GatewayState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let limits = state.limits;
    App::new()
        .app_data(state.clone())
        .app_data(envelope::json_config(limits.json_limit_bytes))
        .app_data(web::PayloadConfig::new(limits.body_limit_bytes))
        .app_data(envelope::query_config())
        .app_data(envelope::path_config())
        .wrap(middleware::from_fn(panics::answer_500))
        .wrap(middleware::from_fn(envelope::envelope_plain_errors))
        .wrap(middleware::from_fn(caching::public_etag))
        .wrap(middleware::Compress::default())
        .wrap(security::headers(state.hsts))
        .wrap(middleware::from_fn(spa::cache_headers))
        .wrap(middleware::from_fn(context::request_context))
        .configure(routes::configure)
        .service(spa::files(&state.spa_dir))
}

/// Binds nothing: serves `listener` until `shutdown`, then stops accepting,
/// lets requests in flight finish (up to 30 s) and returns. Each worker opens
/// its own clients to `endpoints`.
pub async fn serve(
    listener: TcpListener,
    http: HttpConfig,
    endpoints: ServiceEndpoints,
    clock: SharedClock,
    mut shutdown: Shutdown,
) -> std::io::Result<()> {
    let workers = http.workers.max(1);
    let server =
        HttpServer::new(move || app(web::Data::new(GatewayState::new(&http, endpoints.connect(), clock.clone()))))
            .workers(workers)
            .disable_signals()
            .shutdown_timeout(30)
            .listen(listener)?
            .run();
    let handle = server.handle();
    let stopper = tokio::spawn(async move {
        shutdown.wait().await;
        handle.stop(true).await;
    });
    let outcome = server.await;
    stopper.abort();
    outcome
}

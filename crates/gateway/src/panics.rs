//! A handler that panics is answered like any internal error (500, in the
//! envelope) and logged, instead of the connection being dropped; the worker
//! goes on serving.

use std::panic::AssertUnwindSafe;

use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use futures::FutureExt;
use keyshop_core::error::{AppError, panic_message};

use crate::envelope::ApiError;

/// The panic becomes an [`ApiError`], which actix answers with its own
/// response (the request itself cannot be kept aside: routing needs it alone).
pub async fn answer_500(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let path = request.path().to_owned();
    match AssertUnwindSafe(next.call(request)).catch_unwind().await {
        Ok(answer) => answer,
        Err(panic) => {
            let what = panic_message(panic.as_ref());
            Err(ApiError(AppError::internal(format!("a handler panicked on {path}: {what}"))).into())
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use actix_web::{App, HttpResponse, middleware, test, web};

    #[actix_web::test]
    async fn a_panic_is_answered_500_in_the_envelope_and_the_app_goes_on() {
        let app = test::init_service(
            App::new()
                .wrap(middleware::from_fn(super::answer_500))
                .route(
                    "/boom",
                    web::get().to(|| async {
                        if true {
                            panic!("attempt to add with overflow")
                        }
                        HttpResponse::Ok().finish()
                    }),
                )
                .route("/fine", web::get().to(|| async { HttpResponse::Ok().body("fine") })),
        )
        .await;
        // actix answers an error of the middleware chain with its own response.
        let error =
            test::try_call_service(&app, test::TestRequest::get().uri("/boom").to_request()).await.err().unwrap();
        let answer = error.error_response();
        assert_eq!(answer.status(), 500);
        let body = actix_web::body::to_bytes(answer.into_body()).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!((body["code"].as_i64(), body["msgKey"].as_str()), (Some(500), Some("api.error.internal")));
        let answer = test::call_service(&app, test::TestRequest::get().uri("/fine").to_request()).await;
        assert_eq!(answer.status(), 200);
    }
}

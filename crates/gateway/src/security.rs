//! Security headers on every response.

use actix_web::middleware::DefaultHeaders;

/// No inline scripts, nothing from other origins, no framing. Inline styles
/// are allowed for the toast library, which injects its stylesheet.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

/// Browsers keep to HTTPS for a year once they have seen the store on it.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// The headers; `hsts` when the store's public URL is `https://`.
pub fn headers(hsts: bool) -> DefaultHeaders {
    let headers = if hsts {
        DefaultHeaders::new().add(("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY))
    } else {
        DefaultHeaders::new()
    };
    headers
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use actix_web::{App, HttpResponse, test, web};

    async fn hsts_of(hsts: bool) -> Option<String> {
        let app = test::init_service(
            App::new().wrap(super::headers(hsts)).route("/", web::get().to(|| async { HttpResponse::Ok().finish() })),
        )
        .await;
        let answer = test::call_service(&app, test::TestRequest::get().uri("/").to_request()).await;
        answer.headers().get("strict-transport-security").map(|value| value.to_str().unwrap().to_owned())
    }

    #[actix_web::test]
    async fn hsts_only_when_the_store_is_on_https() {
        assert_eq!(hsts_of(true).await.as_deref(), Some(super::STRICT_TRANSPORT_SECURITY));
        assert_eq!(hsts_of(false).await, None);
    }
}

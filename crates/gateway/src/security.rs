//! Security headers on every response.

use actix_web::middleware::DefaultHeaders;

/// No inline scripts, nothing from other origins, no framing. Inline styles
/// are allowed for the toast library, which injects its stylesheet.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

pub fn headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}

//! The visitor's address: the peer, or the first `X-Forwarded-For` hop when
//! the gateway runs behind a trusted proxy.

use std::net::IpAddr;

use actix_web::HttpRequest;

pub fn client_ip(request: &HttpRequest, trust_forwarded_for: bool) -> Option<IpAddr> {
    if trust_forwarded_for
        && let Some(forwarded) = request.headers().get("x-forwarded-for").and_then(|value| value.to_str().ok())
        && let Some(first) = forwarded.split(',').next()
        && let Ok(ip) = first.trim().parse()
    {
        return Some(ip);
    }
    request.peer_addr().map(|addr| addr.ip())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn forwarded_for_counts_only_when_trusted() {
        let request = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .insert_header(("x-forwarded-for", "203.0.113.9, 10.0.0.1"))
            .to_http_request();
        assert_eq!(client_ip(&request, false), Some("10.0.0.1".parse().unwrap()));
        assert_eq!(client_ip(&request, true), Some("203.0.113.9".parse().unwrap()));
        let garbage = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .insert_header(("x-forwarded-for", "nonsense"))
            .to_http_request();
        assert_eq!(client_ip(&garbage, true), Some("10.0.0.1".parse().unwrap()));
    }
}

//! The visitor's address: the peer, or, behind trusted proxies, the
//! right-most `X-Forwarded-For` hop that is not one of them. Hops are read
//! right to left because only the right end is written by our own proxies:
//! whatever a client puts on the left is its own say-so.

use std::net::IpAddr;

use actix_web::HttpRequest;
use ipnet::IpNet;

/// Where the gateway learns who is calling.
#[derive(Debug, Clone, Default)]
pub struct ClientAddress {
    /// Read `X-Forwarded-For` at all (the gateway runs behind a proxy).
    pub trust_forwarded_for: bool,
    /// The proxies' networks.
    pub trusted_proxies: Vec<IpNet>,
}

impl ClientAddress {
    fn trusted(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        self.trusted_proxies.iter().any(|network| network.contains(&address))
    }

    /// The client of `request`.
    pub fn of(&self, request: &HttpRequest) -> Option<IpAddr> {
        let peer = request.peer_addr().map(|addr| canonical(addr.ip()));
        if !self.trust_forwarded_for {
            return peer;
        }
        let forwarded = request
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        self.client_of(peer, &forwarded)
    }

    /// A caller from inside the store's network: it connects from loopback or
    /// a trusted proxy network and forwards nobody (a proxy passing a
    /// visitor on adds `X-Forwarded-For`). Probes and scrapers are; visitors
    /// are not, even through the ingress.
    pub fn is_internal(&self, request: &HttpRequest) -> bool {
        let forwarding =
            ["x-forwarded-for", "forwarded", "x-real-ip"].iter().any(|name| request.headers().contains_key(*name));
        let peer = request.peer_addr().map(|addr| canonical(addr.ip()));
        !forwarding && peer.is_some_and(|peer| peer.is_loopback() || self.trusted(peer))
    }

    /// Walks the chain (forwarded hops, then the peer) from the right, past
    /// the trusted proxies: the first address that is not one is the client.
    /// A peer that is not a trusted proxy is the client itself; a chain of
    /// proxies only ends at its left-most hop.
    fn client_of(&self, peer: Option<IpAddr>, forwarded: &[&str]) -> Option<IpAddr> {
        let peer = peer?;
        if !self.trusted(peer) {
            return Some(peer);
        }
        let mut client = peer;
        for hop in forwarded.iter().rev() {
            // A hop that is not an address ends the chain we can vouch for.
            let Ok(address) = hop.parse::<IpAddr>().map(canonical) else { break };
            client = address;
            if !self.trusted(address) {
                break;
            }
        }
        Some(client)
    }
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as the IPv4 one.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use actix_web::test::TestRequest;

    fn behind(proxies: &str) -> ClientAddress {
        ClientAddress {
            trust_forwarded_for: true,
            trusted_proxies: proxies.split(',').map(|network| network.parse().unwrap()).collect(),
        }
    }

    fn request(peer: &str, forwarded: &str) -> HttpRequest {
        TestRequest::default()
            .peer_addr(format!("{peer}:5000").parse().unwrap())
            .insert_header(("x-forwarded-for", forwarded))
            .to_http_request()
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn forwarded_for_counts_only_when_trusted() {
        let request = request("10.0.0.1", "203.0.113.9, 10.0.0.1");
        assert_eq!(ClientAddress::default().of(&request), ip("10.0.0.1"));
        assert_eq!(behind("10.0.0.0/8").of(&request), ip("203.0.113.9"));
    }

    #[test]
    fn a_forged_left_most_hop_does_not_change_the_client() {
        let proxies = behind("10.0.0.0/8");
        let honest = request("10.0.0.1", "198.51.100.4");
        let forged = request("10.0.0.1", "1.2.3.4, 198.51.100.4");
        let forged_more = request("10.0.0.1", "10.9.9.9, 5.6.7.8, 198.51.100.4, 10.0.0.7");
        assert_eq!(proxies.of(&honest), ip("198.51.100.4"));
        assert_eq!(proxies.of(&forged), ip("198.51.100.4"));
        assert_eq!(proxies.of(&forged_more), ip("198.51.100.4"));
    }

    #[test]
    fn a_caller_that_is_not_a_proxy_is_the_client_whatever_it_says() {
        let direct = request("203.0.113.50", "1.2.3.4");
        assert_eq!(behind("10.0.0.0/8").of(&direct), ip("203.0.113.50"));
    }

    #[test]
    fn only_unforwarded_callers_from_inside_are_internal() {
        let inside = behind("10.0.0.0/8");
        let peer = |ip: &str| TestRequest::default().peer_addr(format!("{ip}:5000").parse().unwrap()).to_http_request();
        assert!(inside.is_internal(&peer("127.0.0.1")));
        assert!(inside.is_internal(&peer("10.1.2.3")), "the kubelet, a scraper");
        assert!(!inside.is_internal(&peer("203.0.113.9")), "a visitor");
        assert!(!inside.is_internal(&request("10.0.0.1", "203.0.113.9")), "a visitor through the ingress");
        assert!(!inside.is_internal(&request("127.0.0.1", "127.0.0.1")), "forwarded at all");
    }

    #[test]
    fn garbage_and_chains_of_proxies() {
        let proxies = behind("10.0.0.0/8,fc00::/7");
        assert_eq!(proxies.of(&request("10.0.0.1", "nonsense")), ip("10.0.0.1"));
        assert_eq!(proxies.of(&request("10.0.0.1", "1.2.3.4, nonsense, 10.0.0.3")), ip("10.0.0.3"));
        assert_eq!(proxies.of(&request("10.0.0.1", "10.0.0.2, 10.0.0.3")), ip("10.0.0.2"));
        assert_eq!(proxies.of(&request("10.0.0.1", "::ffff:198.51.100.4")), ip("198.51.100.4"));
        assert_eq!(proxies.of(&request("10.0.0.1", "2001:db8::1, fd00::5")), ip("2001:db8::1"));
    }
}

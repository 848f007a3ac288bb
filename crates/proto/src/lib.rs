//! Generated protobuf and tonic code for every contract under `proto/`.
//! Nothing else lives here: one copy of every contract.

#![allow(clippy::all, clippy::pedantic, clippy::unwrap_used, clippy::expect_used)]

/// Which calls may be repeated: a method whose proto declares
/// `option idempotency_level = NO_SIDE_EFFECTS` (a read) or `IDEMPOTENT`
/// (repeating it changes nothing more). Clients retry only these when a
/// service is unavailable.
pub mod idempotency {
    include!(concat!(env!("OUT_DIR"), "/idempotent.rs"));

    /// Whether the method at `path` (`/package.Service/Method`) is safe to
    /// call again.
    pub fn is_idempotent(path: &str) -> bool {
        IDEMPOTENT_METHODS.binary_search(&path).is_ok()
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn reads_and_repeatable_calls_are_idempotent_and_the_rest_are_not() {
            assert!(is_idempotent("/keyshop.catalog.v1.CatalogService/GetProduct"));
            assert!(is_idempotent("/keyshop.delivery.v1.DeliveryService/Allocate"));
            assert!(!is_idempotent("/keyshop.order.v1.OrderService/Checkout"));
            assert!(!is_idempotent("/keyshop.member.v1.MemberService/Login"));
            assert!(!is_idempotent("/grpc.health.v1.Health/Check"));
            assert!(IDEMPOTENT_METHODS.windows(2).all(|pair| pair[0] < pair[1]));
        }
    }
}

pub mod common {
    pub mod v1 {
        tonic::include_proto!("keyshop.common.v1");
    }
}

pub mod catalog {
    pub mod v1 {
        tonic::include_proto!("keyshop.catalog.v1");
    }
}

pub mod member {
    pub mod v1 {
        tonic::include_proto!("keyshop.member.v1");
    }
}

pub mod delivery {
    pub mod v1 {
        tonic::include_proto!("keyshop.delivery.v1");
    }
}

pub mod payment {
    pub mod v1 {
        tonic::include_proto!("keyshop.payment.v1");
    }
}

pub mod order {
    pub mod v1 {
        tonic::include_proto!("keyshop.order.v1");
    }
}

pub mod events {
    pub mod v1 {
        tonic::include_proto!("keyshop.events.v1");
    }
}

/// `Debug` for the messages that carry a secret (a product key, a password,
/// a token, a one-time code): every field but the secret ones, which read
/// `<redacted>`, so a `{:?}` in a log line or an error never carries one.
/// Which fields those are is decided by `build.rs` (by name, and a list).
mod redacted_debug {
    struct Redacted;

    impl std::fmt::Debug for Redacted {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("<redacted>")
        }
    }

    include!(concat!(env!("OUT_DIR"), "/redacted_debug.rs"));

    #[cfg(test)]
    mod tests {
        use crate::{delivery, member, order};

        #[test]
        fn keys_passwords_tokens_and_codes_are_left_out_of_debug_text() {
            let key = "SECRET-KEY-1234";
            let texts = [
                format!(
                    "{:?}",
                    delivery::v1::RevealedKey { key: key.to_owned(), sku: "SKU-1".to_owned(), ..Default::default() }
                ),
                format!(
                    "{:?}",
                    delivery::v1::RevealedKeys {
                        order_no: "KS1".to_owned(),
                        keys: vec![delivery::v1::RevealedKey { key: key.to_owned(), ..Default::default() }],
                    }
                ),
                format!("{:?}", delivery::v1::KeyLine { key: key.to_owned(), note: "a note".to_owned() }),
                format!("{:?}", delivery::v1::ImportKeysRequest { text: key.to_owned(), ..Default::default() }),
                format!("{:?}", delivery::v1::StaffRevealedKey { text: key.to_owned(), key: None }),
                format!(
                    "{:?}",
                    order::v1::RevealedKey { key: key.to_owned(), title: "A game".to_owned(), ..Default::default() }
                ),
                format!("{:?}", member::v1::LoginRequest { password: key.to_owned(), ..Default::default() }),
                format!(
                    "{:?}",
                    member::v1::StaffSignInRequest {
                        password: key.to_owned(),
                        code: key.to_owned(),
                        ..Default::default()
                    }
                ),
                format!("{:?}", order::v1::CartQuery { cart_token: key.to_owned(), ..Default::default() }),
                format!("{:?}", member::v1::EnrollmentStart { totp_secret: key.to_owned(), ..Default::default() }),
            ];
            for text in &texts {
                assert!(!text.contains(key), "{text}");
                assert!(text.contains("<redacted>"), "{text}");
            }
            assert!(texts[0].contains("SKU-1"), "the other fields stay: {}", texts[0]);
            assert!(texts[5].contains("A game"), "{}", texts[5]);
        }
    }
}

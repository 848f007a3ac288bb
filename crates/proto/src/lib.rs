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

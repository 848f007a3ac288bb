//! Generated protobuf and tonic code for every contract under `proto/`.
//! Nothing else lives here: one copy of every contract.

#![allow(clippy::all, clippy::pedantic, clippy::unwrap_used, clippy::expect_used)]

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

//! Who is calling a gRPC method, proven on every call.
//!
//! Each part of the store (the gateway and the five services) holds an
//! Ed25519 signing key of its own, and the public keys of all. A call carries
//! in its metadata ([`HEADER`]) a short-lived assertion signed by the caller:
//! who it is (`iss`), which service it is for (`aud`), when it expires, and,
//! from the gateway only, the member of staff on whose behalf it calls (their
//! id, role and address, after the gateway authenticated their session).
//!
//! Every service's gRPC server verifies the assertion before a handler runs
//! ([`layer::IdentityLayer`]): no assertion, an expired one, one for another
//! service or one signed by a key it does not trust answers
//! `UNAUTHENTICATED`, on every transport, loopback included. Then the
//! method's entry in the one access table ([`access`]) is checked: a staff
//! method needs a staff assertion whose role has the permission
//! (`PERMISSION_DENIED` otherwise), an internal step needs the one service
//! that takes it. Only the gRPC health service answers without one (the
//! probes of Kubernetes cannot sign).
//!
//! Keys: in embedded mode one file under `data/` (created on first run,
//! owner-only) holds every part's key; in distributed mode each process gets
//! its own private key and every public key from secrets
//! (`KEYSHOP_IDENTITY_KEY`, `KEYSHOP_IDENTITY_PUBLIC_KEYS`; `keyshop admin
//! identity-keys` makes a set).

pub mod access;
pub mod keys;
pub mod layer;
pub mod token;

use serde::{Deserialize, Serialize};

pub use access::{Access, Permission, StaffRole};
pub use keys::{Keyring, KeyringError};
pub use layer::IdentityLayer;
pub use token::{Signer, TokenError, Verifier};

use crate::config::ServiceName;

/// The metadata entry that carries the caller's assertion.
pub const HEADER: &str = "x-keyshop-identity";

/// A part of the store that calls and is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Party {
    Gateway,
    Catalog,
    Member,
    Delivery,
    Payment,
    Order,
}

impl Party {
    pub const ALL: [Party; 6] =
        [Party::Gateway, Party::Catalog, Party::Member, Party::Delivery, Party::Payment, Party::Order];

    pub fn as_str(self) -> &'static str {
        match self {
            Party::Gateway => "gateway",
            Party::Catalog => "catalog",
            Party::Member => "member",
            Party::Delivery => "delivery",
            Party::Payment => "payment",
            Party::Order => "order",
        }
    }

    pub fn parse(name: &str) -> Option<Party> {
        Party::ALL.into_iter().find(|party| party.as_str() == name)
    }
}

impl From<ServiceName> for Party {
    fn from(service: ServiceName) -> Party {
        match service {
            ServiceName::Catalog => Party::Catalog,
            ServiceName::Member => Party::Member,
            ServiceName::Delivery => Party::Delivery,
            ServiceName::Payment => Party::Payment,
            ServiceName::Order => Party::Order,
        }
    }
}

impl std::fmt::Display for Party {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.as_str())
    }
}

/// The member of staff a call is made for, as the gateway asserts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffClaim {
    /// The staff account's id.
    pub id: String,
    pub email: String,
    pub role: StaffRole,
    /// The address the console was used from (for the audit log).
    pub ip: String,
}

/// What an assertion says, signed by `iss`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub iss: Party,
    pub aud: Party,
    /// Issued and expiring, in seconds since the Unix epoch.
    pub iat: u64,
    pub exp: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub staff: Option<StaffClaim>,
}

/// The verified caller of a call, in its extensions for the handler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub party: Party,
    pub staff: Option<StaffClaim>,
}

/// The caller of `request`, as the server's identity layer verified it.
pub fn caller<T>(request: &tonic::Request<T>) -> Option<&Caller> {
    request.extensions().get::<Caller>()
}

/// The member of staff `request` is made for; `PERMISSION_DENIED` without one
/// (the layer already refused such a call to a staff method).
pub fn staff<T>(request: &tonic::Request<T>) -> Result<&StaffClaim, tonic::Status> {
    caller(request)
        .and_then(|caller| caller.staff.as_ref())
        .ok_or_else(|| tonic::Status::permission_denied("a member of staff is required"))
}

tokio::task_local! {
    /// The member of staff the gateway calls for, while it serves a console
    /// request: its outgoing calls assert them.
    pub static ACTING_STAFF: StaffClaim;
}

/// Seconds since the Unix epoch, from the machine's clock: assertions cross
/// processes, so they use the time every process shares.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_secs())
}

//! Calls the way the store's parts make them: each carries an identity
//! assertion, signed as a part of the store and, for staff methods, for a
//! member of staff.

use keyshop_core::identity::{HEADER, Party, Signer, StaffClaim, StaffRole};
use tonic::metadata::MetadataValue;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

/// A channel whose calls carry an assertion.
pub type Signed = InterceptedService<Channel, Asserting>;

/// Adds an assertion of `signer`'s to every call to `audience` (for `staff`
/// when set), or the fixed `token` when given.
#[derive(Clone)]
pub struct Asserting {
    pub signer: Signer,
    pub audience: Party,
    pub staff: Option<StaffClaim>,
}

impl tonic::service::Interceptor for Asserting {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let token = self.signer.assertion(self.audience, self.staff.as_ref());
        request.metadata_mut().insert(HEADER, MetadataValue::try_from(token.as_str()).expect("an ASCII assertion"));
        Ok(request)
    }
}

/// A member of staff in `role`, as the gateway asserts them.
pub fn staff(role: StaffRole) -> StaffClaim {
    StaffClaim {
        id: format!("test-{role}"),
        email: format!("{role}@staff.example"),
        role,
        ip: "192.0.2.200".to_owned(),
    }
}

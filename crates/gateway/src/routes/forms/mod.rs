//! `/api/forms/*` and `/api/newsletter/*`: the public forms (sell to us,
//! wholesale, affiliate, feedback) and the double opt-in newsletter. Each is
//! throttled, confirmed by e-mail and stored for staff.

pub mod newsletter;
pub mod submit;

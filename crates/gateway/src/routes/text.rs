//! What the forms' fields accept beyond their types, as the document states
//! it (see also `params` for query parameters).

use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// A box that must be ticked (`true`).
pub fn ticked() -> Object {
    ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([true])).build()
}

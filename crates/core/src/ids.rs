//! Identifiers as types, parsed at the edge: a member, a product, an order
//! number, a payment session. A guest has no member id (`Option<MemberId>`),
//! never a 0.

/// A positive integer id (a database key).
macro_rules! integer_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
            diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[serde(try_from = "i64", into = "i64")]
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        pub struct $name(i64);

        impl $name {
            /// The id, when `value` is one (positive).
            pub const fn new(value: i64) -> Option<$name> {
                if value > 0 { Some($name(value)) } else { None }
            }

            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl TryFrom<i64> for $name {
            type Error = InvalidId;

            fn try_from(value: i64) -> Result<$name, InvalidId> {
                $name::new(value).ok_or(InvalidId { kind: stringify!($name) })
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "{}", self.0)
            }
        }

        crate::sql_bigint!($name);
    };
}

/// A printable key: 1 to 64 characters of letters, digits, `-` and `_`.
macro_rules! text_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
            diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[serde(try_from = "String", into = "String")]
        #[diesel(sql_type = diesel::sql_types::Text)]
        pub struct $name(String);

        impl $name {
            /// The id, when `text` is one.
            pub fn parse(text: &str) -> Option<$name> {
                is_key(text).then(|| $name(text.to_owned()))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = InvalidId;

            fn try_from(text: String) -> Result<$name, InvalidId> {
                if is_key(&text) { Ok($name(text)) } else { Err(InvalidId { kind: stringify!($name) }) }
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str(&self.0)
            }
        }

        crate::sql_text!($name, |value| value.0.as_str(), |text| $name::try_from(text));
    };
}

/// The longest text id.
pub const MAX_KEY_LEN: usize = 64;

/// 1 to [`MAX_KEY_LEN`] characters of ASCII letters, digits, `-` and `_`.
pub fn is_key(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= MAX_KEY_LEN
        && text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// A value that is not an id of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not a valid {kind}")]
pub struct InvalidId {
    pub kind: &'static str,
}

integer_id!(
    /// A member account.
    MemberId
);
integer_id!(
    /// A product of the catalog.
    ProductId
);
text_id!(
    /// An order's number (`KS2026112400000001234`), what the buyer quotes.
    OrderNo
);
text_id!(
    /// A payment session (`ps_…`).
    SessionId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_at_the_edge() {
        assert_eq!(MemberId::new(7).map(MemberId::get), Some(7));
        assert_eq!(MemberId::new(0), None, "0 is no member: a guest is None");
        assert_eq!(MemberId::new(-3), None);
        assert_eq!(OrderNo::parse("KS20261124000000001234").unwrap().as_str(), "KS20261124000000001234");
        for bad in ["", "KS 1", "../x", &"K".repeat(65), "ks;drop"] {
            assert!(OrderNo::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&ProductId::new(42).unwrap()).unwrap(), "42");
        assert!(serde_json::from_str::<ProductId>("0").is_err());
        assert!(serde_json::from_str::<SessionId>("\"ps_1\"").is_ok());
        assert!(serde_json::from_str::<SessionId>("\"ps 1\"").is_err());
    }
}

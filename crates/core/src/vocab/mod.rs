//! The store's fixed vocabularies as Rust enums: order state, stock status,
//! ticket status, payment state and provider, product type, platform, region,
//! genre, language and sort order. Each is declared once here with
//! [`vocabulary!`], which gives it everything every boundary needs:
//!
//! - its code (`pending_payment`, `gift-card`): stored in the databases as
//!   text, sent on the HTTP API, parsed back (`FromStr`, serde);
//! - diesel `ToSql`/`FromSql` for text on SQLite and PostgreSQL: a value read
//!   from a database that is not a code of the vocabulary is an error, never a
//!   silent default;
//! - a utoipa schema that publishes it as a string enum, so the SPA's types
//!   get a union of its codes;
//! - the conversion to and from its proto enum (`keyshop.common.v1`), by
//!   variant name: a Rust value the proto lacks does not compile, and a drift
//!   test holds the proto's values, the Rust enum and the OpenAPI document
//!   together.

mod catalog;
mod language;
mod order;
mod payment;
mod ticket;

pub use catalog::{Genre, Platform, ProductState, ProductType, Region, SortOrder, StockStatus};
pub use language::Language;
pub use order::OrderState;
pub use payment::{PaymentProvider, PaymentState};
pub use ticket::TicketStatus;

/// A text that is not a code of the vocabulary it was read as.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code:?} is not a {vocabulary}")]
pub struct UnknownCode {
    pub vocabulary: &'static str,
    pub code: String,
}

impl From<UnknownCode> for crate::error::AppError {
    /// A value outside its vocabulary that came from another service or a
    /// database: a bug or a version skew, never the caller's fault.
    fn from(unknown: UnknownCode) -> crate::error::AppError {
        crate::error::AppError::internal(unknown)
    }
}

/// Every vocabulary as `(name, its codes, the names of its proto values
/// without the zero value)`, for the drift test and the documentation.
pub fn catalogue() -> Vec<(&'static str, Vec<&'static str>, Vec<&'static str>)> {
    fn of<V: Vocabulary>() -> (&'static str, Vec<&'static str>, Vec<&'static str>) {
        (V::NAME, V::all().iter().map(|value| value.code()).collect(), V::proto_names())
    }
    vec![
        of::<OrderState>(),
        of::<StockStatus>(),
        of::<TicketStatus>(),
        of::<PaymentState>(),
        of::<PaymentProvider>(),
        of::<ProductType>(),
        of::<Platform>(),
        of::<Region>(),
        of::<Genre>(),
        of::<Language>(),
        of::<SortOrder>(),
        of::<crate::identity::StaffRole>(),
        of::<crate::audit::AuditAction>(),
    ]
}

/// What every vocabulary enum answers (implemented by [`vocabulary!`]).
pub trait Vocabulary: Sized + Copy + 'static {
    /// The enum's name (also its OpenAPI schema's name).
    const NAME: &'static str;
    fn all() -> &'static [Self];
    fn code(self) -> &'static str;
    /// The proto enum's value names other than its zero value, in order.
    fn proto_names() -> Vec<&'static str>;
}

/// Declares an enum of codes: stored and parsed as its codes, with diesel's
/// text mapping (an unknown value read is an error). For a service's own
/// states that never leave it; [`vocabulary!`] adds the API and proto sides.
/// `code_enum! { /// doc
/// pub enum Name { Variant = "code", … } }`.
#[macro_export]
macro_rules! code_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $code:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::Text)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant ),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The code it is stored and sent as.
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $code),+ }
            }

            pub fn parse(code: &str) -> Option<$name> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::vocab::UnknownCode;

            fn from_str(code: &str) -> Result<$name, $crate::vocab::UnknownCode> {
                $name::parse(code).ok_or_else(|| $crate::vocab::UnknownCode {
                    vocabulary: stringify!($name),
                    code: code.chars().take(64).collect(),
                })
            }
        }

        $crate::sql_text!($name, |value| value.as_str(), |code| code.parse::<$name>());
    };
}

/// Declares a vocabulary enum: a [`code_enum!`] that is also a string enum of
/// the HTTP API (serde, utoipa) and has a proto enum of the same values.
/// `vocabulary! { /// doc
/// pub enum Name: ProtoEnum { Variant = "code", … } }`.
#[macro_export]
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident: $proto:path {
            $( $(#[$variant_meta:meta])* $variant:ident = $code:literal ),+ $(,)?
        }
    ) => {
        $crate::code_enum! {
            $(#[$meta])*
            pub enum $name {
                $( $(#[$variant_meta])* $variant = $code ),+
            }
        }

        // Written out rather than derived: a derive would read the codes
        // through this macro's fragments, and utoipa then publishes the
        // variants' names instead of their codes.
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let code = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                code.parse().map_err(serde::de::Error::custom)
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some([$($code),+]))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($name))
            }
        }

        impl $name {
            /// The value of the proto enum.
            pub fn to_proto(self) -> i32 {
                let value = match self { $($name::$variant => <$proto>::$variant),+ };
                value as i32
            }

            /// From the proto enum's value; the zero value and unknown
            /// numbers are refused.
            pub fn from_proto(value: i32) -> Result<$name, $crate::vocab::UnknownCode> {
                let unknown = || $crate::vocab::UnknownCode { vocabulary: stringify!($name), code: value.to_string() };
                let proto = <$proto>::try_from(value).map_err(|_| unknown())?;
                $( if proto == <$proto>::$variant { return Ok($name::$variant); } )+
                Err(unknown())
            }
        }

        impl $crate::vocab::Vocabulary for $name {
            const NAME: &'static str = stringify!($name);

            fn all() -> &'static [$name] {
                $name::ALL
            }

            fn code(self) -> &'static str {
                self.as_str()
            }

            fn proto_names() -> Vec<&'static str> {
                (1..).map_while(|value| <$proto>::try_from(value).ok()).map(|proto| proto.as_str_name()).collect()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vocabulary_matches_its_proto_enum_value_for_value() {
        for (name, codes, proto_names) in catalogue() {
            assert_eq!(codes.len(), proto_names.len(), "{name}: {codes:?} against {proto_names:?}");
            for (code, proto_name) in codes.iter().zip(&proto_names) {
                // PLATFORM_EA_APP ⇄ ea-app, ORDER_STATE_PENDING_PAYMENT ⇄ pending_payment, LANGUAGE_ZH_CN ⇄ zh-CN
                let expected = format!("{}_{}", to_screaming(name), code.to_ascii_uppercase().replace(['-', '.'], "_"));
                assert_eq!(*proto_name, expected, "{name}: {code}");
            }
        }
    }

    fn to_screaming(name: &str) -> String {
        let mut out = String::new();
        for (index, letter) in name.chars().enumerate() {
            if letter.is_ascii_uppercase() && index > 0 {
                out.push('_');
            }
            out.push(letter.to_ascii_uppercase());
        }
        out
    }

    #[test]
    fn codes_round_trip_and_strangers_are_refused() {
        for state in OrderState::ALL {
            assert_eq!(state.as_str().parse::<OrderState>(), Ok(*state));
            assert_eq!(OrderState::from_proto(state.to_proto()), Ok(*state));
        }
        assert!("shipped".parse::<OrderState>().is_err());
        assert!(OrderState::from_proto(0).is_err(), "the zero value means not given");
        assert!(OrderState::from_proto(99).is_err());
        assert_eq!(serde_json::to_string(&Platform::EaApp).unwrap(), "\"ea-app\"");
        assert_eq!(serde_json::from_str::<Language>("\"zh-CN\"").unwrap(), Language::ZhCn);
        assert!(serde_json::from_str::<Language>("\"xx\"").is_err());
    }
}

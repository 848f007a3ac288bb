//! Diesel's text and integer mapping for the kernel's own types (the
//! vocabularies, ids, currency codes) on every backend of [`super::DbConnection`]:
//! written as their text or number, read back through the type's own parser,
//! so a value that is not one of the type is an error, never a default.

/// `ToSql<Text>` on SQLite, PostgreSQL and the multi-backend, and
/// `FromSql<Text>` on the multi-backend, for `$type` written as
/// `$text(&value)` and read with `TryFrom<String>`/`FromStr` via `$parse`.
#[macro_export]
macro_rules! sql_text {
    ($type:ty, |$value:ident| $text:expr, |$code:ident| $parse:expr) => {
        impl diesel::serialize::ToSql<diesel::sql_types::Text, $crate::db::MultiBackend> for $type {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, $crate::db::MultiBackend>,
            ) -> diesel::serialize::Result {
                let $value = self;
                out.set_value((diesel::sql_types::Text, $text));
                Ok(diesel::serialize::IsNull::No)
            }
        }

        impl diesel::serialize::ToSql<diesel::sql_types::Text, diesel::sqlite::Sqlite> for $type {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, diesel::sqlite::Sqlite>,
            ) -> diesel::serialize::Result {
                let $value = self;
                out.set_value($text);
                Ok(diesel::serialize::IsNull::No)
            }
        }

        impl diesel::serialize::ToSql<diesel::sql_types::Text, diesel::pg::Pg> for $type {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, diesel::pg::Pg>,
            ) -> diesel::serialize::Result {
                let $value = self;
                <str as diesel::serialize::ToSql<diesel::sql_types::Text, diesel::pg::Pg>>::to_sql(
                    $text,
                    &mut out.reborrow(),
                )
            }
        }

        impl diesel::deserialize::FromSql<diesel::sql_types::Text, $crate::db::MultiBackend> for $type {
            fn from_sql(bytes: $crate::db::MultiRawValue<'_>) -> diesel::deserialize::Result<$type> {
                let $code = bytes.from_sql::<String, diesel::sql_types::Text>()?;
                Ok($parse?)
            }
        }
    };
}

/// The same for a positive integer id stored as `BIGINT`.
#[macro_export]
macro_rules! sql_bigint {
    ($type:ty) => {
        impl diesel::serialize::ToSql<diesel::sql_types::BigInt, $crate::db::MultiBackend> for $type {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, $crate::db::MultiBackend>,
            ) -> diesel::serialize::Result {
                out.set_value((diesel::sql_types::BigInt, &self.0));
                Ok(diesel::serialize::IsNull::No)
            }
        }

        impl diesel::serialize::ToSql<diesel::sql_types::BigInt, diesel::sqlite::Sqlite> for $type {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, diesel::sqlite::Sqlite>,
            ) -> diesel::serialize::Result {
                out.set_value(self.0);
                Ok(diesel::serialize::IsNull::No)
            }
        }

        impl diesel::serialize::ToSql<diesel::sql_types::BigInt, diesel::pg::Pg> for $type {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, diesel::pg::Pg>,
            ) -> diesel::serialize::Result {
                <i64 as diesel::serialize::ToSql<diesel::sql_types::BigInt, diesel::pg::Pg>>::to_sql(
                    &self.0,
                    &mut out.reborrow(),
                )
            }
        }

        impl diesel::deserialize::FromSql<diesel::sql_types::BigInt, $crate::db::MultiBackend> for $type {
            fn from_sql(bytes: $crate::db::MultiRawValue<'_>) -> diesel::deserialize::Result<$type> {
                let value = bytes.from_sql::<i64, diesel::sql_types::BigInt>()?;
                Ok(<$type>::try_from(value)?)
            }
        }
    };
}

//! Paging of every list (DESIGN §4): `page` from 1 (default 1), `limit` one
//! of 10, 20, 30 or 50 (default 20). Zero means "not given".

use crate::error::{AppError, FieldErrors};

pub const ALLOWED_LIMITS: [u32; 4] = [10, 20, 30, 50];
pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_PAGE: u32 = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paging {
    pub page: u32,
    pub limit: u32,
}

impl Default for Paging {
    fn default() -> Paging {
        Paging { page: 1, limit: DEFAULT_LIMIT }
    }
}

impl Paging {
    /// Parses the raw numbers; 0 stands for "absent" and takes the default.
    pub fn parse(page: i64, limit: i64) -> Result<Paging, AppError> {
        let mut errors = FieldErrors::default();
        let page = match page {
            0 => 1,
            page if (1..=i64::from(MAX_PAGE)).contains(&page) => page as u32,
            _ => {
                errors.add("page", "api.field.outOfRange");
                1
            }
        };
        let limit = match limit {
            0 => DEFAULT_LIMIT,
            limit if ALLOWED_LIMITS.iter().any(|allowed| i64::from(*allowed) == limit) => limit as u32,
            _ => {
                errors.add("limit", "api.field.limit");
                DEFAULT_LIMIT
            }
        };
        errors.finish()?;
        Ok(Paging { page, limit })
    }

    pub fn offset(self) -> usize {
        (self.page as usize - 1) * self.limit as usize
    }

    /// The slice of `items` this page shows.
    pub fn slice<T>(self, items: &[T]) -> &[T] {
        let start = self.offset().min(items.len());
        let end = (start + self.limit as usize).min(items.len());
        &items[start..end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_allowed_values() {
        assert_eq!(Paging::parse(0, 0).unwrap(), Paging { page: 1, limit: 20 });
        assert_eq!(Paging::parse(3, 50).unwrap(), Paging { page: 3, limit: 50 });
        for limit in [10, 20, 30, 50] {
            assert!(Paging::parse(1, limit).is_ok());
        }
    }

    #[test]
    fn bad_values_name_their_field() {
        let error = Paging::parse(-1, 25).unwrap_err();
        assert_eq!(error.fields["page"], "api.field.outOfRange");
        assert_eq!(error.fields["limit"], "api.field.limit");
        assert!(Paging::parse(i64::from(MAX_PAGE) + 1, 10).is_err());
        assert!(Paging::parse(1, 100).is_err());
    }

    #[test]
    fn slices_past_the_end_are_empty() {
        let items: Vec<u32> = (0..25).collect();
        assert_eq!(Paging { page: 1, limit: 10 }.slice(&items), &items[0..10]);
        assert_eq!(Paging { page: 3, limit: 10 }.slice(&items), &items[20..25]);
        assert!(Paging { page: 4, limit: 10 }.slice(&items).is_empty());
    }
}

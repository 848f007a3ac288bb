//! The postal address of the API, one shape wherever one is sent or
//! answered: the address book, checkout's billing address, an order's.

use keyshop_proto::common::v1 as common;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A postal address: an address-book entry's, an order's billing address.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PostalAddressDto {
    #[schema(required = true, min_length = 1)]
    pub first_name: String,
    #[schema(required = true, min_length = 1)]
    pub last_name: String,
    /// Valid for the country (answered in E.164).
    #[schema(required = true, min_length = 1)]
    pub phone: String,
    /// Street and number.
    #[schema(required = true, min_length = 1)]
    pub address: String,
    #[schema(required = true, min_length = 1)]
    pub city: String,
    /// Optional.
    pub province: String,
    /// In the country's format.
    #[schema(required = true, min_length = 1)]
    pub zip: String,
    /// ISO 3166-1 alpha-2.
    #[schema(required = true, min_length = 1)]
    pub country: String,
}

impl From<PostalAddressDto> for common::PostalAddress {
    fn from(address: PostalAddressDto) -> common::PostalAddress {
        common::PostalAddress {
            first_name: address.first_name,
            last_name: address.last_name,
            phone: address.phone,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.zip,
            country: address.country,
        }
    }
}

impl From<common::PostalAddress> for PostalAddressDto {
    fn from(address: common::PostalAddress) -> PostalAddressDto {
        PostalAddressDto {
            first_name: address.first_name,
            last_name: address.last_name,
            phone: address.phone,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.zip,
            country: address.country,
        }
    }
}

//! Country look-up in a MaxMind-format database (GeoLite2-Country or -City).

use std::net::IpAddr;
use std::path::Path;

use maxminddb::Reader;
use serde::Deserialize;

pub struct GeoIp {
    reader: Reader<Vec<u8>>,
}

#[derive(Deserialize)]
struct CountryRecord<'a> {
    #[serde(borrow)]
    country: Option<IsoCode<'a>>,
    #[serde(borrow)]
    registered_country: Option<IsoCode<'a>>,
}

#[derive(Deserialize)]
struct IsoCode<'a> {
    iso_code: Option<&'a str>,
}

impl GeoIp {
    pub fn open(path: &Path) -> Result<GeoIp, String> {
        let reader = Reader::open_readfile(path).map_err(|error| format!("{}: {error}", path.display()))?;
        Ok(GeoIp { reader })
    }

    /// The ISO country code of `ip`, when the database knows it.
    pub fn country(&self, ip: IpAddr) -> Option<String> {
        let result = self.reader.lookup(ip).ok()?;
        let record: CountryRecord = result.decode().ok()??;
        record
            .country
            .and_then(|country| country.iso_code)
            .or_else(|| record.registered_country.and_then(|country| country.iso_code))
            .map(str::to_owned)
    }
}

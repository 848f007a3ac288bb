//! The image captcha: single use, expiring, case-insensitive.

use std::time::Duration;

use captcha::Captcha;
use captcha::filters::{Dots, Noise, Wave};
use keyshop_core::error::AppError;
use secrecy::ExposeSecret;

use super::{ClientInfo, MemberService};
use crate::domain::{secret, throttle};

/// A captcha answers for this long.
pub const CAPTCHA_TTL: Duration = Duration::from_secs(120);
/// Characters that cannot be mistaken for each other.
const CHARS: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'm', 'n', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '2',
    '3', '4', '5', '6', '7', '8',
];

fn key(uuid: &str) -> String {
    format!("member:captcha:{uuid}")
}

/// (answer, PNG) of a new captcha.
fn draw() -> Option<(String, Vec<u8>)> {
    let mut captcha = Captcha::new();
    captcha
        .set_chars(CHARS)
        .add_chars(5)
        .apply_filter(Noise::new(0.1))
        .apply_filter(Wave::new(2.0, 6.0))
        .view(180, 64)
        .apply_filter(Dots::new(6));
    captcha.as_tuple()
}

impl MemberService {
    /// A new captcha: its id and image. The answer stays here. Throttled per
    /// address (drawing costs CPU, and each one takes a cache entry).
    pub async fn create_captcha(&self, client: &ClientInfo) -> Result<(String, Vec<u8>), AppError> {
        self.throttle(
            &format!("member:captcha:ip:{}", client.address_bucket()),
            throttle::CAPTCHA,
            "api.error.tooManyRequests",
        )
        .await?;
        let (answer, png) = tokio::task::spawn_blocking(draw)
            .await
            .map_err(AppError::internal)?
            .ok_or_else(|| AppError::internal("captcha image not drawn"))?;
        let uuid = uuid::Uuid::new_v4().to_string();
        self.cache.set(&key(&uuid), answer.to_lowercase().into_bytes(), CAPTCHA_TTL).await;
        Ok((uuid, png))
    }

    /// Checks (and uses up) a captcha answer: field `code` says what is wrong.
    pub async fn check_captcha(&self, uuid: &str, code: &str) -> Result<(), AppError> {
        let code = code.trim().to_lowercase();
        if code.is_empty() {
            return Err(AppError::field("code", "api.captcha.required"));
        }
        if let Some(test_code) = &self.settings.captcha_test_code
            && secret::constant_time_eq(&code, &test_code.expose_secret().to_lowercase())
        {
            return Ok(());
        }
        let uuid = uuid.trim();
        if uuid.is_empty() || uuid.len() > 64 {
            return Err(AppError::field("code", "api.captcha.invalid"));
        }
        let expected = self.cache.take(&key(uuid)).await;
        match expected.and_then(|bytes| String::from_utf8(bytes).ok()) {
            Some(expected) if secret::constant_time_eq(&expected, &code) => Ok(()),
            _ => Err(AppError::field("code", "api.captcha.invalid")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_png_with_five_plain_characters() {
        let (answer, png) = draw().unwrap();
        assert_eq!(answer.chars().count(), 5);
        assert!(answer.chars().all(|character| CHARS.contains(&character)));
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }
}

//! The JSON body of a call: `web::Json`'s size limit, content type and errors
//! (see `envelope::json_config`), and an object only. serde reads a struct
//! from an array too (its fields in order), so `[]` would pass as a body of
//! defaults; the document says every body is an object, and so does this.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use keyshop_core::error::{AppError, ErrorCode};
use serde::de::DeserializeOwned;

use crate::envelope::ApiError;

pub struct JsonBody<T>(pub T);

impl<T> JsonBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for JsonBody<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

fn unreadable(detail: impl std::fmt::Display) -> actix_web::Error {
    ApiError(AppError::new(ErrorCode::Validation, "api.error.badRequest").with_detail(detail)).into()
}

/// `value` read as `T`, when it is an object.
fn read<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, actix_web::Error> {
    if !value.is_object() {
        return Err(unreadable("the body is not a JSON object"));
    }
    serde_json::from_value(value).map_err(unreadable)
}

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<JsonBody<T>, actix_web::Error>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<serde_json::Value>::from_request(request, payload);
        Box::pin(async move { read(json.await?.into_inner()).map(JsonBody) })
    }
}

/// An uploaded file's bytes, read up to `max` bytes: a larger one (by its
/// declared length, or as it arrives) is refused with the field error
/// `too_large`, not read on; a broken upload with `broken`.
pub async fn file(
    request: &HttpRequest,
    mut payload: web::Payload,
    max: usize,
    too_large: &str,
    broken: &str,
) -> Result<Vec<u8>, AppError> {
    use actix_web::http::header::CONTENT_LENGTH;
    use futures::StreamExt;

    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if declared.is_some_and(|length| length > max) {
        return Err(AppError::field("file", too_large));
    }
    let mut data = Vec::with_capacity(declared.unwrap_or(0));
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| AppError::field("file", broken))?;
        if data.len() + chunk.len() > max {
            return Err(AppError::field("file", too_large));
        }
        data.extend_from_slice(&chunk);
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, serde::Deserialize)]
    #[serde(default)]
    struct Body {
        name: String,
        count: i64,
    }

    #[test]
    fn only_an_object_is_a_body() {
        let body: Body = read(serde_json::json!({"name": "Ana", "count": 2})).unwrap();
        assert_eq!(body, Body { name: "Ana".into(), count: 2 });
        assert_eq!(read::<Body>(serde_json::json!({})).unwrap(), Body::default());
        for not_an_object in [serde_json::json!([]), serde_json::json!(["Ana", 2]), serde_json::json!(null)] {
            assert!(read::<Body>(not_an_object).is_err());
        }
        assert!(read::<Body>(serde_json::json!({"count": "two"})).is_err());
    }
}

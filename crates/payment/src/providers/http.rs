//! One call to a provider's HTTP API, its answer sorted into what the
//! service acts on: a 2xx body, a refusal (4xx, with the provider's own
//! words for the log), or the provider being unavailable (time-out, 5xx).

use super::{CALL_TIMEOUT, ProviderError};

/// The HTTP client every provider shares the settings of.
pub fn client() -> Result<reqwest::Client, ProviderError> {
    reqwest::Client::builder()
        .timeout(CALL_TIMEOUT)
        .connect_timeout(CALL_TIMEOUT / 3)
        .user_agent(concat!("keyshop/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|error| ProviderError::Unavailable(error.to_string()))
}

/// A 4xx answer: its status and body.
pub struct Refusal {
    pub status: u16,
    pub body: Vec<u8>,
}

impl Refusal {
    pub fn into_error(self, provider: &str) -> ProviderError {
        let text: String = String::from_utf8_lossy(&self.body).chars().take(300).collect();
        ProviderError::Rejected(format!("{provider} answered {}: {text}", self.status))
    }
}

/// Sends `request`: the body of a 2xx answer, `Err(Ok(refusal))` for a
/// 4xx, `Err(Err(unavailable))` for anything else.
pub async fn send(request: reqwest::RequestBuilder, provider: &str) -> Result<Vec<u8>, Result<Refusal, ProviderError>> {
    let unavailable = |detail: String| Err(ProviderError::Unavailable(format!("{provider}: {detail}")));
    let response = match request.send().await {
        Ok(response) => response,
        Err(error) => return Err(unavailable(error.without_url().to_string())),
    };
    let status = response.status();
    let body = match response.bytes().await {
        Ok(body) => body.to_vec(),
        Err(error) => return Err(unavailable(error.without_url().to_string())),
    };
    if status.is_success() {
        Ok(body)
    } else if status.is_client_error() {
        Err(Ok(Refusal { status: status.as_u16(), body }))
    } else {
        Err(unavailable(format!("HTTP {status}")))
    }
}

/// [`send`], where a refusal is an error like any other.
pub async fn send_ok(request: reqwest::RequestBuilder, provider: &str) -> Result<Vec<u8>, ProviderError> {
    send(request, provider).await.map_err(|error| match error {
        Ok(refusal) => refusal.into_error(provider),
        Err(error) => error,
    })
}

//! Presenting a DPoP-bound token (RFC 9449 §7): the token goes in `Authorization: DPoP …`
//! rather than `Bearer`, beside a fresh proof naming the request and the token's hash. A
//! server's `use_dpop_nonce` challenge (§9) comes back to the transport as a 401 whose nonce
//! rmcp does not pass on, so the nonce is learnt from a `ping` posted here with the same
//! credentials (a request that changes nothing, should the server take it), and the request is
//! sent once more with a proof carrying it.

use std::collections::HashMap;
use std::future::Future;

use http::{HeaderName, HeaderValue};
use rmcp::transport::streamable_http_client::StreamableHttpError;

use super::limit::LimitedHttpClient;
use crate::oauth::dpop::{DpopSlot, SendsProofs, is_nonce_challenge};

type Headers = HashMap<HeaderName, HeaderValue>;

impl SendsProofs for LimitedHttpClient {
    fn sends_proofs(mut self, dpop: DpopSlot) -> Self {
        self.dpop = Some(dpop);
        self
    }
}

impl LimitedHttpClient {
    /// `send` with the token presented as DPoP (when this client has a key and a token is
    /// sent), and once more with the server's nonce when it asks for one.
    pub(super) async fn presented<T, F, Fut>(
        &self,
        method: &str,
        uri: &str,
        auth_header: Option<String>,
        headers: Headers,
        send: F,
    ) -> Result<T, StreamableHttpError<reqwest::Error>>
    where
        F: Fn(Option<String>, Headers) -> Fut,
        Fut: Future<Output = Result<T, StreamableHttpError<reqwest::Error>>>,
    {
        let (Some(dpop), Some(token)) = (&self.dpop, &auth_header) else {
            return send(auth_header, headers).await;
        };
        let first = send(None, with_proof(dpop, method, uri, token, headers.clone())).await;
        match &first {
            Err(StreamableHttpError::AuthRequired(challenge))
                if is_nonce_challenge(&challenge.www_authenticate_header) =>
            {
                self.learn_nonce(dpop, uri, token, &headers).await;
                send(None, with_proof(dpop, method, uri, token, headers)).await
            }
            _ => first,
        }
    }

    /// The nonce the server hands out with its challenge, from a `ping` sent as rmcp would
    /// send a request.
    async fn learn_nonce(&self, dpop: &DpopSlot, uri: &str, token: &str, headers: &Headers) {
        let ping = serde_json::json!({"jsonrpc": "2.0", "id": "dpop-nonce", "method": "ping"});
        let mut request = self
            .http()
            .post(uri)
            .header(http::header::ACCEPT, "application/json, text/event-stream")
            .json(&ping);
        for (name, value) in with_proof(dpop, "POST", uri, token, headers.clone()) {
            request = request.header(name, value);
        }
        let Ok(response) = request.send().await else {
            return;
        };
        dpop.learn_nonce(response.headers());
    }
}

/// `headers` with `Authorization: DPoP <token>` and a fresh proof (none if it cannot be made:
/// the server then refuses the request, and says why).
fn with_proof(
    dpop: &DpopSlot,
    method: &str,
    uri: &str,
    token: &str,
    mut headers: Headers,
) -> Headers {
    let proof = dpop.key().and_then(|key| {
        key.proof(method, uri, Some(token), dpop.nonce().as_deref())
            .ok()
    });
    if let Ok(value) = HeaderValue::from_str(&format!("DPoP {token}")) {
        headers.insert(http::header::AUTHORIZATION, value);
    }
    if let Some(value) = proof.and_then(|p| HeaderValue::from_str(&p).ok()) {
        headers.insert(HeaderName::from_static("dpop"), value);
    }
    headers
}

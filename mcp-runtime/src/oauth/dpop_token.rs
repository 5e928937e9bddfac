//! A token request with a DPoP proof (RFC 9449 §5): sent here rather than through rmcp's
//! client, because a `use_dpop_nonce` answer (§8) is retried with a new proof carrying the
//! authorization server's nonce, and rmcp's request type cannot be built twice outside rmcp.
//! Every token request goes out here, with or without a key: those of rmcp's grants (through
//! `http_guard.rs`, each on a fresh connection) and of the grants rmcp does not make (workload
//! identity).

use rmcp::transport::auth::OAuthHttpClientError;

use super::dpop::{DpopKey, DpopSlot, is_nonce_challenge};

type HttpResponse = http::Response<Vec<u8>>;

/// A token request: with a proof when `dpop` holds a key (and again with the server's nonce
/// if it asks for one), else as it is.
pub(super) async fn token_request(
    dpop: &DpopSlot,
    request: &http::Request<Vec<u8>>,
) -> Result<HttpResponse, OAuthHttpClientError> {
    match dpop.key() {
        Some(key) => proven(dpop, request, &key).await,
        None => send(request, None).await,
    }
}

async fn proven(
    dpop: &DpopSlot,
    request: &http::Request<Vec<u8>>,
    key: &DpopKey,
) -> Result<HttpResponse, OAuthHttpClientError> {
    let first = attempt(dpop, request, key).await?;
    let challenged = first.status() == http::StatusCode::BAD_REQUEST
        && first.headers().contains_key("dpop-nonce")
        && is_nonce_challenge(&String::from_utf8_lossy(first.body()));
    if !challenged {
        return Ok(first);
    }
    attempt(dpop, request, key).await
}

/// One attempt, its proof carrying the last nonce the server gave; a nonce in the answer is
/// kept for the next proof.
async fn attempt(
    dpop: &DpopSlot,
    request: &http::Request<Vec<u8>>,
    key: &DpopKey,
) -> Result<HttpResponse, OAuthHttpClientError> {
    let url = request.uri().to_string();
    let proof = key.proof(
        request.method().as_str(),
        &url,
        None,
        dpop.nonce().as_deref(),
    )?;
    let response = send(request, Some(proof)).await?;
    dpop.learn_nonce(response.headers());
    Ok(response)
}

/// `request`, with the proof if there is one, not following redirects.
async fn send(
    request: &http::Request<Vec<u8>>,
    proof: Option<String>,
) -> Result<HttpResponse, OAuthHttpClientError> {
    let url = request.uri().to_string();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(30))
        .build()?;
    let mut outgoing = client
        .request(request.method().clone(), &url)
        .headers(request.headers().clone())
        .body(request.body().clone());
    if let Some(proof) = proof {
        outgoing = outgoing.header("dpop", proof);
    }
    if !request.headers().contains_key(http::header::ACCEPT) {
        outgoing = outgoing.header(http::header::ACCEPT, "application/json");
    }
    let response = outgoing.send().await?;
    let mut answer = http::Response::builder().status(response.status());
    for (name, value) in response.headers() {
        answer = answer.header(name, value);
    }
    let body = response.bytes().await?.to_vec();
    Ok(answer.body(body)?)
}

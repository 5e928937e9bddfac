//! Every HTTP request of the OAuth flow goes through here: discovery, registration, the token
//! exchange and refreshes. Plain `http://` is allowed only to loopback hosts (a server under
//! development); anywhere else codes and tokens would cross the network in clear.

use std::net::IpAddr;
use std::sync::Arc;

use rmcp::transport::auth::{
    AuthError, OAuthHttpClient, OAuthHttpClientError, OAuthHttpClientFuture, OAuthHttpRequest,
    default_oauth_http_client,
};

use super::dpop::DpopSlot;
use super::dpop_token::token_request;
use super::refresh_lock::Handoff;

/// What an OAuth HTTP exchange answers (oauth2's type: an `http` response with its body).
type HttpResponse = http::Response<Vec<u8>>;

/// rmcp's reqwest client for OAuth, behind the transport-security check; a refresh another
/// process already made is answered from the handoff instead of the server; token requests go
/// out on a fresh connection, with a proof when `dpop` holds a key (`dpop_token.rs`).
pub(crate) struct GuardedHttp {
    inner: Box<dyn OAuthHttpClient>,
    handoff: Option<Handoff>,
    pub(super) dpop: DpopSlot,
}

impl GuardedHttp {
    pub(crate) fn shared(handoff: Option<Handoff>) -> Result<Arc<dyn OAuthHttpClient>, AuthError> {
        GuardedHttp::with_dpop(handoff, DpopSlot::default())
    }

    /// [`GuardedHttp::shared`] whose token requests carry proofs once `dpop` holds a key.
    pub(crate) fn with_dpop(
        handoff: Option<Handoff>,
        dpop: DpopSlot,
    ) -> Result<Arc<dyn OAuthHttpClient>, AuthError> {
        Ok(Arc::new(GuardedHttp {
            inner: Box::new(default_oauth_http_client()?),
            handoff,
            dpop,
        }))
    }
}

impl OAuthHttpClient for GuardedHttp {
    fn execute(&self, request: OAuthHttpRequest) -> OAuthHttpClientFuture<'_> {
        if let Some(response) = self.handed_off(&request) {
            return Box::pin(async move { Ok(response) });
        }
        if let Some(refusal) = insecure(&request.request.uri().to_string()) {
            return Box::pin(async move { Err(OAuthHttpClientError::from(refusal)) });
        }
        // A token request goes out on a connection of its own (with a proof when DPoP holds a
        // key). On the shared client it could reuse a connection the server had closed while
        // the user was in the browser, and the server reset it: the code exchange failed as
        // "Request failed" (the conformance suite's servers drop idle connections after 5 s).
        if is_token_request(&request) {
            let dpop = self.dpop.clone();
            return Box::pin(async move { token_request(&dpop, &request.request).await });
        }
        self.inner.execute(request)
    }
}

/// A token endpoint request (every grant and refresh): a form POST naming its grant type.
fn is_token_request(request: &OAuthHttpRequest) -> bool {
    request.request.method() == http::Method::POST
        && String::from_utf8_lossy(request.request.body()).contains("grant_type=")
}

impl GuardedHttp {
    /// For a refresh-token grant while a handoff waits: the tokens another process got.
    fn handed_off(&self, request: &OAuthHttpRequest) -> Option<HttpResponse> {
        let refresh =
            String::from_utf8_lossy(request.request.body()).contains("grant_type=refresh_token");
        let body = self.handoff.as_ref().filter(|_| refresh)?.take()?;
        http::Response::builder()
            .status(200)
            .header(http::header::CONTENT_TYPE, "application/json")
            .body(body.to_string().into_bytes())
            .ok()
    }
}

/// Why `url` may not carry OAuth traffic, if it may not: `http://` to a host that is not
/// loopback.
pub(crate) fn insecure(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    if parsed.scheme() != "http" || is_loopback(&parsed) {
        return None;
    }
    Some(format!(
        "refusing {url}: plain http:// to a host that is not loopback would send OAuth codes and \
         tokens unencrypted; the server's authorization endpoints must use https://"
    ))
}

fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::insecure;

    #[test]
    fn plain_http_only_to_loopback() {
        assert!(insecure("https://auth.example.com/token").is_none());
        assert!(insecure("http://127.0.0.1:9000/token").is_none());
        assert!(insecure("http://[::1]:9000/token").is_none());
        assert!(insecure("http://localhost/authorize").is_none());
        let refused = insecure("http://auth.example.com/token").unwrap();
        assert!(refused.contains("https://"), "{refused}");
        assert!(insecure("http://10.0.0.5/token").is_some());
    }
}

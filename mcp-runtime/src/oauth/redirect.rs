//! The redirect listener: a one-shot HTTP endpoint on 127.0.0.1 (a free port) where the
//! browser lands after the user approves, carrying `code` and `state` (or `error`).

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// What the authorization server sent back through the browser.
#[derive(Debug, Default)]
pub(crate) struct Callback {
    pub code: Option<String>,
    pub state: Option<String>,
    pub issuer: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// A bound listener and the redirect URI that names it.
pub(crate) struct RedirectListener {
    listener: TcpListener,
    uri: String,
}

const PATH: &str = "/callback";

impl RedirectListener {
    pub(crate) async fn bind() -> std::io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let port = listener.local_addr()?.port();
        Ok(RedirectListener {
            listener,
            uri: format!("http://127.0.0.1:{port}{PATH}"),
        })
    }

    pub(crate) fn uri(&self) -> &str {
        &self.uri
    }

    /// The first request to the callback path, or `None` after `timeout`. Other requests (a
    /// browser asking for `/favicon.ico`) get a 404 and the wait goes on.
    pub(crate) async fn wait(&self, timeout: Duration) -> Option<Callback> {
        tokio::time::timeout(timeout, async {
            loop {
                let Ok((mut stream, _)) = self.listener.accept().await else {
                    continue;
                };
                let target = read_request_target(&mut stream).await.unwrap_or_default();
                let Some(callback) = parse(&target) else {
                    let _ = stream
                        .write_all(response(404, "Not found.").as_bytes())
                        .await;
                    continue;
                };
                let page = if callback.error.is_some() {
                    response(
                        400,
                        "Authorization failed; see the terminal for the reason.",
                    )
                } else {
                    response(
                        200,
                        "Authorized. You can close this tab and return to the terminal.",
                    )
                };
                let _ = stream.write_all(page.as_bytes()).await;
                let _ = stream.shutdown().await;
                return callback;
            }
        })
        .await
        .ok()
    }
}

/// The request line's target (`/callback?code=…`), read up to the end of the first line.
async fn read_request_target(stream: &mut tokio::net::TcpStream) -> Option<String> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    while !buf.contains(&b'\n') && buf.len() < 16 * 1024 {
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut chunk))
            .await
            .ok()?
            .ok()?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let line = String::from_utf8_lossy(&buf);
    let mut parts = line.lines().next()?.split_whitespace();
    let (_method, target) = (parts.next()?, parts.next()?);
    Some(target.to_string())
}

fn parse(target: &str) -> Option<Callback> {
    let url = url::Url::parse(&format!("http://127.0.0.1{target}")).ok()?;
    if url.path() != PATH {
        return None;
    }
    let mut callback = Callback::default();
    for (key, value) in url.query_pairs() {
        let value = Some(value.into_owned());
        match key.as_ref() {
            "code" => callback.code = value,
            "state" => callback.state = value,
            "iss" => callback.issuer = value,
            "error" => callback.error = value,
            "error_description" => callback.error_description = value,
            _ => {}
        }
    }
    Some(callback)
}

fn response(status: u16, text: &str) -> String {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        _ => "Not Found",
    };
    let body =
        format!("<!doctype html><meta charset=utf-8><title>mcp-toolset</title><p>{text}</p>\n");
    format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/html; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn reads_code_state_and_errors() {
        let ok = parse("/callback?code=abc&state=s%201&iss=http%3A%2F%2Fx").unwrap();
        assert_eq!(ok.code.as_deref(), Some("abc"));
        assert_eq!(ok.state.as_deref(), Some("s 1"));
        assert_eq!(ok.issuer.as_deref(), Some("http://x"));
        let denied = parse("/callback?error=access_denied&error_description=no+way").unwrap();
        assert_eq!(denied.error_description.as_deref(), Some("no way"));
        assert!(parse("/favicon.ico").is_none());
    }
}

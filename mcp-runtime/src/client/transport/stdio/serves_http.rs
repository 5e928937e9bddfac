//! A server started over stdio that serves HTTP instead: its stderr says where it listens
//! ("Uvicorn running on http://127.0.0.1:5001"), and no answer ever comes on stdout. The
//! failed handshake then names the fix: connect to that address over HTTP.

/// Words with which servers announce the address they listen on.
const ANNOUNCES: &[&str] = &[
    "running on",
    "listening on",
    "listening at",
    "serving on",
    "serving at",
    "started on",
    "started at",
    "available at",
];

/// The address a line of stderr says the server listens on, as a client would reach it.
fn announced(line: &str) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    let at = ANNOUNCES
        .iter()
        .find_map(|w| lower.find(w).map(|i| i + w.len()))?;
    let start = at + lower[at..].find("http")?;
    let url: String = line[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ')' | ',' | '"' | '\''))
        .collect();
    let url = url.trim_end_matches(['.', '/']);
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return None;
    }
    // An address bound on every interface is reached on this machine's own.
    Some(url.replacen("//0.0.0.0", "//127.0.0.1", 1))
}

/// What a failed stdio handshake adds when the server's stderr says it serves HTTP.
pub(super) fn http_suffix(stderr: &[String]) -> String {
    let Some(url) = stderr.iter().rev().find_map(|l| announced(l)) else {
        return String::new();
    };
    format!(
        "; its stderr says it serves HTTP at {url}: start it yourself and connect with \
         `ServerSpec::http(\"{url}/mcp\")` (`--url {url}/mcp` in the CLI), or look for its \
         stdio option"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announced_address_is_found_and_named_as_a_client_reaches_it() {
        let line = "INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)";
        assert_eq!(announced(line).as_deref(), Some("http://127.0.0.1:30000"));
        let line = "Server listening at https://localhost:8443/.";
        assert_eq!(announced(line).as_deref(), Some("https://localhost:8443"));
        let suffix = http_suffix(&["Uvicorn running on http://127.0.0.1:5001".into()]);
        assert!(
            suffix.contains("`--url http://127.0.0.1:5001/mcp`"),
            "{suffix}"
        );
    }

    #[test]
    fn other_lines_with_an_address_are_not_an_announcement() {
        assert_eq!(
            announced("Connecting to InfluxDB at http://localhost:8086"),
            None
        );
        assert_eq!(announced("Server running on stdio"), None);
        assert_eq!(http_suffix(&["Error: see https://docs.example".into()]), "");
    }
}

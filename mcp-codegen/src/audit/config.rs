//! The config's own risks, entry by entry, from the entry as written (our canonical keys,
//! `${VAR}` not expanded): packages run without a version, remote servers over plain
//! `http://`, secrets written inline instead of `${env:NAME}`. No value is ever echoed: a
//! finding names the server and the field, and says how long the value is.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

use super::checks::regex;
use super::problem::EntryProblem;
use super::rules;

/// Words in a name that say its value is a secret (`GITHUB_PERSONAL_ACCESS_TOKEN`,
/// `x-api-key`, `--password`).
static SECRET_KEY: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"(?i)(?:^|[_\-.])(?:token|secret|password|passwd|pwd|pass|api_?key|apikey|key|private_?key|credentials?|auth|authorization|cookie|session|pat|bearer)(?:$|[_\-.])|^authorization$|^cookie$",
    )
});

/// Credentials of well-known services, recognisable by their shape wherever they sit.
static TOKEN_SHAPE: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"ghp_[A-Za-z0-9]{20,}|github_pat_\w{20,}|gh[ousr]_[A-Za-z0-9]{20,}|\bsk-[A-Za-z0-9_-]{20,}|\bsk_(?:live|test)_\w{10,}|xox[abposr]-[\w-]{10,}|\bAKIA[0-9A-Z]{16}\b|glpat-[\w-]{20,}|\bAIza[0-9A-Za-z_-]{35}|\beyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}|\bnpm_[A-Za-z0-9]{36}",
    )
});

/// A password in a URL's user part: `postgresql://user:secret@host/db`.
static URL_PASSWORD: LazyLock<Regex> =
    LazyLock::new(|| regex(r"[a-z][a-z0-9+.-]*://[^/\s:@]+:([^@\s/]+)@"));

/// A value that holds no secret yet: `<YOUR_TOKEN>`, `your-api-key`, `xxx`, `changeme`.
static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r"(?i)^<.*>$|^\{.*\}$|your[_\- ]|_here$|^x{3,}$|^\*+$|changeme|placeholder|^example|^\.\.\.$|^todo$",
    )
});

/// Every problem of the entry `written` (canonical keys, as written).
pub fn check_entry(written: &Map<String, Value>) -> Vec<EntryProblem> {
    let mut out = Vec::new();
    let strings = |key: &str| -> Vec<String> {
        match written.get(key) {
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    };
    if let Some(command) = written.get("command").and_then(Value::as_str) {
        let args = strings("args");
        out.extend(super::packages::unpinned(command, &args));
        secrets_in_args(&args, &mut out);
    }
    // By name, whatever order the file gave: the report is deterministic.
    for key in ["env", "headers"] {
        if let Some(Value::Object(map)) = written.get(key) {
            for (name, value) in sorted(map) {
                let value = value.as_str().unwrap_or_default();
                out.extend(inline_secret(&format!("/{key}/{name}"), name, value));
            }
        }
    }
    if let Some(Value::Object(oauth)) = written.get("oauth") {
        oauth_secrets(oauth, "/oauth", &mut out);
    }
    if let Some(url) = written.get("url").and_then(Value::as_str) {
        plain_http(url, &mut out);
        out.extend(inline_secret("/url", "url", url));
    }
    out
}

/// A secret in `value` written inline: under a secret's name, or in a token's shape, or as a
/// URL's password. `${…}` references and placeholders are fine.
fn inline_secret(path: &str, name: &str, value: &str) -> Option<EntryProblem> {
    let literal: String = strip_references(value);
    let literal = literal.trim();
    // `Bearer ${env:TOKEN}` leaves the scheme alone: no secret in it.
    let scheme =
        |word: &str| ["bearer", "basic", "token"].contains(&word.to_ascii_lowercase().as_str());
    let bare = match literal.split_once(' ') {
        Some((first, rest)) if scheme(first) => rest.trim(),
        _ if scheme(literal) => "",
        _ => literal,
    };
    let url_password = URL_PASSWORD
        .captures(literal)
        .and_then(|c| c.get(1))
        .is_some_and(|p| !PLACEHOLDER.is_match(p.as_str()));
    let secret_name = SECRET_KEY.is_match(name) || SECRET_KEY.is_match(&snake(name));
    let named = secret_name && !bare.is_empty() && !PLACEHOLDER.is_match(bare);
    let shaped = TOKEN_SHAPE.is_match(literal);
    if !(named && name != "url" || shaped || url_password) {
        return None;
    }
    let what = if url_password {
        "a password in the URL"
    } else {
        "a secret"
    };
    Some(EntryProblem {
        rule: &rules::INLINE_SECRET,
        path: path.to_string(),
        message: format!(
            "{what} written inline in `{}`: anyone who reads the config has it; write `${{env:NAME}}` and set NAME in the environment",
            path.trim_start_matches('/').replace('/', ".")
        ),
        excerpt: format!(
            "{} = <{} characters, not shown>",
            path.trim_start_matches('/').replace('/', "."),
            value.chars().count()
        ),
    })
}

/// `oauth.client_secret`, `oauth.private_key` and their kin written inline, at any depth.
/// Fields that name where the secret is (`client_secret_env`, `private_key_file`) are fine.
fn oauth_secrets(map: &Map<String, Value>, at: &str, out: &mut Vec<EntryProblem>) {
    for (key, value) in sorted(map) {
        let path = format!("{at}/{key}");
        let lower = key.to_ascii_lowercase();
        let names_a_place = [
            "env",
            "file",
            "path",
            "url",
            "uri",
            "endpoint",
            "algorithm",
            "id",
        ]
        .iter()
        .any(|end| lower.ends_with(end));
        match value {
            Value::Object(inner) => oauth_secrets(inner, &path, out),
            Value::String(text) if !names_a_place => out.extend(inline_secret(&path, key, text)),
            _ => {}
        }
    }
}

/// A map's entries by key (serde_json keeps a file's order when `preserve_order` is on).
fn sorted(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<(&String, &Value)> = map.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// `clientSecret` → `client_secret`: camelCase names read by the same pattern.
fn snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// `value` with every `${…}` reference (and VS Code's `${input:…}`) taken out.
fn strip_references(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        match rest[start..].find('}') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// `--token X`, `--api-key=X`, and token-shaped or password-bearing arguments.
fn secrets_in_args(args: &[String], out: &mut Vec<EntryProblem>) {
    for (i, arg) in args.iter().enumerate() {
        let path = format!("/args/{i}");
        let found = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with('-') => inline_secret(&path, flag, value),
            _ if arg.starts_with('-') => args
                .get(i + 1)
                .filter(|next| !next.starts_with('-'))
                .and_then(|next| inline_secret(&format!("/args/{}", i + 1), arg, next)),
            _ => inline_secret(&path, "", arg),
        };
        if let Some(problem) = found
            && !out.iter().any(|p| p.path == problem.path)
        {
            out.push(problem);
        }
    }
}

/// A remote server over plain `http://` (loopback is fine: nothing crosses a network).
fn plain_http(url: &str, out: &mut Vec<EntryProblem>) {
    let Some(rest) = url.strip_prefix("http://") else {
        return;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    let loopback = host == "localhost"
        || host.ends_with(".localhost")
        || host == "::1"
        || host.starts_with("127.")
        || host.starts_with("${");
    if loopback {
        return;
    }
    out.push(EntryProblem {
        rule: &rules::PLAIN_HTTP,
        path: "/url".into(),
        message: format!(
            "the server at `{host}` is reached over plain http://: its tools' text, every argument and every token can be read and changed on the way; use https://"
        ),
        excerpt: format!("http://{host}/…"),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules_of(entry: Value) -> Vec<(&'static str, String)> {
        check_entry(entry.as_object().unwrap())
            .into_iter()
            .map(|p| (p.rule.name, p.path))
            .collect()
    }

    #[test]
    fn inline_secrets_are_found_and_references_are_not() {
        let entry = serde_json::json!({"command": "srv", "args": ["--token", "abc123def", "--port=80", "postgresql://me:hunter2@db/x"],
            "env": {"GITHUB_TOKEN": "ghp_aaaaaaaaaaaaaaaaaaaaaaaa", "SLACK_BOT_TOKEN": "${env:SLACK}", "TZ": "UTC", "API_KEY": "<YOUR_KEY>"}});
        assert_eq!(
            rules_of(entry),
            [
                ("inline-secret", "/args/1".to_string()),
                ("inline-secret", "/args/3".to_string()),
                ("inline-secret", "/env/GITHUB_TOKEN".to_string()),
            ]
        );
        let headers = serde_json::json!({"url": "https://x.example/mcp", "headers": {"Authorization": "Bearer sekret", "X-Trace": "1"}});
        assert_eq!(
            rules_of(headers),
            [("inline-secret", "/headers/Authorization".to_string())]
        );
        let referenced = serde_json::json!({"url": "https://x.example/mcp", "headers": {"Authorization": "Bearer ${env:TOKEN}"}});
        assert!(rules_of(referenced).is_empty());
    }

    #[test]
    fn oauth_keys_inline_are_found_and_their_places_are_not() {
        let entry = serde_json::json!({"url": "https://x.example/mcp", "oauth": {
            "client_id": "agent", "private_key": "-----BEGIN PRIVATE KEY-----",
            "client_secret_env": "AGENT_SECRET", "private_key_file": "keys/a.pem",
            "enterprise": {"tokenEndpoint": "https://idp.example/token", "idTokenEnv": "IDP_TOKEN", "clientSecret": "s3cr3t"}}});
        assert_eq!(
            rules_of(entry),
            [
                (
                    "inline-secret",
                    "/oauth/enterprise/clientSecret".to_string()
                ),
                ("inline-secret", "/oauth/private_key".to_string()),
            ]
        );
    }

    #[test]
    fn no_value_is_shown() {
        let entry = serde_json::json!({"command": "srv", "env": {"GITHUB_TOKEN": "ghp_aaaaaaaaaaaaaaaaaaaaaaaa"}});
        let problem = &check_entry(entry.as_object().unwrap())[0];
        assert!(!format!("{problem:?}").contains("ghp_aaaa"), "{problem:?}");
        assert!(
            problem.excerpt.contains("28 characters"),
            "{}",
            problem.excerpt
        );
    }

    #[test]
    fn plain_http_is_found_but_loopback_is_not() {
        let remote = serde_json::json!({"url": "http://mcp.example.com/mcp"});
        assert_eq!(rules_of(remote), [("plain-http", "/url".to_string())]);
        for url in [
            "http://127.0.0.1:8080/mcp",
            "http://localhost/mcp",
            "http://[::1]:9/mcp",
            "https://x.example/mcp",
        ] {
            assert!(
                rules_of(serde_json::json!({"url": url})).is_empty(),
                "{url}"
            );
        }
    }
}

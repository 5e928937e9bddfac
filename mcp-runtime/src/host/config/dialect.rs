//! Each client's keys in our terms. An entry is rewritten into one canonical map (`command`,
//! `args`, `env`, `cwd`, `url`, `headers`, `type`, `disabled`, `timeout`, `connect_timeout`,
//! `bearer_token_env`, `auth`, `oauth`, `retry`, `pool`, `tools`, `prefix`, `lifecycle`, `connect`,
//! `snapshot`,
//! `allow_unapproved_tools`), which `entry.rs` reads.
//! Keys other clients use that mean nothing here pass silently; any other key is a warning that
//! names the closest known key; contradictions skip the entry, naming both keys.

use serde_json::{Map, Value, json};

use super::formats::{Dialect, RawEntry};

/// Keys we read, after translation (also what a misspelt key is compared with).
const CANONICAL: &[&str] = &[
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "type",
    "disabled",
    "timeout",
    "timeout_ms",
    "connect_timeout",
    "bearer_token_env",
    "auth",
    "oauth",
    "retry",
    "pool",
    "tools",
    "prefix",
    "lifecycle",
    "connect",
    "snapshot",
    "allow_unapproved_tools",
    "replay",
    "replay_ignore",
];

/// Keys of other clients and frameworks, translated below.
const TRANSLATED: &[&str] = &[
    "transport",
    "transportType",
    "httpUrl",
    "serverUrl",
    "includeTools",
    "excludeTools",
    "retryCount",
    "poolMinSize",
    "poolMaxSize",
    "enabled",
    "enabled_tools",
    "disabled_tools",
    "bearer_token_env_var",
    "startup_timeout_sec",
    "tool_timeout_sec",
    "http_headers",
    "env_http_headers",
    "allowUnapprovedTools",
];

/// Keys other clients use for things we do not need: accepted without a word.
const FOREIGN: &[&str] = &[
    "trust",
    "autoApprove",
    "alwaysAllow",
    "description",
    "name",
    "icon",
    "source",
    "settings",
    "gallery",
    "version",
    "disabledTools",
    "networkTimeout",
    "env_vars",
    "envFile",
];

/// Gemini CLI keys: an entry with one of them is Gemini's, timeouts in milliseconds.
const GEMINI_ONLY: &[&str] = &["httpUrl", "trust", "includeTools", "excludeTools"];

/// The entry in canonical keys, and warnings about keys that were not understood.
pub(super) fn canonical(raw: &RawEntry) -> Result<(Map<String, Value>, Vec<String>), String> {
    let map = raw.value.as_object().ok_or("the entry is not an object")?;
    if let Some(input) = vs_code_input(&raw.value) {
        return Err(format!(
            "`${{input:{input}}}` is a VS Code input prompt, which cannot be shown here; put the \
             value in an environment variable and write `${{env:NAME}}` instead"
        ));
    }
    let gemini = raw.dialect == Dialect::Gemini || GEMINI_ONLY.iter().any(|k| map.contains_key(*k));
    let mut out = map.clone();
    let mut warnings = Vec::new();
    for key in map.keys() {
        let known = CANONICAL.contains(&key.as_str())
            || TRANSLATED.contains(&key.as_str())
            || FOREIGN.contains(&key.as_str());
        if !known {
            out.remove(key);
            warnings.push(unknown_key(key));
        }
    }
    zed_command(&mut out);
    transport(&mut out, gemini)?;
    codex(&mut out);
    camel_case(&mut out);
    tool_lists(&mut out);
    if gemini && let Some(ms) = out.remove("timeout") {
        out.insert("timeout_ms".into(), ms);
    }
    warnings.extend(seconds_that_look_like_ms(&out));
    for key in TRANSLATED.iter().chain(FOREIGN) {
        out.remove(*key);
    }
    Ok((out, warnings))
}

/// Above this many seconds, a plain `timeout` was probably written in milliseconds.
const PLAUSIBLE_SECONDS: f64 = 600.0;

/// A warning for a plain `timeout` so large it was probably meant as milliseconds: several
/// clients write it so, and 3000 read as seconds is a call that may hang for 50 minutes.
fn seconds_that_look_like_ms(out: &Map<String, Value>) -> Option<String> {
    let seconds = out.get("timeout")?.as_f64()?;
    (seconds > PLAUSIBLE_SECONDS).then(|| {
        format!(
            "`timeout` {seconds} is read as seconds ({minutes:.0} minutes); Claude Code, Gemini \
             CLI, opencode and the Copilot SDK write milliseconds. If you meant {ms} s, write \
             `\"timeout_ms\": {seconds}` (or `\"timeout\": {ms}`)",
            minutes = seconds / 60.0,
            ms = seconds / 1000.0,
        )
    })
}

/// The first `${input:…}` variable anywhere in the entry.
fn vs_code_input(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => {
            let start = s.find("${input:")? + "${input:".len();
            let end = s[start..].find('}')?;
            Some(s[start..start + end].to_string())
        }
        Value::Array(items) => items.iter().find_map(vs_code_input),
        Value::Object(map) => map.values().find_map(vs_code_input),
        _ => None,
    }
}

fn unknown_key(key: &str) -> String {
    let closest = CANONICAL
        .iter()
        .chain(TRANSLATED)
        .map(|k| (strsim::jaro_winkler(key, k), *k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(score, _)| *score > 0.8);
    match closest {
        Some((_, k)) => format!("unknown key `{key}` ignored (did you mean `{k}`?)"),
        None => format!("unknown key `{key}` ignored"),
    }
}

/// Zed: `"command": {"path": …, "args": […], "env": {…}}`.
fn zed_command(map: &mut Map<String, Value>) {
    let Some(Value::Object(command)) = map.get("command").cloned() else {
        return;
    };
    map.remove("command");
    for (from, to) in [("path", "command"), ("args", "args"), ("env", "env")] {
        if let Some(v) = command.get(from) {
            map.insert(to.into(), v.clone());
        }
    }
}

/// `type`, `transport` (agent frameworks), `transportType` (Cline), `httpUrl` (Gemini) and
/// `serverUrl` (Windsurf) become one `type` and one `url`.
fn transport(map: &mut Map<String, Value>, gemini: bool) -> Result<(), String> {
    let named = |map: &Map<String, Value>, key: &str| {
        map.get(key)
            .and_then(Value::as_str)
            .map(|t| (key.to_string(), normal_type(t)))
    };
    let stated: Vec<(String, String)> = ["type", "transport", "transportType"]
        .iter()
        .filter_map(|k| named(map, k))
        .collect();
    if let [(k1, t1), rest @ ..] = stated.as_slice()
        && let Some((k2, t2)) = rest.iter().find(|(_, t)| t != t1)
    {
        return Err(format!(
            "`{k1}: \"{t1}\"` contradicts `{k2}: \"{t2}\"`; keep one"
        ));
    }
    let mut kind = stated.first().map(|(_, t)| t.clone());
    for key in ["httpUrl", "serverUrl"] {
        if let Some(url) = map.get(key).cloned() {
            if map.contains_key("url") {
                return Err(format!("has both `{key}` and `url`; keep one"));
            }
            map.insert("url".into(), url);
            kind.get_or_insert_with(|| "http".into());
        }
    }
    // Gemini CLI's `url` is its SSE endpoint (`httpUrl` is streamable HTTP).
    if gemini && kind.is_none() && map.contains_key("url") {
        kind = Some("sse".into());
    }
    if kind.as_deref() == Some("stdio") && map.contains_key("url") {
        let key = stated
            .first()
            .map_or("type", |(k, _)| k.as_str())
            .to_string();
        return Err(format!(
            "`{key}: \"stdio\"` contradicts `url`; a stdio server needs `command`"
        ));
    }
    if let Some(kind) = kind {
        map.insert("type".into(), Value::String(kind));
    }
    Ok(())
}

fn normal_type(t: &str) -> String {
    match t {
        "streamable-http" | "streamableHttp" | "streamable_http" | "http" => "http".into(),
        other => other.to_string(),
    }
}

/// Codex: `enabled`, `bearer_token_env_var`, `startup_timeout_sec`, `tool_timeout_sec`,
/// `http_headers` (values) and `env_http_headers` (names of env variables holding values).
fn codex(map: &mut Map<String, Value>) {
    if let Some(Value::Object(headers)) = map.get("http_headers").cloned() {
        let ours = object(map, "headers");
        for (k, v) in headers {
            ours.entry(k).or_insert(v);
        }
    }
    if let Some(Value::Object(headers)) = map.get("env_http_headers").cloned() {
        let ours = object(map, "headers");
        for (k, var) in headers {
            if let Some(var) = var.as_str() {
                ours.entry(k)
                    .or_insert(Value::String(format!("${{{var}}}")));
            }
        }
    }
    if let Some(Value::Bool(enabled)) = map.get("enabled") {
        map.insert("disabled".into(), Value::Bool(!enabled));
    }
    for (from, to) in [
        ("bearer_token_env_var", "bearer_token_env"),
        ("startup_timeout_sec", "connect_timeout"),
        ("tool_timeout_sec", "timeout"),
    ] {
        if let Some(v) = map.get(from).cloned() {
            map.insert(to.into(), v);
        }
    }
}

/// The agent frameworks' `retryCount`, `poolMinSize`, `poolMaxSize`, beside ours.
fn camel_case(map: &mut Map<String, Value>) {
    if let Some(attempts) = map.get("retryCount").cloned() {
        object(map, "retry").entry("attempts").or_insert(attempts);
    }
    if let Some(allow) = map.get("allowUnapprovedTools").cloned() {
        map.entry("allow_unapproved_tools").or_insert(allow);
    }
    for (from, to) in [("poolMinSize", "min"), ("poolMaxSize", "max")] {
        if let Some(size) = map.get(from).cloned() {
            object(map, "pool").entry(to).or_insert(size);
        }
    }
}

/// Gemini's `includeTools` / `excludeTools`, Codex's `enabled_tools` / `disabled_tools`.
fn tool_lists(map: &mut Map<String, Value>) {
    for (from, to) in [
        ("includeTools", "allow"),
        ("enabled_tools", "allow"),
        ("excludeTools", "deny"),
        ("disabled_tools", "deny"),
    ] {
        if let Some(list) = map.get(from).cloned() {
            object(map, "tools").entry(to).or_insert(list);
        }
    }
}

/// `map[key]` as an object, made one if absent (a non-object stays for `entry.rs` to reject).
fn object<'a>(map: &'a mut Map<String, Value>, key: &str) -> &'a mut Map<String, Value> {
    let slot = map.entry(key).or_insert_with(|| json!({}));
    if !slot.is_object() {
        *slot = json!({});
    }
    slot.as_object_mut().expect("just made an object")
}

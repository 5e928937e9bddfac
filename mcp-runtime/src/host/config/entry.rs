//! One entry, in canonical keys (`dialect.rs`), read into a [`ServerConfig`].

use std::time::Duration;

use serde_json::{Map, Value};

use super::expand::expand_env;
use super::{ConnectWhen, Lifecycle, Pin, PoolSize, Retry, ServerConfig, ToolFilter};
use crate::{EnterpriseIdp, OAuthSpec, ServerSpec, WorkloadToken};

/// Where the entry's file is: its name for messages, its directory for relative paths.
#[derive(Clone, Copy)]
pub(super) struct Place<'a> {
    pub origin: &'a str,
    pub base: Option<&'a std::path::Path>,
}

pub(super) fn parse_entry(
    name: &str,
    map: &Map<String, Value>,
    place: Place<'_>,
) -> Result<ServerConfig, String> {
    let spec = match opt_string(map, "replay")? {
        Some(cassette) => replay_spec(map, &cassette, place)?,
        None => relative_to(parse_spec(map)?, place),
    };
    let disabled = match map.get("disabled") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("`disabled` must be true or false".into()),
    };
    let timeout = match (map.get("timeout"), map.get("timeout_ms")) {
        (Some(v), _) => Some(Duration::from_secs_f64(positive(v, "timeout")?)),
        (None, Some(v)) => Some(Duration::from_secs_f64(positive(v, "timeout_ms")? / 1000.0)),
        (None, None) => None,
    };
    let connect_timeout = match map.get("connect_timeout") {
        Some(v) => Some(Duration::from_secs_f64(positive(v, "connect_timeout")?)),
        None => None,
    };
    let retry = parse_retry(map)?;
    let pool = parse_pool(map)?;
    let tools = parse_tools(map)?;
    let prefix = opt_string(map, "prefix")?;
    let lifecycle = parse_lifecycle(map)?;
    let pin = parse_pin(name, map, place)?;
    let connect = parse_connect(map, pin.is_some())?;
    Ok(ServerConfig {
        pin,
        name: name.to_string(),
        spec,
        retry,
        pool,
        tools,
        prefix,
        lifecycle,
        connect,
        disabled,
        timeout,
        connect_timeout,
    })
}

/// `snapshot` (loaded now: an entry whose snapshot cannot be read is skipped, so its tools
/// are never offered unpinned) and `allow_unapproved_tools`.
fn parse_pin(
    name: &str,
    map: &Map<String, Value>,
    place: Place<'_>,
) -> Result<Option<Pin>, String> {
    let allow_new = match map.get("allow_unapproved_tools") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("`allow_unapproved_tools` must be true or false".into()),
    };
    let Some(path) = opt_string(map, "snapshot")? else {
        return match allow_new {
            true => Err("`allow_unapproved_tools` needs a `snapshot` to pin to".into()),
            false => Ok(None),
        };
    };
    let pin = Pin::from_entry(&path, place.base, place.origin, name)?;
    Ok(Some(pin.allow_new(allow_new)))
}

/// `"replay": "cassettes/x.json"`: the cassette answers instead of the server (relative to the
/// config file); it wins over `command` and `url`, so an entry can keep both. `replay_ignore`
/// lists JSON Pointers into params that matching skips.
fn replay_spec(
    map: &Map<String, Value>,
    cassette: &str,
    place: Place<'_>,
) -> Result<ServerSpec, String> {
    let path = match place.base {
        Some(dir) if std::path::Path::new(cassette).is_relative() => dir.join(cassette),
        _ => std::path::PathBuf::from(cassette),
    };
    let mut spec = ServerSpec::replay(path);
    for pointer in string_list(map, "replay_ignore")? {
        spec = spec.ignoring(pointer);
    }
    Ok(spec.into())
}

/// A relative `oauth.private_key_file` or `oauth.workload_token_file` starts from the config
/// file's directory.
fn relative_to(mut spec: ServerSpec, place: Place<'_>) -> ServerSpec {
    if let (ServerSpec::Http(http), Some(dir)) = (&mut spec, place.base)
        && let Some(oauth) = &mut http.oauth
    {
        let workload = match oauth.workload_token.as_deref_mut() {
            Some(WorkloadToken::File(path)) => Some(path),
            _ => None,
        };
        for path in oauth.private_key_file.iter_mut().chain(workload) {
            if path.is_relative() {
                *path = dir.join(&*path);
            }
        }
    }
    spec
}

/// The transport: `command` → stdio, `url` → streamable HTTP (or legacy SSE with `type:
/// "sse"`), as `type` allows.
fn parse_spec(map: &Map<String, Value>) -> Result<ServerSpec, String> {
    let transport = opt_string(map, "type")?;
    let command = opt_string(map, "command")?;
    let url = opt_string(map, "url")?;
    let spec = match (transport.as_deref(), command, url) {
        (_, Some(_), Some(_)) => return Err("has both `command` and `url`; keep one".into()),
        (Some(t @ ("http" | "sse")), Some(_), None) => {
            return Err(format!("`type: \"{t}\"` needs `url`, not `command`"));
        }
        (Some("stdio") | None, Some(command), None) => stdio_spec(map, command)?,
        (Some("sse"), None, Some(url)) => http_spec(map, url, true)?,
        (Some("http") | None, None, Some(url)) => http_spec(map, url, false)?,
        (Some("stdio"), None, _) => return Err("`type: \"stdio\"` needs `command`".into()),
        (Some(other), _, _) => {
            return Err(format!(
                "unknown `type: \"{other}\"` (expected stdio, http or sse)"
            ));
        }
        (None, None, None) => return Err("needs `command` (stdio) or `url` (HTTP)".into()),
    };
    Ok(spec)
}

fn stdio_spec(map: &Map<String, Value>, command: String) -> Result<ServerSpec, String> {
    if parse_oauth(map)?.is_some() {
        return Err("`auth` / `oauth` apply to HTTP servers (`url`), not `command`".into());
    }
    if command.trim().is_empty() {
        return Err("`command` is empty".into());
    }
    let mut spec = ServerSpec::stdio(command).args(string_list(map, "args")?);
    // What messages show of the arguments is their text as written, never an env value.
    let written = written_list(map, "args");
    if written.iter().any(|arg| arg.contains("${")) {
        spec = spec.written_args(written);
    }
    for (key, value) in string_map(map, "env")? {
        spec = spec.env(key, value);
    }
    if let Some(cwd) = opt_string(map, "cwd")? {
        spec = spec.cwd(cwd);
    }
    Ok(ServerSpec::from(spec))
}

fn http_spec(
    map: &Map<String, Value>,
    url: String,
    legacy_sse: bool,
) -> Result<ServerSpec, String> {
    let mut spec = if legacy_sse {
        ServerSpec::sse(url)
    } else {
        ServerSpec::http(url)
    };
    for (key, value) in string_map(map, "headers")? {
        spec = spec.header(key, value);
    }
    // Codex's `bearer_token_env_var`: the token is read from that variable now.
    if let Some(var) = opt_string(map, "bearer_token_env")? {
        match std::env::var(&var) {
            Ok(token) if !token.is_empty() => spec = spec.bearer_token(token),
            _ => {
                return Err(format!(
                    "`bearer_token_env_var` names `{var}`, which is not set"
                ));
            }
        }
    }
    if let Some(oauth) = parse_oauth(map)? {
        spec = spec.oauth(oauth);
    }
    Ok(ServerSpec::from(spec))
}

/// `"auth": "oauth"`, and `"oauth": {"client_id", "client_secret_env", "private_key_file",
/// "private_key_env", "signing_algorithm", "workload_token_file", "workload_token_env",
/// "enterprise", "client_metadata_url", "scopes", "dpop"}` (Gemini's
/// `clientId` and `enabled` too). An `oauth` object alone means OAuth unless `enabled` is false.
fn parse_oauth(map: &Map<String, Value>) -> Result<Option<OAuthSpec>, String> {
    let asked = match map.get("auth") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s == "oauth" => Some(true),
        Some(Value::String(s)) if s == "none" => Some(false),
        Some(_) => return Err("`auth` must be \"oauth\" or \"none\"".into()),
    };
    let settings = match map.get("oauth") {
        None | Some(Value::Null) => None,
        Some(Value::Object(o)) => Some(o),
        Some(_) => {
            return Err(
                "`oauth` must be an object like {\"client_id\": \"…\", \"scopes\": [\"read\"]}"
                    .into(),
            );
        }
    };
    let enabled = settings
        .and_then(|o| o.get("enabled"))
        .and_then(Value::as_bool);
    if !asked.unwrap_or(settings.is_some() && enabled != Some(false)) {
        return Ok(None);
    }
    let Some(o) = settings else {
        return Ok(Some(OAuthSpec::default()));
    };
    oauth_settings(o).map(Some)
}

fn oauth_settings(o: &Map<String, Value>) -> Result<OAuthSpec, String> {
    if o.contains_key("client_secret") || o.contains_key("clientSecret") {
        return Err(
            "`oauth.client_secret` puts a secret in the config file: put it in an \
                    environment variable and name that with `oauth.client_secret_env`"
                .into(),
        );
    }
    let mut spec = OAuthSpec::default();
    let id = opt_string(o, "client_id")?.or(opt_string(o, "clientId")?);
    if let Some(id) = id {
        spec = spec.client_id(id);
    }
    let secret_env = opt_string(o, "client_secret_env")?.or(opt_string(o, "clientSecretEnv")?);
    if let Some(var) = secret_env {
        if spec.client_id.is_none() {
            return Err("`oauth.client_secret_env` needs `oauth.client_id`".into());
        }
        spec = spec.client_secret_env(var);
    }
    spec = private_key(o, spec)?;
    spec = workload_token(o, spec)?;
    if let Some(idp) = enterprise(o)? {
        if spec.client_id.is_none() {
            return Err(
                "`oauth.enterprise` needs `oauth.client_id` (this client at the \
                        server's authorization server)"
                    .into(),
            );
        }
        spec = spec.enterprise(idp);
    }
    match o.get("dpop") {
        None | Some(Value::Null) => {}
        Some(Value::Bool(bind)) => spec = spec.dpop(*bind),
        Some(_) => return Err("`oauth.dpop` must be true or false".into()),
    }
    let metadata = opt_string(o, "client_metadata_url")?.or(opt_string(o, "clientMetadataUrl")?);
    if let Some(url) = metadata {
        spec = spec.client_metadata_url(url);
    }
    let scopes = match o.get("scopes") {
        Some(Value::String(s)) => s.split_whitespace().map(str::to_string).collect(),
        _ => string_list(o, "scopes").map_err(|e| format!("oauth: {e}"))?,
    };
    Ok(spec.scopes(scopes))
}

/// `"private_key_file"` / `"private_key_env"` (the client's key signing its assertion:
/// `private_key_jwt`) and `"signing_algorithm"`; camelCase too. The key itself never goes in a
/// config: a file path or a variable's name does.
fn private_key(o: &Map<String, Value>, mut spec: OAuthSpec) -> Result<OAuthSpec, String> {
    if o.contains_key("private_key") || o.contains_key("privateKey") {
        return Err(
            "`oauth.private_key` puts a key in the config file: keep it in a file or an \
                    environment variable and name that with `oauth.private_key_file` or \
                    `oauth.private_key_env`"
                .into(),
        );
    }
    let file = opt_string(o, "private_key_file")?.or(opt_string(o, "privateKeyFile")?);
    let env = opt_string(o, "private_key_env")?.or(opt_string(o, "privateKeyEnv")?);
    if (file.is_some() || env.is_some()) && spec.client_id.is_none() {
        return Err("`oauth.private_key_file` / `private_key_env` need `oauth.client_id`".into());
    }
    if let Some(path) = file {
        spec = spec.private_key_file(path);
    }
    if let Some(var) = env {
        spec = spec.private_key_env(var);
    }
    let algorithm = opt_string(o, "signing_algorithm")?.or(opt_string(o, "signingAlgorithm")?);
    if let Some(algorithm) = algorithm {
        spec = spec.signing_algorithm(algorithm);
    }
    Ok(spec)
}

/// `"workload_token_file"` / `"workload_token_env"` (camelCase too): workload identity, the
/// platform's token read from that file or variable at each grant.
fn workload_token(o: &Map<String, Value>, spec: OAuthSpec) -> Result<OAuthSpec, String> {
    let file = opt_string(o, "workload_token_file")?.or(opt_string(o, "workloadTokenFile")?);
    let env = opt_string(o, "workload_token_env")?.or(opt_string(o, "workloadTokenEnv")?);
    if file.is_none() && env.is_none() {
        return Ok(spec);
    }
    if spec.client_id.is_none() {
        return Err(
            "`oauth.workload_token_file` / `workload_token_env` need `oauth.client_id` (the \
             workload's id at the authorization server)"
                .into(),
        );
    }
    match (file, env) {
        (Some(_), Some(_)) => Err(
            "`oauth.workload_token_file` and `oauth.workload_token_env` name two tokens: keep one"
                .into(),
        ),
        (Some(path), None) => Ok(spec.workload_token_file(path)),
        (None, Some(var)) => Ok(spec.workload_token_env(var)),
        (None, None) => Ok(spec),
    }
}

/// `"enterprise": {"issuer", "token_endpoint", "client_id", "client_secret_env",
/// "id_token_env"}` (camelCase too): cross-app access through that identity provider.
fn enterprise(o: &Map<String, Value>) -> Result<Option<EnterpriseIdp>, String> {
    let e = match o.get("enterprise") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(e)) => e,
        Some(_) => return Err("`oauth.enterprise` must be an object".into()),
    };
    let field = |snake: &str, camel: &str| -> Result<Option<String>, String> {
        Ok(opt_string(e, snake)?.or(opt_string(e, camel)?))
    };
    let needed = |snake: &str, camel: &str| -> Result<String, String> {
        field(snake, camel)?.ok_or_else(|| format!("`oauth.enterprise` needs `{snake}`"))
    };
    let mut idp = EnterpriseIdp::new(
        needed("issuer", "issuer")?,
        needed("token_endpoint", "tokenEndpoint")?,
        needed("client_id", "clientId")?,
        needed("id_token_env", "idTokenEnv")?,
    );
    if let Some(var) = field("client_secret_env", "clientSecretEnv")? {
        idp = idp.client_secret_env(var);
    }
    Ok(Some(idp))
}

/// `"retry": {"attempts": 3, "base_delay_ms": 200}`.
fn parse_retry(map: &Map<String, Value>) -> Result<Retry, String> {
    Ok(match map.get("retry") {
        None | Some(Value::Null) => Retry::default(),
        Some(Value::Object(r)) => Retry {
            attempts: match r.get("attempts") {
                None => Retry::default().attempts,
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=100).contains(n))
                    .ok_or("`retry.attempts` must be an integer from 1 to 100")?
                    as u32,
            },
            base_delay: match r.get("base_delay_ms") {
                None => Retry::default().base_delay,
                Some(v) => Duration::from_millis(
                    v.as_u64()
                        .ok_or("`retry.base_delay_ms` must be a non-negative integer")?,
                ),
            },
        },
        Some(_) => {
            return Err(
                "`retry` must be an object like {\"attempts\": 3, \"base_delay_ms\": 200}".into(),
            );
        }
    })
}

/// `"pool": {"min": 1, "max": 4, "acquire_timeout_ms": 5000}`.
fn parse_pool(map: &Map<String, Value>) -> Result<PoolSize, String> {
    Ok(match map.get("pool") {
        None | Some(Value::Null) => PoolSize::default(),
        Some(Value::Object(p)) => {
            let size = |key: &str, default: usize| -> Result<usize, String> {
                match p.get(key) {
                    None => Ok(default),
                    Some(v) => v
                        .as_u64()
                        .filter(|n| (1..=256).contains(n))
                        .map(|n| n as usize)
                        .ok_or(format!("`pool.{key}` must be an integer from 1 to 256")),
                }
            };
            let max = size("max", 1)?;
            let min = size("min", 1)?.min(max);
            let acquire_timeout = match p.get("acquire_timeout_ms") {
                None => PoolSize::default().acquire_timeout,
                Some(v) => Duration::from_millis(
                    v.as_u64()
                        .filter(|n| *n > 0)
                        .ok_or("`pool.acquire_timeout_ms` must be a positive integer")?,
                ),
            };
            PoolSize {
                min,
                max,
                acquire_timeout,
            }
        }
        Some(_) => return Err("`pool` must be an object like {\"min\": 1, \"max\": 4}".into()),
    })
}

/// `"tools": {"allow": [...], "deny": [...]}`.
fn parse_tools(map: &Map<String, Value>) -> Result<ToolFilter, String> {
    Ok(match map.get("tools") {
        None | Some(Value::Null) => ToolFilter::default(),
        Some(Value::Object(t)) => ToolFilter {
            allow: t
                .get("allow")
                .map_or(Ok(Vec::new()), |_| string_list(t, "allow"))
                .map_err(|e| format!("tools: {e}"))?,
            deny: t
                .get("deny")
                .map_or(Ok(Vec::new()), |_| string_list(t, "deny"))
                .map_err(|e| format!("tools: {e}"))?,
        },
        Some(_) => {
            return Err(
                "`tools` must be an object like {\"allow\": [\"read_*\"], \"deny\": []}".into(),
            );
        }
    })
}

/// `"lifecycle": "persistent" | "per-call"`.
fn parse_lifecycle(map: &Map<String, Value>) -> Result<Lifecycle, String> {
    Ok(match opt_string(map, "lifecycle")?.as_deref() {
        None | Some("persistent") => Lifecycle::Persistent,
        Some("per-call") => Lifecycle::PerCall,
        Some(other) => {
            return Err(format!(
                "`lifecycle` must be \"persistent\" or \"per-call\", not \"{other}\""
            ));
        }
    })
}

/// `"connect": "at-start" | "on-first-call"`; the latter only with a snapshot, whose tools
/// are what is offered until then.
fn parse_connect(map: &Map<String, Value>, pinned: bool) -> Result<ConnectWhen, String> {
    Ok(match opt_string(map, "connect")?.as_deref() {
        None | Some("at-start") => ConnectWhen::AtStart,
        Some("on-first-call") if pinned => ConnectWhen::OnFirstCall,
        Some("on-first-call") => {
            return Err("`connect: \"on-first-call\"` needs a `snapshot`: without one its tools are unknown until it connects (take one with `mcp-codegen snapshot`)".into());
        }
        Some(other) => {
            return Err(format!(
                "`connect` must be \"at-start\" or \"on-first-call\", not \"{other}\""
            ));
        }
    })
}

fn positive(value: &Value, field: &str) -> Result<f64, String> {
    match value.as_f64() {
        Some(n) if n > 0.0 && n.is_finite() => Ok(n),
        _ => Err(format!("`{field}` must be a positive number")),
    }
}

fn opt_string(map: &Map<String, Value>, field: &str) -> Result<Option<String>, String> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(expand_env(s))),
        Some(_) => Err(format!("`{field}` must be a string")),
    }
}

fn string_list(map: &Map<String, Value>, field: &str) -> Result<Vec<String>, String> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => Ok(expand_env(s)),
                Value::Number(n) => Ok(n.to_string()),
                _ => Err(format!("`{field}[{i}]` must be a string")),
            })
            .collect(),
        Some(_) => Err(format!("`{field}` must be an array of strings")),
    }
}

/// A list's strings as written (`${VAR}` unexpanded); what is not a string is left out.
fn written_list(map: &Map<String, Value>, field: &str) -> Vec<String> {
    let items = map.get(field).and_then(Value::as_array);
    let text = |item: &Value| match item {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    items.into_iter().flatten().filter_map(text).collect()
}

fn string_map(map: &Map<String, Value>, field: &str) -> Result<Vec<(String, String)>, String> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(entries)) => entries
            .iter()
            .map(|(key, value)| match value {
                Value::String(s) => Ok((key.clone(), expand_env(s))),
                // Values are never echoed: they may be secrets.
                _ => Err(format!("`{field}.{key}` must be a string")),
            })
            .collect(),
        Some(_) => Err(format!("`{field}` must be an object of strings")),
    }
}

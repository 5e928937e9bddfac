//! The token store: one file per server under the user's config directory.
//!
//! `$XDG_CONFIG_HOME/mcp-toolset/oauth/` (or `~/.config/mcp-toolset/oauth/`), the directory
//! 0700 and every file 0600, written whole through a temporary file and a rename so a reader
//! never sees half a token. A file holds the server's URL (no query string), the authorization
//! server's metadata (so a connect need not discover it again) and rmcp's stored credentials.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rmcp::transport::auth::{AuthorizationMetadata, StoredCredentials};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::OAuthSpec;

/// What is kept for one server. `Debug` shows no token (rmcp's credentials redact theirs).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Record {
    /// The server's URL without credentials or query string.
    pub url: String,
    /// The authorization server's metadata, as discovered at login.
    pub metadata: Option<AuthorizationMetadata>,
    /// The resource the tokens are for (RFC 8707), as the server's metadata names it.
    #[serde(default)]
    pub resource: Option<String>,
    /// The client id and tokens.
    pub credentials: Option<StoredCredentials>,
    /// Why the last refresh was refused, when it was: the token is unusable until a login.
    #[serde(default)]
    pub refused: Option<String>,
}

/// One stored login as `mcp-codegen auth status` shows it: no token, ever.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LoginInfo {
    /// The server's URL (no query string).
    pub url: String,
    /// The authorization server that issued the tokens.
    pub issuer: Option<String>,
    /// The scopes granted.
    pub scopes: Vec<String>,
    /// When the access token expires, if the server said.
    pub expires_at: Option<SystemTime>,
    /// Whether a refresh token is kept (the login outlives the access token).
    pub refreshable: bool,
    /// Why the login can no longer be used, when the authorization server refused a refresh.
    pub refused: Option<String>,
}

/// The directory of token files.
#[derive(Clone, Debug)]
pub struct TokenStore {
    dir: PathBuf,
}

impl TokenStore {
    /// The store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        TokenStore { dir: dir.into() }
    }

    /// The store a spec names: its `store_dir`, else the user's config directory.
    pub fn for_spec(spec: &OAuthSpec) -> std::io::Result<Self> {
        match &spec.store_dir {
            Some(dir) => Ok(Self::new(dir)),
            None => Self::user(),
        }
    }

    /// `$XDG_CONFIG_HOME/mcp-toolset/oauth`, or `$HOME/.config/mcp-toolset/oauth`.
    pub fn user() -> std::io::Result<Self> {
        let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => match std::env::var_os("HOME").filter(|v| !v.is_empty()) {
                Some(home) => PathBuf::from(home).join(".config"),
                None => {
                    return Err(std::io::Error::other(
                        "neither XDG_CONFIG_HOME nor HOME is set: set one so OAuth tokens have a home",
                    ));
                }
            },
        };
        Ok(Self::new(base.join("mcp-toolset").join("oauth")))
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file that holds `url`'s tokens: the host for people, a hash of the URL for
    /// uniqueness.
    pub fn path(&self, url: &str) -> PathBuf {
        let key = store_key(url);
        let hash = Sha256::digest(key.as_bytes());
        let hex: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
        let host: String = key
            .split("://")
            .nth(1)
            .unwrap_or(&key)
            .split('/')
            .next()
            .unwrap_or_default()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.join(format!("{host}-{hex}.json"))
    }

    pub(crate) fn load(&self, url: &str) -> std::io::Result<Option<Record>> {
        read_record(&self.path(url))
    }

    pub(crate) fn save(&self, record: &Record) -> std::io::Result<()> {
        self.make_dir()?;
        let path = self.path(&record.url);
        let text = serde_json::to_vec_pretty(record).map_err(std::io::Error::other)?;
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let mut file = private_file(&tmp)?;
        file.write_all(&text)?;
        file.sync_all()?;
        std::fs::rename(&tmp, &path)
    }

    /// Whether a login is stored for `url` (usable or not).
    pub fn has_login(&self, url: &str) -> bool {
        self.path(&store_key(url)).exists()
    }

    /// Forgets `url`'s tokens; `false` when there were none.
    pub fn remove(&self, url: &str) -> std::io::Result<bool> {
        match std::fs::remove_file(self.path(url)) {
            Ok(()) => Ok(true),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(err) => Err(err),
        }
    }

    /// Every stored login, by URL.
    pub fn logins(&self) -> std::io::Result<Vec<LoginInfo>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(err) => return Err(err),
        };
        let mut out = Vec::new();
        for entry in entries {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "json")
                && let Some(record) = read_record(&path)?
            {
                out.push(login_info(&record));
            }
        }
        out.sort_by(|a, b| a.url.cmp(&b.url));
        Ok(out)
    }

    fn make_dir(&self) -> std::io::Result<()> {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&self.dir)?;
        // A directory made earlier by someone else keeps its mode unless told.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&self.dir, std::fs::Permissions::from_mode(0o700))?;
        }
        Ok(())
    }
}

/// The URL a store entry is keyed by.
pub(crate) use crate::spec::redact::url_key as store_key;

fn read_record(path: &Path) -> std::io::Result<Option<Record>> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err),
    };
    serde_json::from_slice(&bytes).map(Some).map_err(|err| {
        std::io::Error::other(format!(
            "{} is not a token file this version reads ({err}); delete it and log in again",
            path.display()
        ))
    })
}

fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

fn login_info(record: &Record) -> LoginInfo {
    let credentials = record.credentials.as_ref();
    // The token response as JSON: its fields are what RFC 6749 names them.
    let token = credentials
        .and_then(|c| c.token_response.as_ref())
        .and_then(|t| serde_json::to_value(t).ok())
        .unwrap_or_default();
    let expires_at = token["expires_in"].as_u64().and_then(|lifetime| {
        let received = credentials?.token_received_at?;
        Some(UNIX_EPOCH + Duration::from_secs(received.saturating_add(lifetime)))
    });
    LoginInfo {
        url: record.url.clone(),
        issuer: credentials
            .and_then(|c| c.issuer.clone())
            .or_else(|| record.metadata.as_ref().and_then(|m| m.issuer.clone())),
        scopes: credentials
            .map(|c| c.granted_scopes.clone())
            .unwrap_or_default(),
        expires_at,
        refreshable: token["refresh_token"].is_string(),
        refused: record.refused.clone(),
    }
}

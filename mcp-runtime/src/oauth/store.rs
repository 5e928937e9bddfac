//! The token store: one file per server under the user's config directory.
//!
//! `$XDG_CONFIG_HOME/mcp-toolset/oauth/` (or `~/.config/mcp-toolset/oauth/`), the directory
//! 0700 and every file 0600, written whole through a temporary file and a rename so a reader
//! never sees half a token. A file holds the server's URL (no query string) and its logins,
//! one per authorization server (`login_file.rs`): that server's metadata (so a connect need
//! not discover it again) and rmcp's stored credentials.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rmcp::transport::auth::{AuthorizationMetadata, StoredCredentials};
use sha2::{Digest, Sha256};

use super::login_file::{Login, LoginFile, StoredKey};
use crate::OAuthSpec;

/// One login of one server, as its callers use it. `Debug` shows no token (rmcp's
/// credentials redact theirs).
#[derive(Clone, Debug)]
pub(crate) struct Record {
    /// The server's URL without credentials or query string.
    pub url: String,
    /// The issuer the login is kept under ("" for a new one, or one that names none).
    pub issuer: String,
    /// The authorization server's metadata, as discovered at login.
    pub metadata: Option<AuthorizationMetadata>,
    /// The resource the tokens are for (RFC 8707), as the server's metadata names it.
    pub resource: Option<String>,
    /// The client id and tokens.
    pub credentials: Option<StoredCredentials>,
    /// Why the last refresh was refused, when it was: the token is unusable until a login.
    pub refused: Option<String>,
    /// The login's DPoP key, when its tokens are bound to one.
    pub dpop_key: Option<StoredKey>,
}

impl Record {
    /// Whether the authorization server bound the stored token to a key (`token_type` DPoP):
    /// one that offers DPoP but issued a bearer token is presented as bearer.
    pub(crate) fn dpop_bound(&self) -> bool {
        let token = self
            .credentials
            .as_ref()
            .and_then(|c| c.token_response.as_ref());
        token.is_some_and(|t| {
            use oauth2::TokenResponse as _;
            t.token_type().as_ref().eq_ignore_ascii_case("dpop")
        })
    }

    /// A login not stored yet.
    pub(crate) fn new(url: &str, issuer: Option<&str>) -> Record {
        Record::of(url, issuer.unwrap_or_default(), Login::default())
    }

    fn of(url: &str, issuer: &str, login: Login) -> Record {
        Record {
            url: url.to_string(),
            issuer: issuer.to_string(),
            metadata: login.metadata,
            resource: login.resource,
            credentials: login.credentials,
            refused: login.refused,
            dpop_key: login.dpop_key,
        }
    }

    fn login(&self) -> Login {
        Login {
            metadata: self.metadata.clone(),
            resource: self.resource.clone(),
            credentials: self.credentials.clone(),
            refused: self.refused.clone(),
            dpop_key: self.dpop_key.clone(),
        }
    }
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
    /// Whether its tokens are bound to a DPoP key (RFC 9449), kept in the login's file.
    pub dpop: bool,
    /// Whether the server uses this login now (it has one per authorization server it used).
    pub current: bool,
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

    /// The login `url` uses now.
    pub(crate) fn load(&self, url: &str) -> std::io::Result<Option<Record>> {
        let file = read_file(&self.path(url))?;
        Ok(file.and_then(|f| {
            let login = f.current()?.clone();
            Some(Record::of(url, &f.current, login))
        }))
    }

    /// `url`'s login at the authorization server `issuer`.
    pub(crate) fn load_at(&self, url: &str, issuer: &str) -> std::io::Result<Option<Record>> {
        let file = read_file(&self.path(url))?;
        Ok(file.and_then(|mut f| {
            let login = f.logins.remove(issuer)?;
            Some(Record::of(url, issuer, login))
        }))
    }

    /// Every login of `url`, the one it uses now first.
    pub(crate) fn load_all(&self, url: &str) -> std::io::Result<Vec<Record>> {
        let Some(file) = read_file(&self.path(url))? else {
            return Ok(Vec::new());
        };
        let mut all: Vec<Record> = file
            .logins
            .into_iter()
            .map(|(issuer, login)| Record::of(url, &issuer, login))
            .collect();
        all.sort_by_key(|r| r.issuer != file.current);
        Ok(all)
    }

    /// Keeps `record` as the login its server uses now, beside its logins at other
    /// authorization servers.
    pub(crate) fn save(&self, record: &Record) -> std::io::Result<()> {
        let path = self.path(&record.url);
        let mut file = read_file(&path)?.unwrap_or_default();
        file.url = record.url.clone();
        file.put(&record.issuer, record.login());
        self.write(&path, &file)
    }

    /// Forgets `url`'s login at `issuer` (the current one when `None`), and the file with its
    /// last login.
    pub(crate) fn remove_login(&self, url: &str, issuer: Option<&str>) -> std::io::Result<()> {
        let path = self.path(url);
        let Some(mut file) = read_file(&path)? else {
            return Ok(());
        };
        let issuer = issuer.map_or_else(|| file.current.clone(), str::to_string);
        file.logins.remove(&issuer);
        if file.logins.is_empty() {
            return self.remove(url).map(drop);
        }
        self.write(&path, &file)
    }

    fn write(&self, path: &Path, file: &LoginFile) -> std::io::Result<()> {
        self.make_dir()?;
        let text = serde_json::to_vec_pretty(file).map_err(std::io::Error::other)?;
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let mut file = private_file(&tmp)?;
        file.write_all(&text)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
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

    /// Every stored login, by URL, then issuer.
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
                && let Some(file) = read_file(&path)?
            {
                for (issuer, login) in &file.logins {
                    out.push(login_info(&file.url, login, *issuer == file.current));
                }
            }
        }
        out.sort_by(|a, b| (&a.url, &a.issuer).cmp(&(&b.url, &b.issuer)));
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

fn read_file(path: &Path) -> std::io::Result<Option<LoginFile>> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err),
    };
    LoginFile::parse(&bytes).map(Some).map_err(|err| {
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

fn login_info(url: &str, login: &Login, current: bool) -> LoginInfo {
    let credentials = login.credentials.as_ref();
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
        url: url.to_string(),
        issuer: Some(login.issuer()).filter(|issuer| !issuer.is_empty()),
        scopes: credentials
            .map(|c| c.granted_scopes.clone())
            .unwrap_or_default(),
        expires_at,
        refreshable: token["refresh_token"].is_string(),
        refused: login.refused.clone(),
        dpop: login.dpop_key.is_some(),
        current,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str = "https://mcp.example.com/mcp";

    fn store(name: &str) -> TokenStore {
        let dir = std::env::temp_dir().join(format!("mcp-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TokenStore::new(dir)
    }

    fn record(issuer: &str) -> Record {
        let mut record = Record::new(URL, None);
        record.credentials = Some(
            StoredCredentials::new(format!("client-of-{issuer}"), None, vec![], None)
                .with_issuer(Some(issuer.to_string())),
        );
        record
    }

    fn client(record: Option<Record>) -> Option<String> {
        Some(record?.credentials?.client_id)
    }

    #[test]
    fn only_a_token_issued_as_dpop_is_bound() {
        let with_type = |token_type: &str| {
            let issued = crate::oauth::credentials::Issued {
                access_token: "t",
                token_type,
                expires_in: None,
            };
            let credentials =
                crate::oauth::credentials::without_refresh("c", issued, vec![], None, URL);
            let mut record = Record::new(URL, None);
            record.credentials = Some(credentials.unwrap());
            record.dpop_bound()
        };
        assert!(with_type("DPoP") && with_type("dpop"));
        assert!(!with_type("Bearer"));
        assert!(!Record::new(URL, None).dpop_bound());
    }

    #[test]
    fn a_server_keeps_one_login_per_authorization_server() {
        let store = store("per-issuer");
        store.save(&record("https://a.example")).unwrap();
        store.save(&record("https://b.example")).unwrap();
        let now = store.load(URL).unwrap();
        assert_eq!(client(now).as_deref(), Some("client-of-https://b.example"));
        let at_a = store.load_at(URL, "https://a.example").unwrap();
        assert_eq!(client(at_a).as_deref(), Some("client-of-https://a.example"));
        let listed = store.logins().unwrap();
        let current: Vec<_> = listed
            .iter()
            .map(|l| (l.issuer.clone(), l.current))
            .collect();
        assert_eq!(
            current,
            [
                (Some("https://a.example".into()), false),
                (Some("https://b.example".into()), true)
            ]
        );
        assert_eq!(store.load_all(URL).unwrap()[0].issuer, "https://b.example");

        // Forgetting the login in use leaves the other, but none is in use.
        store.remove_login(URL, None).unwrap();
        assert!(store.load(URL).unwrap().is_none());
        assert!(store.load_at(URL, "https://a.example").unwrap().is_some());
        store.remove_login(URL, Some("https://a.example")).unwrap();
        assert!(!store.has_login(URL));
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_file_of_the_unkeyed_layout_is_read_and_rewritten_keyed() {
        let store = store("unkeyed");
        store.make_dir().unwrap();
        let old = serde_json::json!({
            "url": URL,
            "metadata": null,
            "credentials": {"client_id": "old", "token_response": null,
                            "issuer": "https://a.example"},
        });
        std::fs::write(store.path(URL), old.to_string()).unwrap();
        let record = store.load(URL).unwrap().expect("the old login");
        assert_eq!(record.issuer, "https://a.example");
        store.save(&record).unwrap();
        let text = std::fs::read_to_string(store.path(URL)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["current"], "https://a.example");
        assert_eq!(
            json["logins"]["https://a.example"]["credentials"]["client_id"],
            "old"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }
}

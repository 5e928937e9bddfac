//! Cross-app access (the enterprise-managed authorization extension): the user's ID token from
//! the enterprise identity provider is exchanged there for an identity assertion grant
//! (ID-JAG, RFC 8693), which the MCP server's authorization server exchanges for an access
//! token (RFC 7523 JWT bearer) — no browser, no consent screen. rmcp's `enterprise` module does
//! both exchanges; this file reads the settings and keeps the token like any other login's.

use oauth2::ClientSecret;
use rmcp::transport::auth::enterprise::{
    EmaAccessToken, EmaAuthorizationServer, EmaClientAuthentication, EmaExchangeRequest,
};
use rmcp::transport::auth::{AuthorizationMetadata, CredentialStore, StoredCredentials};

use super::credentials::{FileCredentials, Issued, without_refresh};
use super::http_guard::GuardedHttp;
use super::{env_secret, oauth_error};
use crate::error::root_cause;
use crate::{EnterpriseIdp, OAuthSpec, Result};

/// What cross-app access needs, read from the environment when the grant is made.
#[derive(Clone)]
pub(crate) struct CrossApp {
    idp: EnterpriseIdp,
    idp_secret: Option<String>,
    id_token: String,
    client_id: String,
    client_secret: Option<String>,
}

impl CrossApp {
    /// The settings of `spec`: the provider, the ID token, and this client at the server's
    /// authorization server (an error names what is missing, never a value).
    pub(crate) fn of(spec: &OAuthSpec, idp: &EnterpriseIdp, target: &str) -> Result<CrossApp> {
        let client_id = spec.client_id.clone().ok_or_else(|| {
            oauth_error(
                target,
                "cross-app access needs this client's id at the server's authorization server: \
                 set `client_id`"
                    .into(),
            )
        })?;
        let read = |var: &str, what: &str| env_secret(var, what, target);
        Ok(CrossApp {
            id_token: read(&idp.id_token_env, "the identity provider's ID token")?,
            idp_secret: match &idp.client_secret_env {
                Some(var) => Some(read(var, "the identity provider's client secret")?),
                None => None,
            },
            client_secret: match &spec.client_secret_env {
                Some(var) => Some(read(var, "the client secret")?),
                None => None,
            },
            idp: idp.clone(),
            client_id,
        })
    }

    /// Both exchanges, the token kept in `credentials` (the login's file).
    pub(crate) async fn exchange(
        &self,
        metadata: &AuthorizationMetadata,
        credentials: &FileCredentials,
        resource: &str,
        scopes: Vec<String>,
        target: &str,
    ) -> Result<()> {
        let issuer = metadata.issuer.clone().ok_or_else(|| {
            oauth_error(
                target,
                "the authorization server's metadata names no issuer".into(),
            )
        })?;
        let idp = EmaAuthorizationServer::new(
            &self.idp.issuer,
            &self.idp.token_endpoint,
            &self.idp.client_id,
        )
        .with_client_authentication(basic(&self.idp_secret));
        let server =
            EmaAuthorizationServer::new(&issuer, &metadata.token_endpoint, &self.client_id)
                .with_client_authentication(basic(&self.client_secret));
        let http = GuardedHttp::shared(None).map_err(|e| oauth_error(target, e.to_string()))?;
        let token = EmaExchangeRequest::new_with_id_token(idp, server, resource, &self.id_token)
            .with_scopes(scopes)
            .exchange(&*http, &*http)
            .await
            .map_err(|e| {
                oauth_error(
                    target,
                    format!("cross-app access failed: {}", root_cause(&e)),
                )
            })?;
        let stored = self.stored(token, issuer, target)?;
        credentials
            .save(stored)
            .await
            .map_err(|e| oauth_error(target, format!("keeping the token: {}", root_cause(&e))))
    }

    /// The token as a login keeps it: no refresh token (a new ID token makes a new one).
    fn stored(
        &self,
        token: EmaAccessToken,
        issuer: String,
        target: &str,
    ) -> Result<StoredCredentials> {
        // rmcp takes nothing but bearer tokens here.
        let issued = Issued {
            access_token: token.access_token.secret(),
            token_type: "Bearer",
            expires_in: token.expires_in.map(|lifetime| lifetime.as_secs()),
        };
        without_refresh(
            &self.client_id,
            issued,
            token.scopes.into_iter().collect(),
            Some(issuer),
            target,
        )
    }
}

/// HTTP Basic with the secret, else a public client.
fn basic(secret: &Option<String>) -> EmaClientAuthentication {
    match secret {
        Some(secret) => {
            EmaClientAuthentication::ClientSecretBasic(ClientSecret::new(secret.clone()))
        }
        None => EmaClientAuthentication::None,
    }
}

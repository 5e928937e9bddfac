//! DPoP (RFC 9449, SEP-1932): sender-constrained tokens. Where the authorization server
//! offers it (`dpop_signing_alg_values_supported` names ES256), a login makes a P-256 key of
//! its own, kept beside its tokens (in the 0600 login file), and every token request and
//! every request to the server carries a proof signed with it: a short JWT naming the HTTP
//! method and URL (and, to the server, a hash of the access token), so a stolen token is of
//! no use without the key. A server's `use_dpop_nonce` challenge is answered by signing again
//! with the nonce it hands out.

use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use rmcp::transport::auth::AuthorizationMetadata;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The one algorithm proofs are signed with.
const ALG: &str = "ES256";

/// A login's DPoP key.
pub(crate) struct DpopKey {
    pair: EcdsaKeyPair,
    pkcs8: Vec<u8>,
    jwk: Value,
}

impl std::fmt::Debug for DpopKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DpopKey({})", self.thumbprint())
    }
}

impl DpopKey {
    /// A new key.
    pub(crate) fn generate() -> Result<DpopKey, String> {
        let pkcs8 =
            EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
                .map_err(|_| "cannot make a DPoP key".to_string())?;
        DpopKey::from_pkcs8(pkcs8.as_ref())
    }

    /// The key as the login file keeps it (PKCS#8, base64url).
    pub(crate) fn from_stored(stored: &str) -> Result<DpopKey, String> {
        let der = B64
            .decode(stored)
            .map_err(|_| "the login's DPoP key is not base64url: log in again".to_string())?;
        DpopKey::from_pkcs8(&der)
    }

    /// What the login file keeps.
    pub(crate) fn stored(&self) -> String {
        B64.encode(&self.pkcs8)
    }

    fn from_pkcs8(der: &[u8]) -> Result<DpopKey, String> {
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, der)
            .map_err(|_| "the login's DPoP key is not a P-256 key: log in again".to_string())?;
        // An uncompressed point: 0x04, then x and y (32 bytes each).
        let point = pair.public_key().as_ref();
        let jwk = json!({
            "crv": "P-256",
            "kty": "EC",
            "x": B64.encode(&point[1..33]),
            "y": B64.encode(&point[33..65]),
        });
        Ok(DpopKey {
            pair,
            pkcs8: der.to_vec(),
            jwk,
        })
    }

    /// The RFC 7638 thumbprint of the public key (what a bound token's `cnf.jkt` names).
    pub(crate) fn thumbprint(&self) -> String {
        // Members in lexicographic order, no whitespace: the JWK is built that way.
        B64.encode(Sha256::digest(self.jwk.to_string().as_bytes()))
    }

    /// A fresh proof for `method` on `url` (its query and fragment left out), bound to
    /// `access_token` when one is sent, with the server's `nonce` when it gave one.
    pub(crate) fn proof(
        &self,
        method: &str,
        url: &str,
        access_token: Option<&str>,
        nonce: Option<&str>,
    ) -> Result<String, String> {
        let header = json!({"alg": ALG, "jwk": self.jwk, "typ": "dpop+jwt"});
        let mut jti = [0u8; 16];
        SystemRandom::new()
            .fill(&mut jti)
            .map_err(|_| "no randomness for a DPoP proof".to_string())?;
        let iat = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or_default();
        let mut claims =
            json!({"htm": method, "htu": target_uri(url), "iat": iat, "jti": B64.encode(jti)});
        if let Some(token) = access_token {
            claims["ath"] = B64.encode(Sha256::digest(token.as_bytes())).into();
        }
        if let Some(nonce) = nonce {
            claims["nonce"] = nonce.into();
        }
        let signing_input = format!(
            "{}.{}",
            B64.encode(header.to_string()),
            B64.encode(claims.to_string())
        );
        let signature = self
            .pair
            .sign(&SystemRandom::new(), signing_input.as_bytes())
            .map_err(|_| "cannot sign a DPoP proof".to_string())?;
        Ok(format!(
            "{signing_input}.{}",
            B64.encode(signature.as_ref())
        ))
    }
}

/// The `htu` of a request: its URL without query or fragment (RFC 9449 §4.2).
fn target_uri(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) => {
            parsed.set_query(None);
            parsed.set_fragment(None);
            parsed.to_string()
        }
        Err(_) => url.to_string(),
    }
}

/// Whether the authorization server of `metadata` takes ES256 proofs.
pub(crate) fn offered(metadata: &AuthorizationMetadata) -> bool {
    metadata
        .additional_fields
        .get("dpop_signing_alg_values_supported")
        .and_then(Value::as_array)
        .is_some_and(|algs| algs.iter().any(|alg| alg == ALG))
}

/// Whether `challenge` (a `WWW-Authenticate` header, or a token endpoint's error body) asks
/// for a proof with the server's nonce.
pub(crate) fn is_nonce_challenge(challenge: &str) -> bool {
    challenge.contains("use_dpop_nonce")
}

/// An HTTP client for MCP requests that presents the token with the `DPoP` scheme and a
/// proof per request once it is handed the login's key (the transport implements it; this
/// layer hands the key over).
pub(crate) trait SendsProofs {
    fn sends_proofs(self, dpop: DpopSlot) -> Self;
}

/// The key of a login and the last nonce one server handed out, shared by the requests to it.
#[derive(Clone, Debug, Default)]
pub(crate) struct DpopSlot(Arc<Mutex<Option<Arc<DpopKey>>>>, Arc<Mutex<Option<String>>>);

impl DpopSlot {
    pub(crate) fn set(&self, key: Arc<DpopKey>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(key);
    }

    pub(crate) fn key(&self) -> Option<Arc<DpopKey>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn nonce(&self) -> Option<String> {
        self.1.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Keeps the nonce a server handed out in its `DPoP-Nonce` header, for the next proof.
    pub(crate) fn learn_nonce(&self, headers: &http::HeaderMap) {
        let nonce = headers.get("dpop-nonce").and_then(|v| v.to_str().ok());
        if let Some(nonce) = nonce {
            *self.1.lock().unwrap_or_else(|e| e.into_inner()) = Some(nonce.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(jwt: &str, index: usize) -> Value {
        let text = B64.decode(jwt.split('.').nth(index).unwrap()).unwrap();
        serde_json::from_slice(&text).unwrap()
    }

    #[test]
    fn a_proof_names_the_request_and_verifies_with_its_own_key() {
        let key = DpopKey::generate().unwrap();
        let again = DpopKey::from_stored(&key.stored()).unwrap();
        assert_eq!(key.thumbprint(), again.thumbprint());
        let proof = key
            .proof(
                "POST",
                "https://mcp.example.com/mcp?x=1#f",
                Some("tok"),
                Some("n1"),
            )
            .unwrap();
        let (header, claims) = (part(&proof, 0), part(&proof, 1));
        assert_eq!(header["typ"], "dpop+jwt");
        assert_eq!(header["alg"], "ES256");
        assert_eq!(header["jwk"]["crv"], "P-256");
        assert!(
            header["jwk"].get("d").is_none(),
            "the private key never leaves"
        );
        assert_eq!(claims["htm"], "POST");
        assert_eq!(claims["htu"], "https://mcp.example.com/mcp");
        assert_eq!(claims["nonce"], "n1");
        assert_eq!(claims["ath"], B64.encode(Sha256::digest(b"tok")));
        let other = key
            .proof("POST", "https://mcp.example.com/mcp", None, None)
            .unwrap();
        assert_ne!(
            part(&other, 1)["jti"],
            claims["jti"],
            "a fresh jti each time"
        );
        assert!(part(&other, 1).get("ath").is_none());
        // The signature verifies with the public key the header carries.
        let (input, signature) = proof.rsplit_once('.').unwrap();
        let public = aws_lc_rs::signature::UnparsedPublicKey::new(
            &aws_lc_rs::signature::ECDSA_P256_SHA256_FIXED,
            key.pair.public_key().as_ref().to_vec(),
        );
        public
            .verify(input.as_bytes(), &B64.decode(signature).unwrap())
            .expect("a valid ES256 signature");
    }

    #[test]
    fn a_stored_key_that_is_not_one_says_to_log_in_again() {
        assert!(
            DpopKey::from_stored("!!")
                .unwrap_err()
                .contains("log in again")
        );
        assert!(
            DpopKey::from_stored("AAAA")
                .unwrap_err()
                .contains("log in again")
        );
    }
}

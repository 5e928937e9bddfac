//! Keeping secrets out of what specs print: URLs without credentials or query strings, maps
//! whose values are never shown.

use std::collections::BTreeMap;
use std::fmt;

/// A server's URL as OAuth logins are keyed and named: no credentials, query or trailing slash.
#[cfg_attr(not(feature = "http"), allow(dead_code))]
pub(crate) fn url_key(url: &str) -> String {
    redact_url(url)
        .trim_end_matches("?…")
        .trim_end_matches('/')
        .to_string()
}

/// Drops `user:pass@` and the query string, which is where secrets hide in URLs.
pub(crate) fn redact_url(url: &str) -> String {
    let (without_query, had_query) = match url.split_once(['?', '#']) {
        Some((head, _)) => (head, true),
        None => (url, false),
    };
    let redacted = match without_query.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            let host = authority
                .rsplit_once('@')
                .map_or(authority, |(_, host)| host);
            format!("{scheme}://{host}{path}")
        }
        None => without_query.to_string(),
    };
    if had_query {
        format!("{redacted}?…")
    } else {
        redacted
    }
}

/// A map printed with its keys and without its values.
pub(super) struct Redacted<'a, K>(pub(super) &'a BTreeMap<K, String>);

impl<K: fmt::Debug> fmt::Debug for Redacted<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.keys().map(|k| (k, "<redacted>")))
            .finish()
    }
}

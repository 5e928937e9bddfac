//! What a failed `Auto` handshake says about the server. rmcp's `Auto` sends `server/discover`
//! and, on no answer within 10 s, `initialize`; an answer it cannot use ends the handshake
//! with the session unusable: a discovery result or an error that comes after the probe gave
//! up is taken for the `initialize` answer, and a result that is no discovery result (`{}`
//! from a server that answers every method it does not know) is no `initialize` answer
//! either. Each shows the server is alive and which era it speaks, so it is started again in
//! that era. A server that exits on the probe itself is started again in the legacy era.

use rmcp::service::ClientInitializeError;

use crate::{ConnectOptions, Error, Protocol};

/// The revision a late discovery result is taken to offer.
const MODERN: &str = "2026-07-28";

/// How one attempt ended, when not connected.
pub(super) enum Attempt {
    Failed(Error),
    /// The server answered, but not so the session could go on: start it again in this era
    /// (the process is ended).
    Again(Protocol),
}

impl From<Error> for Attempt {
    fn from(err: Error) -> Self {
        Attempt::Failed(err)
    }
}

impl Attempt {
    pub(super) fn into_error(self) -> Error {
        match self {
            Attempt::Failed(err) => err,
            // A second attempt is never `Auto`, so never `Again`.
            Attempt::Again(protocol) => Error::Connect {
                target: String::new(),
                reason: format!("the handshake failed twice, the second time as {protocol:?}"),
                stderr: Vec::new(),
            },
        }
    }
}

/// The era to start the server again in, when `err` ended an `Auto` handshake because of how
/// the server answered the `server/discover` probe.
pub(super) fn era_to_retry(
    err: &ClientInitializeError,
    options: &ConnectOptions,
) -> Option<Protocol> {
    use ClientInitializeError as E;
    match err {
        _ if options.protocol != Protocol::Auto => None,
        // A discovery result after the probe gave up: the 2026-07-28 era, waited for.
        E::ConflictInitResponseId(..) => Some(Protocol::Version(MODERN.into())),
        // An error after the probe gave up, or a result that is no discovery result.
        E::UncorrelatedErrorResponse { .. }
        | E::ExpectedInitResult(_)
        | E::ExpectedInitResponse(_) => Some(Protocol::Legacy),
        // The connection closed on the probe, nothing answered: servers on early releases of
        // the Python SDK (mcp 1.6) fail to parse a method they do not know and exit. Only
        // the legacy era can be left to try; a server that dies whatever it is sent fails
        // the second attempt too, and that failure is the one reported.
        E::ConnectionClosed(_) | E::TransportError { .. } => Some(Protocol::Legacy),
        _ => None,
    }
}

/// True when the handshake ended because the connection did (the server's exit tells why),
/// not because of what the server answered.
pub(super) fn closed_the_connection(err: &ClientInitializeError) -> bool {
    match err {
        // The probe was answered; what became of the `initialize` after it is what counts (a
        // server that dies after refusing `server/discover`, as one that exits when its
        // database is not there does, closed the connection).
        ClientInitializeError::LegacyFallbackFailed { fallback, .. } => {
            closed_the_connection(fallback)
        }
        ClientInitializeError::ConnectionClosed(_)
        | ClientInitializeError::TransportError { .. } => true,
        _ => false,
    }
}

/// What went wrong in words: for a failed fallback, the `initialize` failure after the refused
/// `server/discover` (rmcp's own message names neither).
pub(super) fn handshake_cause(err: &ClientInitializeError) -> String {
    match err {
        ClientInitializeError::LegacyFallbackFailed { fallback, .. } => format!(
            "the server refused `server/discover`, then `initialize` failed: {}",
            crate::error::root_cause(fallback.as_ref())
        ),
        other => crate::error::root_cause(other),
    }
}

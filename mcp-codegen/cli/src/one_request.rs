//! One request on a session of its own, for the commands that read one thing from a server
//! (`prompt`, `read`): the server chosen as for `snapshot`, a login when it asks for one (as
//! for `call`), the session closed afterwards.

use std::future::Future;

use mcp_codegen::snapshot::live;
use mcp_runtime::{Client, ConnectOptions, ServerSpec};

use crate::auth::with_login;
use crate::source::SourceArgs;

/// Connects to the server `source` names, runs `request`, closes the session. A login the
/// request turned out to need goes where a login the connection needed goes.
pub(crate) fn run<T, F, Fut>(source: &SourceArgs, request: F) -> anyhow::Result<T>
where
    F: Fn(Client) -> Fut,
    Fut: Future<Output = (Client, mcp_runtime::Result<T>)>,
{
    let (spec, options) = source.connection()?;
    with_login(spec, &source.login, |spec| {
        live::block_on(session(spec, options.clone(), &request))?
    })
}

async fn session<T, F, Fut>(
    spec: ServerSpec,
    options: ConnectOptions,
    request: &F,
) -> mcp_codegen::Result<T>
where
    F: Fn(Client) -> Fut,
    Fut: Future<Output = (Client, mcp_runtime::Result<T>)>,
{
    let client = Client::connect_with(spec, options)
        .await
        .map_err(mcp_codegen::Error::Live)?;
    let (client, outcome) = request(client).await;
    client.close().await;
    outcome.map_err(mcp_codegen::Error::Live)
}

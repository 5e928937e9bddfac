//! The demo server's line transport: rmcp's own, with `tools/call` read in one pass.
//!
//! rmcp reads every incoming line through its generic message type — an untagged enum over
//! flattened structs — which buffers the whole message, `_meta` included, and copies it
//! through serde's content tree several times. In the 2026-07-28 era each request carries its
//! `_meta` (protocol version, client capabilities, client info), so that buffering made a
//! `tools/call` cost this server a third more CPU than in the legacy era (a `perf` profile of
//! the clients bench). A `tools/call` line is therefore decoded here straight into its typed
//! parameters; every other line, and any `tools/call` line the direct decode does not accept,
//! goes through rmcp's transport unchanged, so what the server answers stays rmcp's.
//!
//! A client sends the same `_meta` on every request of a session, so the last one read is
//! kept with its bytes: a request whose `_meta` is byte for byte the last one's gets a copy of
//! it rather than a second reading (reading it into `serde_json` values was most of what the
//! 2026-07-28 era added to this server's cost per call; a callgrind count of the clients bench).
//! Such a line is not even scanned past its `_meta`: the known bytes are cut out before the
//! line is parsed (`known_meta_cut`), which took the era's extra cost on this server from
//! +31.6 % to +29.2 % of a legacy call's instructions (the rest is rmcp's dispatch and the
//! `_meta` object's clone and drop).

use std::borrow::Cow;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::task::{Context, Poll};

use memchr::memmem;
use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, ClientJsonRpcMessage, ClientRequest, GetMeta,
    InputResponses, JsonObject, JsonRpcMessage, JsonRpcRequest, JsonRpcVersion2_0, RequestId,
    RequestMetaObject, ServerJsonRpcMessage,
};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::{AsyncRwTransport, DEFAULT_MAX_LINE_LENGTH};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, BufReader};

/// rmcp's line transport for writing and for every line but `tools/call`.
pub struct DemoStdio<R, W: AsyncWrite> {
    input: BufReader<R>,
    line: Vec<u8>,
    /// The line being read is over rmcp's limit: it is skipped up to its end, as rmcp does.
    oversized: bool,
    output: AsyncRwTransport<RoleServer, tokio::io::Empty, W>,
    /// The last `_meta` read, and its bytes.
    last_meta: Option<(Vec<u8>, RequestMetaObject)>,
}

impl<R, W> DemoStdio<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    pub fn new(input: R, output: W) -> Self {
        Self {
            input: BufReader::new(input),
            line: Vec::new(),
            oversized: false,
            output: AsyncRwTransport::new(tokio::io::empty(), output),
            last_meta: None,
        }
    }

    /// The next whole line; `None` at the end of input. `receive` may be dropped mid-read
    /// (the service loop polls it in a `select!`): what was read stays in `self.line`.
    async fn read_line(&mut self) -> Option<Vec<u8>> {
        loop {
            let buffered = self.input.fill_buf().await.ok()?;
            if buffered.is_empty() {
                return None;
            }
            let end = memchr::memchr(b'\n', buffered);
            let take = end.map_or(buffered.len(), |at| at + 1);
            if self.line.len() + take > DEFAULT_MAX_LINE_LENGTH {
                self.oversized = true;
                self.line = Vec::new();
            } else if !self.oversized {
                self.line.extend_from_slice(&buffered[..take]);
            }
            self.input.consume(take);
            if end.is_some() {
                if std::mem::take(&mut self.oversized) {
                    tracing::error!("a message over {DEFAULT_MAX_LINE_LENGTH} bytes was discarded");
                    continue;
                }
                return Some(std::mem::take(&mut self.line));
            }
        }
    }

    /// A line rmcp's transport reads, as it would from the pipe: the message, or `None` for
    /// what it skips (and what it answers with an error, which goes out through `output`).
    async fn through_rmcp(&mut self, line: &[u8]) -> Option<ClientJsonRpcMessage> {
        let answer = Answer::default();
        let mut one = AsyncRwTransport::<RoleServer, _, _>::new(line, answer.clone());
        let message = one.receive().await;
        drop(one);
        for written in answer.take().split(|&b| b == b'\n') {
            let Ok(reply) = serde_json::from_slice::<ServerJsonRpcMessage>(written) else {
                continue;
            };
            let _ = self.output.send(reply).await;
        }
        message
    }
}

impl<R, W> Transport<RoleServer> for DemoStdio<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        self.output.send(item)
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            let line = self.read_line().await?;
            if let Some(call) = tools_call(&line, &mut self.last_meta) {
                return Some(call);
            }
            if let Some(message) = self.through_rmcp(&line).await {
                return Some(message);
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        self.output.close().await
    }
}

/// A request read in one pass: params are read as `tools/call`'s before the method is known
/// (JSON keys come in any order), and a line whose params do not read so goes to rmcp.
#[derive(Deserialize)]
struct Call<'a> {
    #[allow(dead_code)] // read to check it is "2.0"
    jsonrpc: JsonRpcVersion2_0,
    id: RequestId,
    #[serde(borrow)]
    method: Cow<'a, str>,
    #[serde(borrow)]
    params: Params<'a>,
    // rmcp rejects a request that also holds either; such a line goes to rmcp.
    result: Option<IgnoredAny>,
    error: Option<IgnoredAny>,
}

/// `CallToolRequestParams` field for field (a test holds them to rmcp's), with its `_meta`
/// left unread, to be read only when it differs from the last one.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Params<'a> {
    #[serde(rename = "_meta", borrow, default)]
    meta: Option<&'a RawValue>,
    name: Cow<'static, str>,
    arguments: Option<JsonObject>,
    input_responses: Option<InputResponses>,
    request_state: Option<String>,
}

impl Params<'_> {
    /// Field names as JSON spells them: what rmcp's params must still be.
    #[cfg(test)]
    const FIELDS: [&'static str; 5] = [
        "_meta",
        "name",
        "arguments",
        "inputResponses",
        "requestState",
    ];

    fn into_rmcp(self) -> CallToolRequestParams {
        let mut params = CallToolRequestParams::new(self.name);
        params.arguments = self.arguments;
        params.input_responses = self.input_responses;
        params.request_state = self.request_state;
        params
    }
}

/// A `tools/call` line as the message rmcp's transport would make of it, or `None` for a line
/// that is anything else or that this decode does not accept. `last_meta` is the `_meta`
/// read last, reused when this one is the same bytes.
fn tools_call(
    line: &[u8],
    last_meta: &mut Option<(Vec<u8>, RequestMetaObject)>,
) -> Option<ClientJsonRpcMessage> {
    if let Some(short) = last_meta
        .as_ref()
        .and_then(|(bytes, _)| known_meta_cut(line, bytes))
        && let Some(call) = read_call(&short, last_meta, true)
    {
        return Some(call);
    }
    read_call(line, last_meta, false)
}

/// The marker put where a known `_meta` was cut out of a line (any value rmcp would reject as
/// a `_meta` would do; a number is the shortest).
const CUT: &[u8] = b"0";

/// `line` with its `_meta` value replaced by [`CUT`] when that value is byte for byte `known`
/// and `"_meta":` occurs once. Scanning the `_meta` cost this server about 3 k instructions a
/// call, half again what parsing the rest of the line costs (callgrind). Inside a JSON string a
/// quote is escaped, so `"_meta":` there is no key; whether the one key is the params' is
/// checked on the parsed line ([`read_call`] with `cut`).
fn known_meta_cut(line: &[u8], known: &[u8]) -> Option<Vec<u8>> {
    // Built once: building a searcher per line cost as much as the scan it saves.
    static KEY: LazyLock<memmem::Finder<'static>> =
        LazyLock::new(|| memmem::Finder::new(b"\"_meta\":"));
    // The first occurrence, so none comes before it; none may come after it either.
    let at = KEY.find(line)? + KEY.needle().len();
    let rest = line[at..].strip_prefix(known)?;
    if KEY.find(rest).is_some() {
        return None;
    }
    let mut short = Vec::with_capacity(at + CUT.len() + rest.len());
    short.extend_from_slice(&line[..at]);
    short.extend_from_slice(CUT);
    short.extend_from_slice(rest);
    Some(short)
}

/// A line read as `tools/call`; with `cut`, a line from [`known_meta_cut`], accepted only when
/// the cut is the params' `_meta` (which is then the known one).
fn read_call(
    line: &[u8],
    last_meta: &mut Option<(Vec<u8>, RequestMetaObject)>,
    cut: bool,
) -> Option<ClientJsonRpcMessage> {
    let call: Call = serde_json::from_slice(line).ok()?;
    if call.method != "tools/call" || call.result.is_some() || call.error.is_some() {
        return None;
    }
    let meta = match (call.params.meta, cut) {
        (Some(raw), true) if raw.get().as_bytes() == CUT => Some(last_meta.as_ref()?.1.clone()),
        (_, true) => return None,
        (Some(raw), false) => Some(read_meta(raw.get(), last_meta)?),
        (None, false) => None,
    };
    // rmcp keeps a request's `_meta` beside its params, not in them.
    let mut request = ClientRequest::CallToolRequest(CallToolRequest::new(call.params.into_rmcp()));
    if let Some(meta) = meta {
        *request.get_meta_mut() = meta;
    }
    Some(JsonRpcMessage::Request(JsonRpcRequest::new(
        call.id, request,
    )))
}

/// The `_meta` as rmcp reads it: a copy of the last one when the bytes are the same.
fn read_meta(
    raw: &str,
    last_meta: &mut Option<(Vec<u8>, RequestMetaObject)>,
) -> Option<RequestMetaObject> {
    if let Some((bytes, meta)) = last_meta.as_ref()
        && bytes == raw.as_bytes()
    {
        return Some(meta.clone());
    }
    let meta: RequestMetaObject = serde_json::from_str(raw).ok()?;
    *last_meta = Some((raw.as_bytes().to_vec(), meta.clone()));
    Some(meta)
}

/// What a one-line rmcp transport writes back (its error answer to a malformed message).
#[derive(Clone, Default)]
struct Answer(Arc<Mutex<Vec<u8>>>);

impl Answer {
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl AsyncWrite for Answer {
    fn poll_write(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let mut written = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        written.extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rmcp's reading of a line, for comparison.
    fn rmcp(line: &str) -> ClientJsonRpcMessage {
        serde_json::from_str(line).unwrap()
    }

    #[test]
    fn a_tools_call_line_reads_as_rmcp_reads_it() {
        let lines = [
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}},"name":"add","arguments":{"a":1.5,"b":2}}}"#,
            r#"{"params":{"name":"echo","arguments":{"message":"hi"}},"method":"tools/call","id":"x","jsonrpc":"2.0"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","_meta":{"progressToken":3},"inputResponses":{},"requestState":"s","extra":1}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a","_meta":null}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"_meta":{"progressToken":3}, "name":"a"}}"#,
        ];
        // Each line twice, through one remembered `_meta`: read afresh, then reused.
        let mut last_meta = None;
        for line in lines.iter().flat_map(|line| [line, line]) {
            let direct = tools_call(line.as_bytes(), &mut last_meta).expect("decoded directly");
            assert_eq!(
                serde_json::to_value(&direct).unwrap(),
                serde_json::to_value(rmcp(line)).unwrap(),
                "{line}"
            );
            let JsonRpcMessage::Request(request) = direct else {
                panic!("a request")
            };
            assert_eq!(
                request.request.get_meta(),
                rmcp(line).into_request().unwrap().0.get_meta()
            );
        }
    }

    #[test]
    fn a_known_meta_is_cut_only_where_it_is_the_params_meta() {
        let meta = r#"{"progressToken":3}"#;
        let mut last_meta = None;
        let first = format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"_meta":{meta},"name":"a"}}}}"#
        );
        tools_call(first.as_bytes(), &mut last_meta).expect("read afresh");
        // The known `_meta` again: cut, and read as rmcp reads the whole line.
        let again = first.replace(r#""id":1"#, r#""id":2"#);
        assert!(known_meta_cut(again.as_bytes(), meta.as_bytes()).is_some());
        // The same bytes under an argument named `_meta`, or in a string: never cut, and the
        // arguments stay as sent.
        for line in [
            format!(
                r#"{{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{{"name":"a","arguments":{{"_meta":{meta}}},"_meta":{meta}}}}}"#
            ),
            format!(
                r#"{{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{{"name":"a","arguments":{{"_meta":{meta}}}}}}}"#
            ),
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"a","arguments":{"s":"\"_meta\":{\"progressToken\":3}"}}}"#.to_string(),
        ] {
            let direct = tools_call(line.as_bytes(), &mut last_meta).expect("decoded directly");
            assert_eq!(
                serde_json::to_value(&direct).unwrap(),
                serde_json::to_value(rmcp(&line)).unwrap(),
                "{line}"
            );
        }
    }

    #[test]
    fn the_params_read_here_are_rmcps_field_for_field() {
        let schema =
            serde_json::to_value(rmcp::schemars::schema_for!(CallToolRequestParams)).unwrap();
        let mut theirs: Vec<&str> = schema["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .map(String::as_str)
            .collect();
        let mut ours = Params::FIELDS.to_vec();
        theirs.sort();
        ours.sort();
        assert_eq!(
            ours, theirs,
            "rmcp's tools/call params changed: update `Params`"
        );
    }

    #[test]
    fn other_lines_are_left_to_rmcp() {
        for line in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#,
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"a"}}"#,
            r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"a"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"},"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","name":"b"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","_meta":{},"_meta":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","_meta":[]}}"#,
            "not json",
        ] {
            assert!(tools_call(line.as_bytes(), &mut None).is_none(), "{line}");
        }
    }

    #[tokio::test]
    async fn a_malformed_line_is_answered_as_rmcp_answers_it() {
        let (client, server) = tokio::io::duplex(4096);
        let (server_read, server_write) = tokio::io::split(server);
        let (mut client_read, mut client_write) = tokio::io::split(client);
        let mut transport = DemoStdio::new(server_read, server_write);
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        client_write
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n")
            .await
            .unwrap();
        let next = transport.receive().await.expect("the ping");
        assert!(matches!(next, JsonRpcMessage::Request(ref r) if r.id == RequestId::Number(2)));
        let mut answer = vec![0; 4096];
        let n = client_read.read(&mut answer).await.unwrap();
        let answer: serde_json::Value = serde_json::from_slice(&answer[..n]).unwrap();
        assert_eq!(answer["error"]["code"], -32600, "{answer}");
    }
}

//! The server's stdout, line by line, for [`DirectTransport`](super::direct::DirectTransport):
//! an answer to a direct `tools/call` is read straight into a `CallToolResult`; every other
//! line goes through rmcp's own line transport, one line at a time, so it reads as rmcp reads it.
//!
//! rmcp reads a result by trying each of its twenty result types in turn (an untagged enum
//! over a buffered copy of the message): for the answer to a call, most of the client's CPU
//! per call, and in the 2026-07-28 era more again, as every type before `CallToolResult`
//! reads the `resultType` the era adds to each result (a callgrind count of the clients
//! bench). The id says which request a line answers, and so what its result is.

use std::io;

use rmcp::RoleClient;
use rmcp::model::{
    CallToolResult, JsonRpcVersion2_0, NumberOrString, ServerJsonRpcMessage, ServerResult,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::AsyncRwTransport;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};

use crate::client::transport::discover_hints::with_default_hints;
use crate::client::transport::last_lines::LastLines;

/// The first id of a direct request (`direct.rs`): far above rmcp's own counter, exact in a
/// JSON double.
pub(super) const FIRST_ID: i64 = 1 << 32;

/// Reads whole lines (the limit on their size is the reader's below: `LimitedReader`).
pub(crate) struct Lines<R> {
    input: BufReader<R>,
    /// The line being read; kept across a `receive` dropped mid-read (rmcp's session polls it
    /// in a `select!`).
    line: Vec<u8>,
    /// The last lines that are no MCP message (a banner, or an error printed to the wrong
    /// stream, "错误: 未安装MCP SDK" before exit 1 with nothing on stderr): a failed handshake
    /// quotes them.
    strays: LastLines,
}

impl<R: AsyncRead + Send + Unpin> Lines<R> {
    pub(crate) fn new(input: R, strays: LastLines) -> Self {
        Lines {
            input: BufReader::new(input),
            line: Vec::new(),
            strays,
        }
    }

    /// The next whole line; `None` at the end of the stream (a last line without its newline
    /// is incomplete, as rmcp counts it) or on a read error.
    async fn read_line(&mut self) -> Option<Vec<u8>> {
        loop {
            let buffered = self.input.fill_buf().await.ok()?;
            if buffered.is_empty() {
                return None;
            }
            let end = memchr::memchr(b'\n', buffered);
            let take = end.map_or(buffered.len(), |at| at + 1);
            self.line.extend_from_slice(&buffered[..take]);
            self.input.consume(take);
            if end.is_some() {
                return Some(std::mem::take(&mut self.line));
            }
        }
    }
}

impl<R: AsyncRead + Send + Unpin + 'static> Transport<RoleClient> for Lines<R> {
    type Error = io::Error;

    /// Never called: [`DirectTransport`](super::direct::DirectTransport) writes to the pipe.
    fn send(
        &mut self,
        _: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        std::future::ready(Err(io::Error::other("the stdout reader does not write")))
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        loop {
            let line = self.read_line().await?;
            if let Some(answer) = call_answer(&line) {
                return Some(answer);
            }
            let line = match with_default_hints(&line) {
                Some(mut filled) => {
                    filled.push(b'\n'); // a whole line, as it came
                    filled
                }
                None => line,
            };
            if let Some(message) = through_rmcp(&line).await {
                return Some(message);
            }
            let text = String::from_utf8_lossy(&line);
            if !text.trim().is_empty() {
                self.strays.push(text.trim().to_string());
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        Ok(())
    }
}

/// A line as rmcp's line transport reads it: the message, or `None` for a line it skips.
/// (It reads from memory: nothing here waits.)
async fn through_rmcp(line: &[u8]) -> Option<ServerJsonRpcMessage> {
    AsyncRwTransport::<RoleClient, _, _>::new(line, tokio::io::sink())
        .with_max_line_length(usize::MAX)
        .receive()
        .await
}

/// An answer: a result, not an error, and not a request or notification with an id.
#[derive(Deserialize)]
struct Answer<'a> {
    #[allow(dead_code)] // read to check it is "2.0"
    jsonrpc: JsonRpcVersion2_0,
    id: i64,
    #[serde(borrow)]
    result: &'a RawValue,
    // rmcp rejects a message that holds either beside a result; such a line goes to rmcp.
    method: Option<IgnoredAny>,
    error: Option<IgnoredAny>,
}

/// The members a `CallToolResult` has, and nothing else: with another (`task`, `tools`,
/// `messages` …) rmcp may read the result as another type, so such a line goes to rmcp.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // only which members are there is read
struct OnlyCallToolResult {
    #[serde(rename = "resultType")]
    result_type: Option<IgnoredAny>,
    content: Option<IgnoredAny>,
    #[serde(rename = "structuredContent")]
    structured_content: Option<IgnoredAny>,
    #[serde(rename = "isError")]
    is_error: Option<IgnoredAny>,
    #[serde(rename = "_meta")]
    meta: Option<IgnoredAny>,
}

/// The answer to a direct `tools/call` whose result is complete, as rmcp would read it; `None`
/// for anything else (rmcp reads those).
fn call_answer(line: &[u8]) -> Option<ServerJsonRpcMessage> {
    let answer: Answer = serde_json::from_slice(line).ok()?;
    if answer.id < FIRST_ID || answer.method.is_some() || answer.error.is_some() {
        return None;
    }
    let raw = answer.result.get();
    serde_json::from_str::<OnlyCallToolResult>(raw).ok()?;
    // Its own reading refuses what is not a complete result (`resultType` "input_required",
    // "task") or carries none of its fields.
    let result: CallToolResult = serde_json::from_str(raw).ok()?;
    Some(ServerJsonRpcMessage::response(
        ServerResult::CallToolResult(result),
        NumberOrString::Number(answer.id),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::JsonRpcMessage;

    /// rmcp's reading of a line, for comparison.
    fn rmcp(line: &str) -> Option<ServerJsonRpcMessage> {
        serde_json::from_str(line).ok()
    }

    fn value(message: &ServerJsonRpcMessage) -> serde_json::Value {
        serde_json::to_value(message).unwrap()
    }

    #[test]
    fn an_answer_to_a_direct_call_reads_as_rmcp_reads_it() {
        let lines = [
            r#"{"jsonrpc":"2.0","id":4294967296,"result":{"resultType":"complete","content":[{"type":"text","text":"{\"sum\":2.0}"}],"structuredContent":{"sum":2.0},"isError":false}}"#,
            r#"{"id":4294967297,"result":{"content":[{"type":"text","text":"hi"}]},"jsonrpc":"2.0"}"#,
            r#"{"jsonrpc":"2.0","id":4294967298,"result":{"structuredContent":null,"_meta":{"k":1}}}"#,
            r#"{"jsonrpc":"2.0","id":4294967299,"result":{"isError":true,"content":[{"type":"image","data":"AA==","mimeType":"image/png"}]}}"#,
        ];
        for line in lines {
            let direct = call_answer(line.as_bytes()).expect("read directly");
            let rmcp = rmcp(line).expect("rmcp reads it");
            assert!(matches!(
                &rmcp,
                JsonRpcMessage::Response(r) if matches!(r.result, ServerResult::CallToolResult(_))
            ));
            assert_eq!(value(&direct), value(&rmcp), "{line}");
        }
    }

    #[test]
    fn every_other_line_is_left_to_rmcp() {
        for line in [
            // rmcp's own requests (ids below the direct ones) and what is not an answer
            r#"{"jsonrpc":"2.0","id":3,"result":{"content":[]}}"#,
            r#"{"jsonrpc":"2.0","id":4294967296,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":4294967296,"error":{"code":-32601,"message":"no"}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{}}"#,
            r#"{"jsonrpc":"1.0","id":4294967296,"result":{"content":[]}}"#,
            r#"{"jsonrpc":"2.0","id":"4294967296","result":{"content":[]}}"#,
            // results of other kinds, or that rmcp may read as another kind
            r#"{"jsonrpc":"2.0","id":4294967296,"result":{"resultType":"input_required","inputRequests":{}}}"#,
            r#"{"jsonrpc":"2.0","id":4294967296,"result":{"resultType":"task","task":{}}}"#,
            r#"{"jsonrpc":"2.0","id":4294967296,"result":{"content":[],"tools":[]}}"#,
            r#"{"jsonrpc":"2.0","id":4294967296,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":4294967296,"result":{"content":"text"}}"#,
            "not json",
        ] {
            assert!(call_answer(line.as_bytes()).is_none(), "{line}");
        }
    }

    #[tokio::test]
    async fn lines_come_whole_in_order_and_a_skipped_line_is_skipped() {
        let input: &[u8] = b"banner\n{\"jsonrpc\":\"2.0\",\"id\":4294967296,\"result\":{\"content\":[]}}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":2,";
        let strays = LastLines::new(5);
        let mut lines = Lines::new(input, strays.clone());
        let first = lines.receive().await.expect("the direct answer");
        assert_eq!(value(&first)["id"], 4294967296_i64);
        let second = lines.receive().await.expect("rmcp's answer");
        assert_eq!(value(&second)["id"], 1);
        assert!(lines.receive().await.is_none(), "an unfinished last line");
        assert_eq!(
            strays.lines(),
            ["banner"],
            "the skipped line, kept for errors"
        );
    }
}

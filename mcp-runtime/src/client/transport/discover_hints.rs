//! A `server/discover` result without the caching hints the 2026-07-28 revision asks of it
//! (`ttlMs`, `cacheScope`) is read with the values the revision gives a client for them: `ttlMs`
//! 0, stale at once, so nothing is cached on its word; `cacheScope` `"private"`, shared with
//! no one. rmcp requires both: without them it read the result as another type, the session
//! fell back to `initialize`, and a server that speaks only 2026-07-28 could not be reached.
//! stdio fills them in on the line before rmcp reads it (`stdio/lines.rs`); streamable HTTP
//! in each event's data and, for a JSON body rmcp has already read, in the result it kept as
//! a custom one (`http/limit.rs`). Nothing is posted twice: a DPoP proof is good for one
//! request only.

use rmcp::model::{CustomResult, JsonRpcMessage, ServerJsonRpcMessage, ServerResult};
use serde_json::{Map, Value, json};

/// The message (JSON text) with the hints its discovery result lacks filled in; `None` for any
/// other message (one that is no discovery result, or one that has both hints).
pub(crate) fn with_default_hints(text: &[u8]) -> Option<Vec<u8>> {
    // Only a discovery result names its versions: other messages are not parsed again.
    memchr::memmem::find(text, b"\"supportedVersions\"")?;
    let mut message: Value = serde_json::from_slice(text).ok()?;
    let result = message.get_mut("result")?.as_object_mut()?;
    fill_default_hints(result).then(|| serde_json::to_vec(&message).ok())?
}

/// A message rmcp has read, with a discovery result it could not read as one (it keeps such
/// a result as a custom one, whole) read again with the missing hints filled in.
#[cfg_attr(not(feature = "http"), allow(dead_code))]
pub(crate) fn read_with_default_hints(message: ServerJsonRpcMessage) -> ServerJsonRpcMessage {
    let JsonRpcMessage::Response(mut response) = message else {
        return message;
    };
    if let ServerResult::CustomResult(CustomResult(Value::Object(result))) = &response.result {
        // A copy: a result that does not read even so stays as the server sent it.
        let mut result = result.clone();
        if fill_default_hints(&mut result)
            && let Ok(read @ ServerResult::DiscoverResult(_)) =
                serde_json::from_value(Value::Object(result))
        {
            response.result = read;
        }
    }
    JsonRpcMessage::Response(response)
}

/// Fills in the hints a discovery result lacks; whether there were any to fill (none when the
/// result is no discovery result).
fn fill_default_hints(result: &mut Map<String, Value>) -> bool {
    if !result.contains_key("supportedVersions") {
        return false;
    }
    let mut filled = false;
    for (hint, default) in [("ttlMs", json!(0)), ("cacheScope", json!("private"))] {
        if !result.contains_key(hint) {
            result.insert(hint.into(), default);
            filled = true;
        }
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::{JsonRpcMessage, ServerJsonRpcMessage, ServerResult};

    fn read(line: &[u8]) -> Option<ServerResult> {
        match serde_json::from_slice::<ServerJsonRpcMessage>(line).ok()? {
            JsonRpcMessage::Response(response) => Some(response.result),
            _ => None,
        }
    }

    #[test]
    fn a_discovery_result_without_hints_reads_as_one_with_the_revisions_defaults() {
        let line = br#"{"jsonrpc":"2.0","id":0,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}}"#;
        assert!(
            !matches!(read(line), Some(ServerResult::DiscoverResult(_))),
            "rmcp alone does not read it as a discovery result"
        );
        let filled = with_default_hints(line).expect("filled");
        let Some(ServerResult::DiscoverResult(result)) = read(&filled) else {
            panic!(
                "not a discovery result: {}",
                String::from_utf8_lossy(&filled)
            );
        };
        let value = serde_json::to_value(&result).unwrap();
        assert_eq!(value["ttlMs"], 0);
        assert_eq!(value["cacheScope"], "private");
        assert_eq!(value["supportedVersions"], json!(["2026-07-28"]));
    }

    #[test]
    fn hints_the_server_gave_and_other_lines_are_left_as_they_are() {
        let given = br#"{"jsonrpc":"2.0","id":0,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{},"ttlMs":5000}}"#;
        let filled: Value = serde_json::from_slice(&with_default_hints(given).unwrap()).unwrap();
        assert_eq!(
            filled["result"]["ttlMs"], 5000,
            "only the missing hint is filled"
        );
        assert_eq!(filled["result"]["cacheScope"], "private");
        for line in [
            &br#"{"jsonrpc":"2.0","id":0,"result":{"supportedVersions":[],"capabilities":{},"ttlMs":0,"cacheScope":"public"}}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"\"supportedVersions\""}]}}"#,
            br#"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"no supportedVersions"}}"#,
            b"not json \"supportedVersions\"",
        ] {
            assert!(with_default_hints(line).is_none(), "{}", String::from_utf8_lossy(line));
        }
    }

    #[test]
    fn a_discovery_result_rmcp_kept_as_a_custom_one_is_read_again_with_the_defaults() {
        let line = br#"{"jsonrpc":"2.0","id":0,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{}}}"#;
        let as_rmcp_read: ServerJsonRpcMessage = serde_json::from_slice(line).unwrap();
        let Some(ServerResult::DiscoverResult(result)) =
            read(&serde_json::to_vec(&read_with_default_hints(as_rmcp_read)).unwrap())
        else {
            panic!("not read as a discovery result");
        };
        assert_eq!(
            serde_json::to_value(&result).unwrap()["cacheScope"],
            "private"
        );
        // A custom result that is no discovery result, or does not read as one even with the
        // hints, is left as the server sent it.
        for line in [
            &br#"{"jsonrpc":"2.0","id":1,"result":{"anything":1}}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":"not a list","capabilities":{}}}"#,
        ] {
            let as_rmcp_read: ServerJsonRpcMessage = serde_json::from_slice(line).unwrap();
            let again = read_with_default_hints(as_rmcp_read.clone());
            assert_eq!(
                serde_json::to_value(&again).unwrap(),
                serde_json::to_value(&as_rmcp_read).unwrap()
            );
        }
    }
}

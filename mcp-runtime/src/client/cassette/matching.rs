//! Which recorded interaction answers a request: the same method and the same params (less
//! `_meta` and the fields the spec says to ignore); the first one not used yet, so repeated
//! calls replay in order, else the last match (a listing asked again). An unmatched request
//! is an error that shows the closest recorded one and where it differs.

use serde_json::Value;

use super::{Cassette, Interaction};

/// A cassette being replayed.
pub(crate) struct Matcher {
    interactions: Vec<Interaction>,
    used: Vec<bool>,
    ignore: Vec<String>,
}

impl Matcher {
    pub fn new(cassette: Cassette, ignore: Vec<String>) -> Matcher {
        let interactions: Vec<Interaction> = cassette
            .interactions
            .into_iter()
            .map(|mut i| {
                i.params = normalized(&i.params, &ignore);
                i
            })
            .collect();
        let used = vec![false; interactions.len()];
        Matcher {
            interactions,
            used,
            ignore,
        }
    }

    /// The recorded answer to `method` with `params`: `Ok(result)` or `Err(error object)`.
    pub fn answer(&mut self, method: &str, params: &Value) -> Result<Value, Value> {
        let params = normalized(params, &self.ignore);
        let handshake = matches!(method, "initialize" | "server/discover");
        let matching: Vec<usize> = (0..self.interactions.len())
            .filter(|&i| {
                let recorded = &self.interactions[i];
                recorded.method == method && (handshake || same(&recorded.params, &params))
            })
            .collect();
        let Some(&index) = matching
            .iter()
            .find(|&&i| !self.used[i])
            .or(matching.last())
        else {
            return Err(self.unmatched(method, &params));
        };
        self.used[index] = true;
        let recorded = &self.interactions[index];
        match (&recorded.result, &recorded.error) {
            (Some(result), _) => Ok(result.clone()),
            (None, Some(error)) => Err(error.clone()),
            (None, None) => Ok(Value::Object(Default::default())),
        }
    }

    /// The error for a request nothing matches, naming the closest recorded one. A handshake
    /// the cassette lacks is "method not found", as from a server of the other era, so the
    /// client falls back to the one recorded.
    fn unmatched(&self, method: &str, params: &Value) -> Value {
        if matches!(method, "initialize" | "server/discover") {
            let message = format!(
                "the cassette has no `{method}`: it was recorded in the other protocol era"
            );
            return serde_json::json!({"code": -32601, "message": message});
        }
        let closest = self
            .interactions
            .iter()
            .filter(|i| i.method == method)
            .min_by_key(|i| differences(&i.params, params, "").len());
        let message = match closest {
            Some(recorded) => {
                let diffs = differences(&recorded.params, params, "");
                format!(
                    "no recorded `{method}` request matches {params}; the closest recorded one differs at {} (recorded: {})",
                    diffs.join(", "),
                    recorded.params
                )
            }
            None => {
                let mut methods: Vec<&str> = self
                    .interactions
                    .iter()
                    .map(|i| i.method.as_str())
                    .collect();
                methods.dedup();
                format!(
                    "the cassette has no `{method}` request (it has: {}); record the session again with this call in it",
                    methods.join(", ")
                )
            }
        };
        serde_json::json!({"code": -32602, "message": message})
    }
}

/// `params` without `_meta` and without the ignored pointers.
fn normalized(params: &Value, ignore: &[String]) -> Value {
    let mut params = params.clone();
    if let Value::Object(map) = &mut params {
        map.remove("_meta");
    }
    for pointer in ignore {
        let Some((parent, key)) = pointer.rsplit_once('/') else {
            continue;
        };
        let key = key.replace("~1", "/").replace("~0", "~");
        if let Some(Value::Object(map)) = params.pointer_mut(parent) {
            map.remove(&key);
        }
    }
    params
}

/// JSON equality with numbers compared by value: `2` (typed as an integer) matches `2.0` (an
/// `f64` argument), as the server saw them.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The JSON Pointers at which `a` and `b` differ (leaves, and keys on one side only).
fn differences(a: &Value, b: &Value, at: &str) -> Vec<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter()
                .flat_map(|k| match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => differences(p, q, &format!("{at}/{k}")),
                    _ => vec![format!("{at}/{k}")],
                })
                .collect()
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .flat_map(|(i, (p, q))| differences(p, q, &format!("{at}/{i}")))
            .collect(),
        (a, b) if same(a, b) => Vec::new(),
        _ => vec![if at.is_empty() {
            "/".into()
        } else {
            at.to_string()
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cassette() -> Cassette {
        let call = |a: i64, sum: i64| Interaction {
            method: "tools/call".into(),
            params: json!({"name": "add", "arguments": {"a": a, "b": 1, "at": "10:00"}, "_meta": {"progressToken": 3}}),
            result: Some(json!({"sum": sum})),
            error: None,
        };
        Cassette {
            format: 1,
            interactions: vec![call(1, 2), call(1, 20), call(5, 6)],
        }
    }

    #[test]
    fn repeated_calls_replay_in_order_then_the_last_one_again() {
        let mut matcher = Matcher::new(cassette(), vec!["/arguments/at".into()]);
        let params = json!({"name": "add", "arguments": {"a": 1, "b": 1, "at": "11:30"}});
        assert_eq!(matcher.answer("tools/call", &params), Ok(json!({"sum": 2})));
        assert_eq!(
            matcher.answer("tools/call", &params),
            Ok(json!({"sum": 20}))
        );
        assert_eq!(
            matcher.answer("tools/call", &params),
            Ok(json!({"sum": 20}))
        );
    }

    #[test]
    fn an_unmatched_request_names_the_closest_recorded_one() {
        let mut matcher = Matcher::new(cassette(), Vec::new());
        let params = json!({"name": "add", "arguments": {"a": 5, "b": 2, "at": "10:00"}});
        let error = matcher.answer("tools/call", &params).unwrap_err();
        let message = error["message"].as_str().unwrap();
        assert!(message.contains("differs at /arguments/b"), "{message}");
        assert!(message.contains("\"a\":5"), "{message}");
        let error = matcher.answer("prompts/get", &json!({})).unwrap_err();
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .contains("has no `prompts/get` request (it has: tools/call)")
        );
    }
}

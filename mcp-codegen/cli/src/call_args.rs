//! `call`'s arguments: one JSON object, or `key=value` pairs typed by the tool's input schema
//! (a string property takes the text as it is; numbers, booleans, arrays and objects are
//! parsed as JSON).

use anyhow::{Context, bail};
use serde_json::{Map, Value};

/// The call's arguments from the words after the tool's name, typed by `schema`.
pub(crate) fn parse(
    tool: &str,
    words: &[String],
    schema: &Map<String, Value>,
) -> anyhow::Result<Map<String, Value>> {
    if let [only] = words
        && only.trim_start().starts_with('{')
    {
        return match serde_json::from_str(only) {
            Ok(Value::Object(map)) => Ok(map),
            Ok(_) => bail!("the arguments of `{tool}` must be a JSON object"),
            Err(err) => Err(err).context(format!("the arguments of `{tool}` are not valid JSON")),
        };
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    let mut arguments = Map::new();
    for word in words {
        let Some((key, text)) = word.split_once('=') else {
            bail!(
                "`{word}`: arguments are `key=value` pairs or one JSON object, e.g. `{tool} a=1` or `{tool} '{{\"a\": 1}}'`"
            );
        };
        let property = properties.and_then(|p| p.get(key));
        if properties.is_some() && property.is_none() {
            bail!(
                "`{tool}` has no argument `{key}`; it takes {}",
                known(properties)
            );
        }
        let value = typed(key, text, property)?;
        arguments.insert(key.to_string(), value);
    }
    Ok(arguments)
}

/// The value of `key=text`: the text itself where the schema says string (or allows one and
/// the text is not JSON), JSON otherwise.
fn typed(key: &str, text: &str, property: Option<&Value>) -> anyhow::Result<Value> {
    let kinds = property.map(kinds).unwrap_or_default();
    let wants_string = kinds.iter().any(|k| k == "string");
    let only_string = wants_string && kinds.iter().all(|k| k == "string" || k == "null");
    if only_string {
        return Ok(Value::String(text.to_string()));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value) => Ok(value),
        Err(_) if wants_string || kinds.is_empty() => Ok(Value::String(text.to_string())),
        Err(err) => bail!(
            "`{key}={text}`: expected {} (as JSON): {err}",
            kinds.join(" or ")
        ),
    }
}

/// The JSON types a property schema allows (`type`, or the `type`s of its `anyOf`/`oneOf`;
/// `enum` of strings counts as string).
fn kinds(property: &Value) -> Vec<String> {
    let mut kinds = Vec::new();
    match property.get("type") {
        Some(Value::String(kind)) => kinds.push(kind.clone()),
        Some(Value::Array(list)) => {
            kinds.extend(list.iter().filter_map(Value::as_str).map(str::to_string))
        }
        _ => {}
    }
    if let Some(Value::Array(values)) = property.get("enum")
        && values.iter().all(Value::is_string)
    {
        kinds.push("string".into());
    }
    for key in ["anyOf", "oneOf"] {
        for branch in property
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            kinds.extend(self::kinds(branch));
        }
    }
    kinds
}

fn known(properties: Option<&Map<String, Value>>) -> String {
    match properties {
        Some(p) if !p.is_empty() => p
            .keys()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", "),
        _ => "no arguments".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Map<String, Value> {
        json!({"type": "object", "properties": {
            "name": {"type": "string"}, "n": {"type": "integer"}, "on": {"type": "boolean"},
            "tags": {"type": "array"}, "either": {"anyOf": [{"type": "string"}, {"type": "number"}]}
        }})
        .as_object()
        .cloned()
        .unwrap()
    }

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn pairs_are_typed_by_the_schema() {
        let args = parse(
            "t",
            &words(&["name=42", "n=7", "on=true", "tags=[1,2]", "either=x"]),
            &schema(),
        )
        .unwrap();
        assert_eq!(
            Value::Object(args),
            json!({"name": "42", "n": 7, "on": true, "tags": [1, 2], "either": "x"})
        );
    }

    #[test]
    fn a_json_object_is_taken_whole_and_mistakes_are_named() {
        let args = parse("t", &words(&[r#"{"n": 1}"#]), &schema()).unwrap();
        assert_eq!(args["n"], 1);
        let err = parse("t", &words(&["nme=x"]), &schema())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no argument `nme`") && err.contains("`name`"),
            "{err}"
        );
        let err = parse("t", &words(&["n=seven"]), &schema())
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected integer"), "{err}");
        let err = parse("t", &words(&["n"]), &schema())
            .unwrap_err()
            .to_string();
        assert!(err.contains("key=value"), "{err}");
    }
}

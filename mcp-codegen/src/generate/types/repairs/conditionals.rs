//! Conditionals as fields a user can build: `if`/`then`/`else`, `dependentSchemas`,
//! `dependentRequired` and draft-07's `dependencies` (typify 0.8 panics on the first and
//! drops the others). A branch's properties become optional fields of the object — a field the
//! object declares itself keeps its own type, which every value satisfies whichever branch
//! holds — and each condition is written into the object's docs, so a reader sees what the
//! server will check. A member of `allOf` that is nothing but a condition (how generators write
//! several) is folded into the object that holds it.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// What an `allOf` member may hold and still be nothing but a condition.
const CONDITION_ONLY: &[&str] = &[
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependentRequired",
    "dependencies",
    "$comment",
];

/// Marks, while folding, a field a branch added (and so may widen).
const BRANCH_MARK: &str = "x-mcp-toolset-branch";

/// The longest schema of a field quoted whole in a condition's effect.
const NARROWING_LIMIT: usize = 60;

/// The longest `if` schema quoted whole in the docs; a longer one is named, not quoted.
const QUOTE_LIMIT: usize = 160;

/// Folds the conditionals of one schema object (its sub-schemas are the caller's to visit).
pub(crate) fn fold_conditionals(map: &mut Map<String, Value>, notes: &mut BTreeSet<String>) {
    let mut lines = Vec::new();
    for mut member in condition_members(map) {
        fold_into(map, &mut member, &mut lines, "");
    }
    let mut own = Map::new();
    for key in CONDITION_ONLY {
        if let Some(value) = map.remove(*key) {
            own.insert(key.to_string(), value);
        }
    }
    fold_into(map, &mut own, &mut lines, "");
    unmark(map);
    if lines.is_empty() {
        return;
    }
    notes.insert(
        "conditions (`if`/`then`/`else`, `dependentSchemas`, `dependentRequired`) are optional \
         fields and docs; the server checks them"
            .into(),
    );
    let mut text = map
        .get("description")
        .and_then(Value::as_str)
        .map(|d| format!("{}\n\n", d.trim_end()))
        .unwrap_or_default();
    text.push_str("Conditions the server checks:\n");
    for line in lines {
        text.push_str(&format!("\n- {line}."));
    }
    map.insert("description".into(), Value::from(text));
}

/// Takes off the marks of fields added by a branch (they were for the fold, not for typify),
/// and puts the fields in name order: serde_json's map keeps insertion order when a crate
/// in the build turns on `preserve_order`, and the generated code must not depend on that.
fn unmark(map: &mut Map<String, Value>) {
    if let Some(Value::Object(fields)) = map.get_mut("properties") {
        if !fields.values().any(|f| f.get(BRANCH_MARK).is_some()) {
            return;
        }
        let mut sorted: Vec<(String, Value)> = std::mem::take(fields).into_iter().collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, mut field) in sorted {
            if let Value::Object(field) = &mut field {
                field.remove(BRANCH_MARK);
            }
            fields.insert(name, field);
        }
    }
}

/// Takes the `allOf` members that are nothing but conditions out of `map`.
fn condition_members(map: &mut Map<String, Value>) -> Vec<Map<String, Value>> {
    let Some(Value::Array(members)) = map.get_mut("allOf") else {
        return Vec::new();
    };
    let is_condition = |m: &Value| {
        m.as_object().is_some_and(|m| {
            !m.is_empty() && m.keys().all(|k| CONDITION_ONLY.contains(&k.as_str()))
        })
    };
    let (taken, kept): (Vec<Value>, Vec<Value>) =
        std::mem::take(members).into_iter().partition(is_condition);
    if kept.is_empty() {
        map.remove("allOf");
    } else {
        *members = kept;
    }
    taken
        .into_iter()
        .filter_map(|m| match m {
            Value::Object(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// Folds the conditional keywords of `from` into the object `map`, a line of docs for each.
/// `under` is the condition of the branch `from` sits in (empty at the top): a branch's own
/// conditions hold only when it does.
fn fold_into(
    map: &mut Map<String, Value>,
    from: &mut Map<String, Value>,
    lines: &mut Vec<String>,
    under: &str,
) {
    let when = from.remove("if");
    let (then, otherwise) = (from.remove("then"), from.remove("else"));
    if let Some(when) = when.filter(|_| then.is_some() || otherwise.is_some()) {
        let condition = describe_condition(&when);
        // The line goes before those of the conditions inside its branches.
        let at = lines.len();
        let mut parts = Vec::new();
        if let Some(then) = then {
            let effect = branch(map, then, &format!("when {condition}{under}"), lines);
            parts.push(format!("if {condition}, {effect}"));
        }
        if let Some(otherwise) = otherwise {
            let effect = branch(map, otherwise, &format!("unless {condition}{under}"), lines);
            let lead = match parts.is_empty() {
                true => format!("unless {condition}"),
                false => "otherwise".into(),
            };
            parts.push(format!("{lead}, {effect}"));
        }
        lines.insert(at, capitalized(&format!("{}{under}", parts.join("; "))));
    }
    fold_dependents(map, from, lines, under);
}

/// `dependentRequired`, `dependentSchemas`, and draft-07's `dependencies` that spell both.
fn fold_dependents(
    map: &mut Map<String, Value>,
    from: &mut Map<String, Value>,
    lines: &mut Vec<String>,
    under: &str,
) {
    let mut dependents: Vec<(String, Value)> = Vec::new();
    for key in ["dependentRequired", "dependentSchemas", "dependencies"] {
        if let Some(Value::Object(entries)) = from.remove(key) {
            dependents.extend(entries);
        }
    }
    for (name, dependent) in dependents {
        let condition = format!("`{}` is given", quoted(&name));
        let at = lines.len();
        let effect = match dependent {
            Value::Array(names) => required_effect(&strings(&names)),
            schema => branch(map, schema, &format!("when {condition}{under}"), lines),
        };
        lines.insert(at, capitalized(&format!("if {condition}, {effect}{under}")));
    }
}

/// Adds a branch's properties to `map` as optional fields (documented as present `when`) and
/// says what the branch asks for.
fn branch(
    map: &mut Map<String, Value>,
    schema: Value,
    when: &str,
    lines: &mut Vec<String>,
) -> String {
    let Value::Object(mut schema) = schema else {
        return match schema == Value::Bool(false) {
            true => "the value is refused".into(),
            false => "nothing more is asked".into(),
        };
    };
    // A condition inside the branch applies to the same object, while the branch holds.
    let inner = format!(" ({when})");
    for mut member in condition_members(&mut schema) {
        fold_into(map, &mut member, lines, &inner);
    }
    fold_into(map, &mut schema, lines, &inner);
    let required: Vec<String> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let mut effects = Vec::new();
    if !required.is_empty() {
        effects.push(required_effect(&required));
    }
    if let Some(Value::Object(props)) = schema.remove("properties") {
        effects.extend(merge_properties(map, props, &required, when));
    }
    if effects.is_empty() {
        return "nothing more is asked".into();
    }
    effects.join(" and ")
}

/// Merges a branch's properties into `map`'s: new ones as optional fields, fields the object
/// declares itself unchanged. Says what the branch asks of the latter, and which it adds.
fn merge_properties(
    map: &mut Map<String, Value>,
    props: Map<String, Value>,
    required: &[String],
    when: &str,
) -> Vec<String> {
    let fields = map
        .entry("properties")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(fields) = fields else {
        return Vec::new();
    };
    let (mut effects, mut optional) = (Vec::new(), Vec::new());
    for (name, prop) in props {
        if !required.contains(&name) {
            optional.push(name.clone());
        }
        let by_branch = added_by_branch(fields, &name);
        match fields.get_mut(&name) {
            // The object's own schema holds for every value: its field keeps it.
            Some(_) if !by_branch => {
                optional.pop_if(|n| *n == name);
                effects.push(narrowing(&name, &prop));
            }
            Some(existing) => widen(existing, prop, when),
            None => {
                fields.insert(name, annotated(prop, when));
            }
        }
    }
    if !optional.is_empty() {
        effects.push(format!("{} may be given", names(&optional)));
    }
    effects
}

/// What a branch asks of a field the object declares: its schema, quoted when short.
fn narrowing(name: &str, prop: &Value) -> String {
    let text = strip_docs(prop).to_string();
    if text.len() <= NARROWING_LIMIT {
        format!("`{}` matches `{}`", quoted(name), quoted(&text))
    } else {
        format!("`{}` matches the branch's schema", quoted(name))
    }
}

/// Whether the field `name` was added by an earlier branch (its docs say when it is present).
fn added_by_branch(fields: &Map<String, Value>, name: &str) -> bool {
    fields.get(name).and_then(|f| f.get(BRANCH_MARK)).is_some()
}

/// A field two branches add with different schemas takes either; its docs say both whens.
fn widen(existing: &mut Value, prop: Value, when: &str) {
    let prop = annotated(prop, when);
    if strip_docs(existing) == strip_docs(&prop) {
        return;
    }
    let mut docs = Vec::new();
    let members: Vec<Value> = [std::mem::take(existing), prop]
        .into_iter()
        .map(|mut member| {
            if let Value::Object(m) = &mut member {
                m.remove(BRANCH_MARK);
                docs.extend(m.remove("description"));
            }
            member
        })
        .collect();
    let docs: Vec<&str> = docs.iter().filter_map(Value::as_str).collect();
    let mut either = Map::new();
    either.insert("description".into(), Value::from(docs.join("\n\n")));
    either.insert("anyOf".into(), Value::Array(members));
    either.insert(BRANCH_MARK.into(), Value::Bool(true));
    *existing = Value::Object(either);
}

fn strip_docs(schema: &Value) -> Value {
    let mut schema = schema.clone();
    if let Value::Object(map) = &mut schema {
        map.remove("description");
        map.remove(BRANCH_MARK);
    }
    schema
}

/// A branch's property with its docs saying when it is present.
fn annotated(prop: Value, when: &str) -> Value {
    let mut map = match prop {
        Value::Object(map) => map,
        other => return other,
    };
    let note = format!("Given {when}.");
    let description = match map.get("description").and_then(Value::as_str) {
        Some(d) => format!("{}\n\n{note}", d.trim_end()),
        None => note,
    };
    map.insert("description".into(), Value::from(description));
    map.insert(BRANCH_MARK.into(), Value::Bool(true));
    Value::Object(map)
}

/// The strings of a JSON list.
fn strings(list: &[Value]) -> Vec<String> {
    list.iter()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

/// What a list of required names asks for.
fn required_effect(required: &[String]) -> String {
    match required.len() {
        0 => "nothing more is asked".into(),
        1 => format!("{} is required", names(required)),
        _ => format!("{} are required", names(required)),
    }
}

/// An `if` schema in words: `p` is `v`, `p` is one of …, `p` is given; otherwise quoted.
fn describe_condition(when: &Value) -> String {
    let Some(map) = when.as_object() else {
        return format!("the value matches `{}`", quoted(&when.to_string()));
    };
    let mut parts = Vec::new();
    let required: Vec<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let props = map.get("properties").and_then(Value::as_object);
    for (name, prop) in props.into_iter().flatten() {
        match describe_property(prop) {
            Some(text) => parts.push(format!("`{}` {text}", quoted(name))),
            None => return quoted_condition(when),
        }
    }
    for name in required {
        if !props.is_some_and(|p| p.contains_key(name)) {
            parts.push(format!("`{}` is given", quoted(name)));
        }
    }
    let understood = map
        .keys()
        .all(|k| ["properties", "required", "type", "$comment"].contains(&k.as_str()));
    if parts.is_empty() || !understood {
        return quoted_condition(when);
    }
    parts.join(" and ")
}

/// One property's test in words, when it is a `const` or an `enum`.
fn describe_property(prop: &Value) -> Option<String> {
    let map = prop.as_object()?;
    if let Some(value) = map.get("const") {
        return Some(format!("is `{}`", quoted(&value.to_string())));
    }
    let values = map.get("enum")?.as_array()?;
    let listed: Vec<String> = values
        .iter()
        .map(|v| format!("`{}`", quoted(&v.to_string())))
        .collect();
    Some(format!("is one of {}", listed.join(", ")))
}

fn quoted_condition(when: &Value) -> String {
    let text = when.to_string();
    if text.len() <= QUOTE_LIMIT {
        format!("the value matches `{}`", quoted(&text))
    } else {
        "the value matches the schema's `if`".into()
    }
}

/// Text safe inside a Markdown code span.
fn quoted(text: &str) -> String {
    text.replace('`', "'")
}

/// `a`, `b` and `c`.
fn names(list: &[String]) -> String {
    let quoted: Vec<String> = list.iter().map(|n| format!("`{}`", quoted(n))).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn folded(schema: Value) -> (Value, BTreeSet<String>) {
        let Value::Object(mut map) = schema else {
            unreachable!()
        };
        let mut notes = BTreeSet::new();
        fold_conditionals(&mut map, &mut notes);
        (Value::Object(map), notes)
    }

    #[test]
    fn branches_become_optional_fields_and_the_condition_a_doc() {
        let (schema, notes) = folded(json!({
            "type": "object",
            "properties": {"kind": {"enum": ["file", "text"]}, "error": {"type": ["string", "null"]}},
            "required": ["kind"],
            "if": {"properties": {"kind": {"const": "file"}}},
            "then": {"properties": {"path": {"type": "string", "description": "Where."}}, "required": ["path"]},
            "else": {"properties": {"text": {"type": "string"}, "error": {"type": "null"}}}
        }));
        assert_eq!(notes.len(), 1);
        assert_eq!(schema["required"], json!(["kind"]));
        assert_eq!(schema["properties"]["path"]["type"], "string");
        assert_eq!(
            schema["properties"]["path"]["description"],
            "Where.\n\nGiven when `kind` is `\"file\"`."
        );
        assert_eq!(
            schema["properties"]["text"]["description"],
            "Given unless `kind` is `\"file\"`."
        );
        // The object's own `error` holds for either branch.
        assert_eq!(
            schema["properties"]["error"],
            json!({"type": ["string", "null"]})
        );
        assert_eq!(
            schema["description"],
            "Conditions the server checks:\n\n- If `kind` is `\"file\"`, `path` is required; \
             otherwise, `error` matches `{\"type\":\"null\"}` and `text` may be given."
        );
        for key in ["if", "then", "else"] {
            assert!(schema.get(key).is_none(), "{key} stayed");
        }
        assert!(!schema.to_string().contains(BRANCH_MARK));
    }

    #[test]
    fn condition_members_of_all_of_fold_into_their_holder() {
        // xcodebuildmcp's `errorConsistency`, on every tool's output.
        let (schema, _) = folded(json!({
            "type": "object",
            "properties": {"didError": {"type": "boolean"}},
            "allOf": [
                {"if": {"properties": {"didError": {"const": true}}, "required": ["didError"]},
                 "then": {"properties": {"error": {"type": "string"}}, "required": ["error"]}},
                {"if": {"properties": {"didError": {"const": false}}, "required": ["didError"]},
                 "then": {"properties": {"error": {"type": "null"}}}},
                {"$ref": "#/$defs/Base"}
            ]
        }));
        assert_eq!(schema["allOf"], json!([{"$ref": "#/$defs/Base"}]));
        // Two branches add `error` with different types: the field takes either.
        assert_eq!(
            schema["properties"]["error"]["anyOf"],
            json!([{"type": "string"}, {"type": "null"}])
        );
        assert_eq!(
            schema["properties"]["error"]["description"],
            "Given when `didError` is `true`.\n\nGiven when `didError` is `false`."
        );
        let docs = schema["description"].as_str().unwrap();
        assert!(
            docs.contains("- If `didError` is `true`, `error` is required."),
            "{docs}"
        );
        assert!(
            docs.contains("- If `didError` is `false`, `error` may be given."),
            "{docs}"
        );
    }

    #[test]
    fn dependents_in_both_drafts_are_documented_and_their_fields_added() {
        let (schema, _) = folded(json!({
            "properties": {"card": {"type": "string"}},
            "dependentRequired": {"card": ["billing"]},
            "dependentSchemas": {"card": {"properties": {"cvc": {"type": "string"}}, "required": ["cvc"]}},
            "dependencies": {"name": ["surname"]}
        }));
        assert_eq!(schema["properties"]["cvc"]["type"], "string");
        let docs = schema["description"].as_str().unwrap();
        assert!(
            docs.contains("- If `card` is given, `billing` is required."),
            "{docs}"
        );
        assert!(
            docs.contains("- If `card` is given, `cvc` is required."),
            "{docs}"
        );
        assert!(
            docs.contains("- If `name` is given, `surname` is required."),
            "{docs}"
        );
        for key in ["dependentRequired", "dependentSchemas", "dependencies"] {
            assert!(schema.get(key).is_none(), "{key} stayed");
        }
    }

    #[test]
    fn conditions_read_as_words_or_are_quoted() {
        let read = |when: Value| describe_condition(&when);
        assert_eq!(
            read(json!({"properties": {"mode": {"enum": ["a", "b"]}}, "required": ["mode", "x"]})),
            "`mode` is one of `\"a\"`, `\"b\"` and `x` is given"
        );
        assert_eq!(
            read(json!({"properties": {"n": {"minimum": 3}}})),
            "the value matches `{\"properties\":{\"n\":{\"minimum\":3}}}`"
        );
        assert_eq!(
            read(json!({"properties": {"a`b": {"const": "x`y"}}})),
            "`a'b` is `\"x'y\"`"
        );
        let long = json!({"anyOf": [{"description": "x".repeat(QUOTE_LIMIT)}]});
        assert_eq!(read(long), "the value matches the schema's `if`");
    }

    #[test]
    fn a_branch_alone_or_without_if_changes_nothing_but_goes() {
        let (schema, notes) = folded(json!({"type": "object", "then": {"required": ["a"]}}));
        assert_eq!(schema, json!({"type": "object"}));
        assert!(notes.is_empty());
    }
}

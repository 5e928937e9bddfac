//! Our own string enums. typify names variants by dropping what is not an identifier, so `+1`
//! and `-1` collide (it panics) and `plus1` fails `non_camel_case_types`; we name every
//! variant ourselves — valid, deterministic UpperCamelCase — and keep the wire value in
//! `#[serde(rename)]`. Each string enum is hoisted into `$defs` under a name of ours, and typify
//! is told to use our type there (`with_replacement`).

use std::collections::BTreeSet;

use heck::ToPascalCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::{Map, Value};

use super::refs::rename_def;
use crate::generate::text::names::{CALL_METHODS, Namer, pascal, snake};

/// A string enum taken out of a schema: its type name and wire values.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OwnEnum {
    pub name: String,
    pub values: Vec<String>,
    pub description: Option<String>,
}

/// The values of a string enum schema (`enum` of strings only, optionally with
/// `type: "string"`), or `None` for any other schema.
fn string_values(map: &Map<String, Value>) -> Option<Vec<String>> {
    let values = map.get("enum")?.as_array()?;
    if values.is_empty() || map.get("type").is_some_and(|t| t != "string") {
        return None;
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for value in values {
        let text = value.as_str()?.to_string();
        // Repeated values are one value on the wire.
        if seen.insert(text.clone()) {
            out.push(text);
        }
    }
    Some(out)
}

/// Replaces every string enum inside `schema` with a `$ref` to a `$defs` entry named after
/// where it stood (`InputSort`, `OutputItemsState`); a `$defs` entry that is a string enum keeps
/// its place under a PascalCase name. Returns those enums, whose `$defs` entries typify is to
/// replace with our types; a root string enum is named `root`.
pub(crate) fn hoist(schema: &mut Value, root: &str) -> Vec<OwnEnum> {
    normalize(schema);
    // A root that is a string enum is the type `Input` / `Output` itself.
    if let Some(map) = schema.as_object()
        && string_values(map).is_some()
    {
        return vec![own_enum(root.to_string(), map)];
    }
    let defs: Vec<(String, Value)> = schema
        .get("$defs")
        .and_then(Value::as_object)
        .map(|defs| defs.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    let is_enum = |v: &Value| v.as_object().and_then(string_values).is_some();
    let mut taken: BTreeSet<String> = defs
        .iter()
        .filter(|(_, v)| !is_enum(v))
        .map(|(k, _)| type_name(k))
        .collect();
    let mut found = Vec::new();
    for (name, def) in defs.iter().filter(|(_, v)| is_enum(v)) {
        let ours = unique(&type_name(&part(name)), &mut taken);
        if &ours != name {
            rename_def(schema, name, &ours);
        }
        found.push(own_enum(ours, def.as_object().unwrap_or(&Map::new())));
    }
    let mut inline = Vec::new();
    if let Value::Object(map) = schema {
        walk_children(map, root, &mut taken, &mut inline);
        if !inline.is_empty() {
            let defs = map
                .entry("$defs")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(defs) = defs {
                for own in &inline {
                    defs.insert(own.name.clone(), placeholder(own));
                }
            }
        }
    }
    found.extend(inline);
    found
}

/// Keywords whose values are data, not schemas: nothing under them is rewritten.
const DATA: &[&str] = &["enum", "const", "default", "examples", "example"];

/// Spells string enums one way, so that each becomes one of ours: a string `const` is a
/// one-value `enum`, and an `enum` of strings and `null` is an optional string enum.
fn normalize(node: &mut Value) {
    match node {
        Value::Object(map) => {
            if let Some(Value::String(value)) = map.get("const")
                && !map.contains_key("enum")
            {
                let value = value.clone();
                map.remove("const");
                map.insert("enum".into(), Value::Array(vec![Value::String(value)]));
            }
            nullable_enum(map);
            for (key, child) in map.iter_mut() {
                if !DATA.contains(&key.as_str()) {
                    normalize(child);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(normalize),
        _ => {}
    }
}

/// `{enum: ["a", null]}` → `{anyOf: [{type: string, enum: ["a"]}, {type: null}]}`.
fn nullable_enum(map: &mut Map<String, Value>) {
    let Some(Value::Array(values)) = map.get("enum") else {
        return;
    };
    let strings: Vec<Value> = values.iter().filter(|v| v.is_string()).cloned().collect();
    let all_string_or_null = values.iter().all(|v| v.is_string() || v.is_null());
    if strings.is_empty() || strings.len() == values.len() || !all_string_or_null {
        return;
    }
    map.remove("enum");
    map.remove("type");
    let options = serde_json::json!([{ "type": "string", "enum": strings }, { "type": "null" }]);
    map.insert("anyOf".into(), options);
}

fn own_enum(name: String, map: &Map<String, Value>) -> OwnEnum {
    OwnEnum {
        name,
        values: string_values(map).unwrap_or_default(),
        description: map
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string),
    }
}

/// What the `$defs` entry says for typify's sake (it is replaced by our type).
fn placeholder(own: &OwnEnum) -> Value {
    serde_json::json!({"type": "string", "enum": own.values})
}

fn walk(node: &mut Value, here: &str, taken: &mut BTreeSet<String>, found: &mut Vec<OwnEnum>) {
    let Value::Object(map) = node else { return };
    if string_values(map).is_some() {
        let own = own_enum(unique(&type_name(here), taken), map);
        // Keep what is not the enum itself (description, default, title) beside the `$ref`.
        map.remove("enum");
        map.remove("type");
        map.insert("$ref".into(), Value::from(format!("#/$defs/{}", own.name)));
        found.push(own);
        return;
    }
    walk_children(map, here, taken, found);
}

fn walk_children(
    map: &mut Map<String, Value>,
    here: &str,
    taken: &mut BTreeSet<String>,
    found: &mut Vec<OwnEnum>,
) {
    for (key, child) in map.iter_mut() {
        match (key.as_str(), child) {
            // String enums among the definitions were named in `hoist`.
            ("$defs", Value::Object(subs)) => {
                for (name, sub) in subs.iter_mut() {
                    if let Value::Object(inner) = sub
                        && string_values(inner).is_none()
                    {
                        walk_children(inner, &format!("{here}{}", part(name)), taken, found);
                    }
                }
            }
            ("properties" | "patternProperties", Value::Object(subs)) => {
                // Named after the fields, made distinct as the fields are (`Content-Type`
                // and `content_type`: `ContentType`, `ContentType2`), so an enum never takes
                // the name of a sibling's type; `Input`'s fields avoid the call's methods.
                let reserved = if here == "Input" { CALL_METHODS } else { &[] };
                let mut fields = Namer::with_reserved(reserved);
                for (name, sub) in subs.iter_mut() {
                    let field = fields.unique(snake(name));
                    walk(sub, &format!("{here}{}", part(&field)), taken, found);
                }
            }
            // `items` as a list: a tuple's positions.
            ("anyOf" | "oneOf" | "allOf" | "prefixItems" | "items", Value::Array(subs)) => {
                for (i, sub) in subs.iter_mut().enumerate() {
                    walk(sub, &format!("{here}Variant{i}"), taken, found);
                }
            }
            ("items" | "additionalProperties" | "additionalItems", sub) => {
                walk(sub, &format!("{here}Item"), taken, found);
            }
            _ => {}
        }
    }
}

/// A type name as typify spells the `$defs` entries it replaces (heck's PascalCase), so that
/// our name and its replacement key are the same string.
fn type_name(base: &str) -> String {
    match base.to_pascal_case() {
        name if name == "Self" => "SelfValue".to_string(),
        name => name,
    }
}

fn unique(base: &str, taken: &mut BTreeSet<String>) -> String {
    let mut name = base.to_string();
    let mut n = 2;
    while !taken.insert(name.clone()) {
        name = format!("{base}{n}");
        n += 1;
    }
    name
}

/// Valid, distinct UpperCamelCase variant names for `values`, in order.
pub(crate) fn variant_names(values: &[String]) -> Vec<String> {
    let mut taken = BTreeSet::new();
    values
        .iter()
        .map(|value| unique(&variant_name(value), &mut taken))
        .collect()
}

/// One value as an UpperCamelCase identifier: words split at separators and case changes,
/// signs spelled out (`+1` → `Plus1`, `-1` → `Minus1`), other non-ASCII characters as their
/// code point, a leading digit prefixed.
fn variant_name(value: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = value.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let spelled = match c {
            '+' => Some("Plus".to_string()),
            '-' if chars.get(i + 1).is_some_and(char::is_ascii_digit)
                && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) =>
            {
                Some("Minus".to_string())
            }
            c if c.is_ascii_alphanumeric() => None,
            c if c.is_alphanumeric() => Some(format!("U{:04x}", c as u32)),
            _ => Some(String::new()),
        };
        match spelled {
            None => current.push(c),
            Some(word) => {
                words.push(std::mem::take(&mut current));
                words.push(word);
            }
        }
    }
    words.push(current);
    let name: String = words.iter().map(|w| capitalized(w)).collect();
    match name.chars().next() {
        None => "Empty".to_string(),
        Some(c) if c.is_ascii_digit() => format!("V{name}"),
        _ if name == "Self" => "SelfValue".to_string(),
        _ => name,
    }
}

/// `word` with an upper-case first letter; an all-caps word (`HTTP`) becomes `Http`.
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let rest: String = chars.collect();
    let rest = if word.chars().any(|c| c.is_ascii_lowercase()) {
        rest
    } else {
        rest.to_ascii_lowercase()
    };
    format!("{}{rest}", first.to_ascii_uppercase())
}

/// A JSON name as part of a type name: PascalCase without underscores.
fn part(name: &str) -> String {
    let part = pascal(name).replace('_', "");
    // A name with no ASCII letters (`名前` beside a `value`, marked `名前⁠2`) is a bare number:
    // after its parent's name it would read as the parent's numbered sibling (`InputSelf` +
    // `2` is the root's second `self` field's type, `InputSelf2`).
    if part.starts_with(|c: char| c.is_ascii_digit()) {
        format!("Value{part}")
    } else {
        part
    }
}

/// The enum's Rust item: variants named by us, the wire value kept by serde, `Display`
/// writing the wire value.
pub(crate) fn enum_item(own: &OwnEnum) -> TokenStream {
    let name = format_ident!("{}", own.name);
    let names = variant_names(&own.values);
    let variants = own.values.iter().zip(&names).map(|(value, variant)| {
        let ident = format_ident!("{}", variant);
        let rename = (variant != value).then(|| quote!(#[serde(rename = #value)]));
        quote!(#rename #ident,)
    });
    let arms = own.values.iter().zip(&names).map(|(value, variant)| {
        let ident = format_ident!("{}", variant);
        quote!(Self::#ident => #value,)
    });
    let doc = own
        .description
        .clone()
        .unwrap_or_else(|| format!("One of {} values.", own.values.len()));
    quote! {
        #[doc = #doc]
        #[derive(::std::clone::Clone, ::std::marker::Copy, ::std::fmt::Debug, ::std::cmp::PartialEq, ::std::cmp::Eq, ::std::hash::Hash, ::std::cmp::PartialOrd, ::std::cmp::Ord, ::serde::Serialize, ::serde::Deserialize)]
        pub enum #name {
            #(#variants)*
        }

        impl ::std::fmt::Display for #name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(match self {
                    #(#arms)*
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(values: &[&str]) -> Vec<String> {
        variant_names(&values.iter().map(|v| v.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn odd_values_get_valid_distinct_names() {
        assert_eq!(
            names(&["+1", "-1", "reactions-+1", "reactions--1", "laugh"]),
            [
                "Plus1",
                "Minus1",
                "ReactionsPlus1",
                "ReactionsMinus1",
                "Laugh"
            ]
        );
        assert_eq!(
            names(&["", " ", "a b", "A_B", "2xl", "Self", "café"]),
            [
                "Empty",
                "Empty2",
                "AB",
                "AB2",
                "V2xl",
                "SelfValue",
                "CafU00e9"
            ]
        );
        assert_eq!(
            names(&["in-progress", "inProgress"]),
            ["InProgress", "InProgress2"]
        );
    }

    #[test]
    fn hoisting_names_enums_by_place_and_leaves_refs() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "sort": {"type": "string", "enum": ["+1", "-1"], "default": "+1"},
                "tags": {"type": "array", "items": {"enum": ["a", "b"]}},
                "n": {"enum": [1, 2]}
            }
        });
        let found = hoist(&mut schema, "Input");
        let names: Vec<&str> = found.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["InputSort", "InputTagsItem"]);
        let mut defs = json!({
            "$defs": {"state-kind": {"enum": ["a"]}, "StateKind": {"type": "object"}},
            "properties": {"s": {"$ref": "#/$defs/state-kind"}}
        });
        let found = hoist(&mut defs, "Input");
        assert_eq!(found[0].name, "StateKind2");
        assert_eq!(defs["properties"]["s"]["$ref"], "#/$defs/StateKind2");
        assert_eq!(
            schema["properties"]["sort"],
            json!({"$ref": "#/$defs/InputSort", "default": "+1"})
        );
        assert_eq!(schema["properties"]["n"], json!({"enum": [1, 2]}));
        assert_eq!(schema["$defs"]["InputTagsItem"]["enum"], json!(["a", "b"]));
    }
}

//! Property names that collide once typify turns them into Rust names: `Content-Type`,
//! `content-type` and `content_type` would be three fields `content_type`, and — for object
//! or enum values — three types `…ContentType`. Before typify, the second and later of such
//! names in an object get a marked spelling (`content_type⁠2`, the number after a word
//! joiner), which typify makes `content_type_2` / `…ContentType2` and writes as the wire name
//! in a serde rename; after typify, every marked wire name (and doc quoting one) is put back
//! as the server spells it. The root `Input` is exempt: its fields are built here from the original names.

use std::collections::BTreeSet;

use heck::ToSnakeCase;
use proc_macro2::{Literal, TokenStream, TokenTree};
use serde_json::{Map, Value};

use crate::generate::text::names::snake;

/// Between a name and its number in a marked spelling: U+2060 WORD JOINER, which no server
/// puts in a property name and which typify's case conversion treats as a word break.
const MARK: char = '\u{2060}';

/// Gives the colliding property names of one object schema marked spellings.
pub(crate) fn mark_colliding(map: &mut Map<String, Value>) {
    let Some(Value::Object(props)) = map.get_mut("properties") else {
        return;
    };
    let mut taken: BTreeSet<String> = BTreeSet::new();
    let mut renames = Vec::new();
    for name in props.keys() {
        // The name the generated code ends up with: ASCII (`名前` becomes `value`, and
        // collides with a `value` beside it), as `names::snake` makes it.
        let rust = snake(name);
        if !taken.contains(&rust) {
            taken.insert(rust);
            taken.insert(name.to_snake_case());
            continue;
        }
        let marked = (2..)
            .map(|n| format!("{name}{MARK}{n}"))
            .find(|m| {
                let free = !taken.contains(&snake(m)) && !taken.contains(&m.to_snake_case());
                free && taken.insert(snake(m)) | taken.insert(m.to_snake_case())
            })
            .unwrap_or_default();
        renames.push((name.clone(), marked));
    }
    for (name, marked) in &renames {
        if let Some(schema) = props.remove(name) {
            props.insert(marked.clone(), schema);
        }
    }
    if let Some(Value::Array(required)) = map.get_mut("required") {
        for entry in required.iter_mut() {
            if let Some((_, marked)) = renames.iter().find(|(name, _)| entry == name) {
                *entry = Value::from(marked.clone());
            }
        }
    }
}

/// Whether `schema` has a property name [`mark_colliding`] marked, anywhere.
pub(crate) fn marked(schema: &Value) -> bool {
    match schema {
        Value::Object(map) => map
            .iter()
            .any(|(key, value)| key.contains(MARK) || marked(value)),
        Value::Array(items) => items.iter().any(marked),
        _ => false,
    }
}

/// `items` with every marked wire name spelled as the server spells it.
pub(crate) fn unmark(items: TokenStream) -> TokenStream {
    items
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(group) => {
                let mut inner = proc_macro2::Group::new(group.delimiter(), unmark(group.stream()));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            TokenTree::Literal(literal) => TokenTree::Literal(unmarked(literal)),
            other => other,
        })
        .collect()
}

fn unmarked(literal: Literal) -> Literal {
    let text = literal.to_string();
    if !text.contains(MARK) && !text.contains("\\u{2060}") {
        return literal;
    }
    let Ok(syn::Lit::Str(string)) = syn::parse_str::<syn::Lit>(&text) else {
        return literal;
    };
    let mut fresh = Literal::string(&strip_marks(&string.value()));
    fresh.set_span(literal.span());
    fresh
}

/// `text` without its marks and their numbers: a wire name, or a doc that quotes one.
fn strip_marks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == MARK {
            while chars.next_if(char::is_ascii_digit).is_some() {}
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use heck::ToPascalCase;
    use quote::quote;
    use serde_json::json;

    use super::*;

    #[test]
    fn names_alike_only_in_ascii_are_marked_and_keywords_do_not_loop() {
        let mut schema = json!({"properties": {"名前": {}, "value": {}, "Self": {}, "self": {}}});
        mark_colliding(schema.as_object_mut().unwrap());
        let keys: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 4);
        assert_eq!(
            keys.iter().filter(|k| k.contains(MARK)).count(),
            2,
            "{keys:?}"
        );
    }

    #[test]
    fn the_later_of_colliding_names_are_marked_and_typify_names_them_apart() {
        let mut schema = json!({
            "properties": {"Content-Type": {}, "content-type": {}, "content_type": {}, "a": {}},
            "required": ["content_type"]
        });
        mark_colliding(schema.as_object_mut().unwrap());
        let names: Vec<String> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.to_snake_case())
            .collect();
        assert_eq!(names.len(), 4);
        let distinct: BTreeSet<_> = names.iter().collect();
        assert_eq!(distinct.len(), 4, "{names:?}");
        assert!(names.contains(&"content_type_2".to_string()), "{names:?}");
        let marked = schema["required"][0].as_str().unwrap().to_string();
        assert!(marked.starts_with("content_type") && marked.contains(MARK));
        assert!(marked.to_pascal_case().starts_with("ContentType"));
    }

    #[test]
    fn marked_wire_names_are_put_back() {
        let marked = format!("content_type{MARK}3");
        let doc = format!("The `{marked}` field.");
        let items = quote! { #[doc = #doc] #[serde(rename = #marked)] pub content_type_3: Option<i64>, x: "plain" };
        let out = unmark(items).to_string();
        assert!(out.contains("The `content_type` field."), "{out}");
        assert!(out.contains("rename = \"content_type\""), "{out}");
        assert!(out.contains("\"plain\""), "{out}");
    }
}

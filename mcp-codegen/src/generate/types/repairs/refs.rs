//! `$ref`s rewritten: a definition renamed with every reference to it, or references mapped
//! by a function. The one place repairs change what a `$ref` points at.

use mcp_runtime::__private::pointer::escape;
use serde_json::Value;

/// Renames `$defs/old` to `new` and points every reference at the new name.
pub(crate) fn rename_def(schema: &mut Value, old: &str, new: &str) {
    if let Some(Value::Object(defs)) = schema.get_mut("$defs")
        && let Some(shape) = defs.remove(old)
    {
        defs.insert(new.to_string(), shape);
    }
    let old_ref = format!("#/$defs/{}", escape(old));
    let new_ref = format!("#/$defs/{}", escape(new));
    rewrite_refs(schema, &|r| (r == old_ref).then(|| new_ref.clone()));
}

pub(crate) fn rewrite_refs(value: &mut Value, f: &dyn Fn(&str) -> Option<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get_mut("$ref")
                && let Some(new) = f(r)
            {
                *r = new;
            }
            for child in map.values_mut() {
                rewrite_refs(child, f);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_refs(v, f)),
        _ => {}
    }
}

//! `$defs` names typify can make Rust type names of. typify PascalCases a definition's name
//! (heck) and panics when that is not an identifier (`1st`, `""`); a name that is one but not
//! ASCII (`名前`) trips rustc's confusable-script lints; and a name like one of our own items
//! (`Input`, `Output`, `Call`, `ThisTool`, `ConversionError`) would shadow it. Each gets another name.

use heck::ToPascalCase;
use serde_json::Value;

use super::refs::rename_def;
use crate::generate::text::names::{Namer, pascal};

/// Our own items in a tool's module.
pub(crate) const OURS: &[&str] = &["Input", "Output", "Call", "ThisTool", "ConversionError"];

/// Renames the definitions of `schema` that would not make a good type name.
pub(crate) fn fit_def_names(schema: &mut Value) {
    let names: Vec<String> = match schema.get("$defs") {
        Some(Value::Object(defs)) => defs.keys().cloned().collect(),
        _ => return,
    };
    let mut namer = Namer::taking(names.iter().cloned());
    for name in names {
        if let Some(base) = replacement(&name) {
            rename_def(schema, &name, &namer.unique_type(base));
        }
    }
}

/// The name to use instead of `name`, when it needs one.
fn replacement(name: &str) -> Option<String> {
    if OURS.contains(&pascal(name).as_str()) {
        return Some(format!("{name}Def"));
    }
    let typified = name.to_pascal_case();
    let fits = typified.starts_with(|c: char| c.is_ascii_alphabetic())
        && typified
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if fits {
        return None;
    }
    match pascal(name) {
        ours if ours.starts_with(|c: char| c.is_ascii_alphabetic()) => Some(ours),
        ours => Some(format!("Def{}", ours.trim_start_matches('_'))),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn names_that_are_no_type_names_or_are_ours_are_replaced() {
        assert_eq!(replacement("1st").as_deref(), Some("Def1st"));
        assert_eq!(replacement("").as_deref(), Some("Value"));
        assert_eq!(replacement("input").as_deref(), Some("inputDef"));
        assert_eq!(replacement("my_def"), None);
        let mut schema = json!({
            "$defs": {"1st": {"type": "string"}, "Def1st": {"type": "integer"}},
            "properties": {"a": {"$ref": "#/$defs/1st"}}
        });
        fit_def_names(&mut schema);
        assert_eq!(schema["properties"]["a"]["$ref"], "#/$defs/Def1st2");
        assert_eq!(schema["$defs"]["Def1st2"], json!({"type": "string"}));
    }
}

//! Titles that would name two shapes alike. typify names a titled schema after its title and,
//! when a type of that name exists already, takes that type without comparing shapes: an inline
//! object titled `Table` beside a `$defs` entry `Table` of another shape silently became the
//! definition's type, or — when typify met the inline one first — two types named `Table`,
//! which rustc rejects (the whole input fell back to a JSON value). Every title that would name
//! a type another shape already has gets a name of its own (`Table2`); a title on the same
//! shape keeps the name and its one type. A member of an `anyOf` or `oneOf` is another case:
//! its title names a case of the enum, and typify gives cases with one title names of their
//! own; such a title is renamed only when it would name a definition's type.

use std::collections::BTreeMap;

use heck::ToPascalCase;
use serde_json::{Map, Value};

use super::def_names::OURS;
use super::subschemas::subschemas_mut;

/// Type names and the shape that has each; `None` for a name no title may take (our items).
type Shapes = BTreeMap<String, Option<Value>>;

/// The names taken so far: by the `$defs` entries and our items, and by titles.
struct Taken {
    defs: Shapes,
    titles: Shapes,
}

impl Taken {
    /// Whether a title may name `shape` `name`: no definition, and unless the title is a
    /// case's, no other title, names another shape so.
    fn fits(&self, name: &str, shape: &Value, case: bool) -> bool {
        let same = |shapes: &Shapes| {
            shapes
                .get(name)
                .is_none_or(|had| had.as_ref() == Some(shape))
        };
        same(&self.defs) && (case || same(&self.titles))
    }
}

/// Gives each title of `input` and `output` (one typify space) that would name a different
/// shape than a `$defs` entry or an earlier title a name of its own.
pub(crate) fn distinct_titles(input: &mut Value, output: Option<&mut Value>) {
    let mut sides: Vec<&mut Value> = std::iter::once(input).chain(output).collect();
    let mut taken = Taken {
        defs: OURS.iter().map(|name| (name.to_string(), None)).collect(),
        titles: Shapes::new(),
    };
    for side in &sides {
        for (name, def) in side
            .get("$defs")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            if let Value::Object(def) = def {
                taken.defs.insert(type_name(name), Some(shape(def)));
            }
        }
    }
    for side in &mut sides {
        if let Value::Object(root) = side {
            // The root and the `$defs` entries are named by us and by their keys, not titles.
            walk_children(root, &mut taken);
        }
    }
}

/// Retitles what is inside `map`, then `map` itself (a case of an enum when `case`): a shape
/// is compared with its inner titles already settled.
fn walk(map: &mut Map<String, Value>, case: bool, taken: &mut Taken) {
    walk_children(map, taken);
    retitle(map, case, taken);
}

fn walk_children(map: &mut Map<String, Value>, taken: &mut Taken) {
    for (key, sub) in subschemas_mut(map) {
        let Value::Object(sub) = sub else { continue };
        match key {
            "$defs" => walk_children(sub, taken),
            _ => walk(sub, matches!(key, "anyOf" | "oneOf"), taken),
        }
    }
}

/// Keeps `map`'s title when its name is free or names this same shape; else takes the first
/// of `{Name}2`, `{Name}3`, … that is. A case's title is not taken for other titles.
fn retitle(map: &mut Map<String, Value>, case: bool, taken: &mut Taken) {
    let Some(Value::String(title)) = map.get("title") else {
        return;
    };
    let base = type_name(title);
    let own = shape(map);
    let name = match taken.fits(&base, &own, case) {
        true => base,
        false => {
            let fresh = (2..)
                .map(|n| format!("{base}{n}"))
                .find(|name| taken.fits(name, &own, false))
                .unwrap_or(base);
            map.insert("title".into(), Value::String(fresh.clone()));
            fresh
        }
    };
    if !case {
        taken.titles.entry(name).or_insert(Some(own));
    }
}

/// What makes two schemas one type to typify: all but their title and description.
fn shape(map: &Map<String, Value>) -> Value {
    let mut shape = map.clone();
    shape.remove("title");
    shape.remove("description");
    Value::Object(shape)
}

/// The type name typify makes of a title (its `sanitize` in PascalCase, less its rare cases).
fn type_name(title: &str) -> String {
    let spaced: String = title
        .chars()
        .filter(|c| *c != '\'')
        .map(|c| match c.is_alphanumeric() || c == '_' {
            true => c,
            false => '-',
        })
        .collect();
    spaced.to_pascal_case()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn table(extra: &str) -> Value {
        json!({"type": "object", "title": "Table", "properties": {extra: {"type": "string"}}})
    }

    #[test]
    fn a_title_naming_a_definition_of_another_shape_is_renamed() {
        let mut input = json!({
            "title": "Input",
            "properties": {"a": table("x"), "b": table("x"), "c": table("y"),
                           "d": {"title": "input", "type": "string"}},
            "$defs": {
                "Table": {"type": "object", "properties": {"name": {"type": "string"}}},
                "Row": {"type": "object", "properties": {"t": table("x")}}
            }
        });
        distinct_titles(&mut input, None);
        let props = &input["properties"];
        assert_eq!(props["a"]["title"], "Table2");
        // The same shape keeps one name, wherever it stands.
        assert_eq!(props["b"]["title"], "Table2");
        assert_eq!(input["$defs"]["Row"]["properties"]["t"]["title"], "Table2");
        assert_eq!(props["c"]["title"], "Table3");
        assert_eq!(props["d"]["title"], "Input2");
        // The root and the definitions keep theirs.
        assert_eq!(input["title"], "Input");
        assert!(input["$defs"]["Table"].get("title").is_none());
    }

    #[test]
    fn titles_of_the_output_take_the_inputs_names_into_account() {
        let mut input = json!({"properties": {"a": table("x")}});
        let mut output = json!({"properties": {"z": table("z"), "same": table("x")}});
        distinct_titles(&mut input, Some(&mut output));
        assert_eq!(input["properties"]["a"]["title"], "Table");
        assert_eq!(output["properties"]["z"]["title"], "Table2");
        assert_eq!(output["properties"]["same"]["title"], "Table");
    }

    #[test]
    fn cases_of_one_title_keep_it_unless_a_definition_has_the_name() {
        let case = |extra: &str| json!({"type": "object", "title": "Conditions", "properties": {extra: {"type": "string"}}});
        let mut input = json!({
            "properties": {
                "when": {"oneOf": [case("a"), case("b")]},
                "kind": {"anyOf": [table("y"), {"type": "null"}]},
                "plain": case("c")
            },
            "$defs": {"Table": {"type": "object", "properties": {"name": {"type": "string"}}}}
        });
        distinct_titles(&mut input, None);
        let props = &input["properties"];
        assert_eq!(props["when"]["oneOf"][0]["title"], "Conditions");
        assert_eq!(props["when"]["oneOf"][1]["title"], "Conditions");
        assert_eq!(props["kind"]["anyOf"][0]["title"], "Table2");
        // Cases take no name from other titles.
        assert_eq!(props["plain"]["title"], "Conditions");
    }

    #[test]
    fn type_names_follow_typify() {
        assert_eq!(type_name("my table's rows"), "MyTablesRows");
        assert_eq!(type_name("Table"), "Table");
        assert_eq!(type_name("table"), "Table");
    }
}

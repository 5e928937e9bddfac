//! Reading a snapshot's tools fast: each tool's `outputSchema` — often most of a snapshot's
//! bytes (82 % of one 17.5 MB OpenAPI server's) and never part of what a model is offered — is
//! kept as JSON text while the rest of the tool is parsed, and parsed only when the whole tool
//! is asked for.

use std::fmt;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// A snapshot's `tools`, read: each entry a tool split in two, or `None` where it was not an
/// object; [`ToolList::NotAList`] when `tools` was not an array.
pub(crate) enum ToolList {
    List(Vec<Option<SplitTool>>),
    NotAList,
}

/// One tool: everything but its `outputSchema`, parsed, and the `outputSchema` as text.
pub(crate) struct SplitTool {
    pub(crate) model: Map<String, Value>,
    pub(crate) output_schema: Option<Box<RawValue>>,
}

/// Any JSON value, read as a tool where it is an object.
struct MaybeTool(Option<SplitTool>);

impl<'de> Deserialize<'de> for ToolList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ListVisitor)
    }
}

impl<'de> Deserialize<'de> for MaybeTool {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ToolVisitor)
    }
}

/// Whatever is not the expected kind of value is read past and reported as such.
macro_rules! anything_else {
    ($value:expr) => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok($value)
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok($value)
        }
    };
}

struct ListVisitor;

impl<'de> Visitor<'de> for ListVisitor {
    type Value = ToolList;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of tools")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ToolList, A::Error> {
        let mut tools = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(MaybeTool(tool)) = seq.next_element()? {
            tools.push(tool);
        }
        Ok(ToolList::List(tools))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ToolList, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(ToolList::NotAList)
    }

    anything_else!(ToolList::NotAList);
}

struct ToolVisitor;

impl<'de> Visitor<'de> for ToolVisitor {
    type Value = MaybeTool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tool object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<MaybeTool, A::Error> {
        let mut tool = SplitTool {
            model: Map::new(),
            output_schema: None,
        };
        while let Some(key) = map.next_key::<String>()? {
            if key == "outputSchema" {
                tool.output_schema = Some(map.next_value()?);
            } else {
                let value = map.next_value()?;
                tool.model.insert(key, value);
            }
        }
        Ok(MaybeTool(Some(tool)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MaybeTool, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(MaybeTool(None))
    }

    anything_else!(MaybeTool(None));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_schema_stays_text_and_odd_entries_are_marked() {
        let text = r#"[{"name": "a", "outputSchema": {"type": "object"}, "x": [1]}, 3, [], null]"#;
        let ToolList::List(tools) = serde_json::from_str(text).unwrap() else {
            panic!("a list");
        };
        let first = tools[0].as_ref().unwrap();
        assert_eq!(first.model["name"], "a");
        assert_eq!(first.model["x"], serde_json::json!([1]));
        assert!(!first.model.contains_key("outputSchema"));
        let schema = first.output_schema.as_ref().unwrap().get();
        assert_eq!(schema, r#"{"type": "object"}"#);
        assert!(tools[1..].iter().all(Option::is_none));
        for other in [r#"{"a": {}}"#, "3", r#""x""#, "true", "null"] {
            let read: ToolList = serde_json::from_str(other).unwrap();
            assert!(matches!(read, ToolList::NotAList), "{other}");
        }
    }
}

//! How generated types read themselves from a JSON object: each field taken by its wire name.
//!
//! Generated code calls [`Fields`] from a few-line `Deserialize` impl (`wire_object_de!`)
//! instead of deriving `Deserialize`. serde's derive writes, per struct, an enum of its field
//! names, a visitor with a map loop and a sequence loop, and a missing-field check per field;
//! a user's compiler type-checks and borrow-checks all of it for every type. Typed fakes read
//! every tool's arguments, so a fake of a server with hundreds of tools compiled several
//! times longer than its client alone. Here the object is read once into a map
//! ([`Fields::read`], compiled once per deserializer) and each field is taken from it
//! ([`Fields::req`] and its kin, compiled once per field type, shared by every tool).
//!
//! What a field reads as is what serde's derive gives: a missing `Option` is `None`, any
//! other missing field without a default is serde's "missing field" error, a `default` field
//! takes its default, unknown fields are ignored unless the type denies them, and a field's
//! error is the field type's own. Two things differ, neither of which an MCP peer sends: only
//! an object is read (serde's derive also takes an array of the fields in order), and a key
//! given twice keeps its last value (the derive refuses it).

use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde_json::{Map, Value};

/// An object's fields, by wire name, as they are taken into a generated type.
pub struct Fields(Map<String, Value>);

impl Fields {
    /// Reads an object (anything else is the deserializer's "invalid type" error).
    pub fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Map::deserialize(deserializer).map(Fields)
    }

    /// A field without a default: a missing one reads as serde's derive reads it (`None` for
    /// an `Option`, else the "missing field" error).
    pub fn req<T: DeserializeOwned, E: de::Error>(&mut self, name: &'static str) -> Result<T, E> {
        match self.0.remove(name) {
            Some(value) => T::deserialize(value).map_err(E::custom),
            None => T::deserialize(Missing::<E>(name, PhantomData)),
        }
    }

    /// A field whose default is `T::default()` (`#[serde(default)]`).
    pub fn default<T: DeserializeOwned + Default, E: de::Error>(
        &mut self,
        name: &'static str,
    ) -> Result<T, E> {
        self.default_with(name, T::default)
    }

    /// A field whose default is `make()` (`#[serde(default = "path")]`).
    pub fn default_with<T: DeserializeOwned, E: de::Error>(
        &mut self,
        name: &'static str,
        make: fn() -> T,
    ) -> Result<T, E> {
        match self.0.remove(name) {
            Some(value) => T::deserialize(value).map_err(E::custom),
            None => Ok(make()),
        }
    }

    /// Done taking fields. For a type that denies unknown fields, one left over is serde's
    /// "unknown field" error, naming the fields the type has.
    pub fn end<E: de::Error>(
        self,
        deny_unknown: bool,
        known: &'static [&'static str],
    ) -> Result<(), E> {
        match self.0.keys().next() {
            Some(extra) if deny_unknown => Err(E::unknown_field(extra, known)),
            _ => Ok(()),
        }
    }
}

/// A field that is not there, as serde's derive sees it: `None` to an `Option`, to anything
/// else the "missing field" error.
struct Missing<E>(&'static str, PhantomData<E>);

impl<'de, E: de::Error> Deserializer<'de> for Missing<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, E> {
        Err(E::missing_field(self.0))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// `Deserialize` for a generated struct, as its fields' wire names and helpers:
/// `wire_object_de!(Input { req(text), default(limit), default_with(tags, defaults::tags),
/// req(r#type as "type") })`, or `wire_object_de!(Input deny { … })` for a type that denies
/// unknown fields. Each entry is the helper ([`Fields::req`], [`Fields::default`],
/// [`Fields::default_with`]) of a field, with the field's wire name when that is not its own,
/// and `default_with`'s function.
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_object_de {
    ($ty:ident deny { $($body:tt)* }) => {
        $crate::__wire_object_de!(@impl true, $ty { $($body)* });
    };
    ($ty:ident { $($body:tt)* }) => {
        $crate::__wire_object_de!(@impl false, $ty { $($body)* });
    };
    (@impl $deny:literal, $ty:ident {
        $($how:ident($field:ident $(as $wire:literal)? $(, $make:path)?)),* $(,)?
    }) => {
        impl<'de> $crate::export::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__De<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                let mut fields = $crate::__private::Fields::read(d)?;
                let value = Self {
                    $($field: fields.$how($crate::__wire_name!($field $(as $wire)?) $(, $make)?)?,)*
                };
                fields.end($deny, &[$($crate::__wire_name!($field $(as $wire)?)),*])?;
                ::std::result::Result::Ok(value)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[derive(Debug, PartialEq)]
    struct Args {
        text: String,
        limit: Option<u32>,
        nullable: Option<u32>,
        tags: Vec<String>,
        level: u8,
        r#type: String,
    }
    fn three() -> u8 {
        3
    }
    crate::__wire_object_de!(Args {
        req(text as "text-value"),
        default(limit),
        req(nullable),
        default(tags),
        default_with(level, three),
        req(r#type as "type"),
    });

    #[derive(Debug)]
    #[allow(dead_code)]
    struct Strict {
        a: u32,
    }
    crate::__wire_object_de!(Strict deny { req(a) });

    #[test]
    fn fields_are_read_by_wire_name_and_missing_ones_as_serde_reads_them() {
        let bare: Args = serde_json::from_value(json!({"text-value": "hi", "type": "t"})).unwrap();
        assert_eq!(
            bare,
            Args {
                text: "hi".into(),
                limit: None,
                nullable: None,
                tags: vec![],
                level: 3,
                r#type: "t".into()
            }
        );
        let full: Args = serde_json::from_value(json!({
            "text-value": "hi", "limit": 2, "nullable": null, "tags": ["a"], "level": 9,
            "type": "t", "extra": true
        }))
        .unwrap();
        assert_eq!(
            (full.limit, full.tags, full.level),
            (Some(2), vec!["a".into()], 9)
        );
    }

    #[test]
    fn errors_are_serdes_own() {
        let missing = serde_json::from_value::<Args>(json!({"type": "t"})).unwrap_err();
        assert_eq!(missing.to_string(), "missing field `text-value`");
        let wrong = serde_json::from_value::<Args>(json!({"text-value": 1, "type": "t"}));
        assert_eq!(
            wrong.unwrap_err().to_string(),
            "invalid type: integer `1`, expected a string"
        );
        let not_object = serde_json::from_value::<Args>(json!([1]));
        assert!(
            not_object
                .unwrap_err()
                .to_string()
                .contains("expected a map")
        );
        let extra = serde_json::from_value::<Strict>(json!({"a": 1, "b": 2})).unwrap_err();
        assert_eq!(extra.to_string(), "unknown field `b`, expected `a`");
        // From text, as a fake reads a request, the error says where.
        let text = serde_json::from_str::<Strict>(r#"{"a": "x"}"#).unwrap_err();
        assert!(text.to_string().contains("expected u32"), "{text}");
    }
}

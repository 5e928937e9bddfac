//! How generated argument types serialize: a struct as a JSON object of its fields, each
//! under its wire name, an absent optional field left out.
//!
//! Generated code calls [`object`] from a one-line `Serialize` impl instead of deriving
//! `Serialize`. serde's derive writes, per struct, a body that counts the fields and
//! serializes each through the serializer's generic methods; a user's compiler type-checks and
//! borrow-checks that body for every argument type, and for a server with hundreds of tools it
//! was most of what the bindings cost to build. Here the per-type part is a list of
//! `(wire name, field)` pairs; the fields are type-erased (`erased-serde`), so the one loop
//! that writes them is compiled once per serializer, and the small adapters ([`req`],
//! [`opt`], [`skip_if`]) once per field type, shared by every tool.

use erased_serde::Serialize as ErasedSerialize;
use serde::ser::{SerializeMap, Serializer};

/// One field as [`object`] writes it: its value, or `None` to leave it out.
pub type Field<'a> = Option<&'a dyn ErasedSerialize>;

/// A field that is always written.
pub fn req<T: serde::Serialize>(value: &T) -> Field<'_> {
    Some(value)
}

/// An optional field: written when it is `Some`, left out when it is `None`.
pub fn opt<T: serde::Serialize>(value: &Option<T>) -> Field<'_> {
    value.as_ref().map(|v| v as &dyn ErasedSerialize)
}

/// A field left out when `skip` says so (the schema's default, an empty list).
pub fn skip_if<T: serde::Serialize>(value: &T, skip: fn(&T) -> bool) -> Field<'_> {
    if skip(value) { None } else { Some(value) }
}

/// Writes `fields` as one map (a JSON object), in order, leaving out the `None`s.
pub fn object<S: Serializer>(
    serializer: S,
    fields: &[(&'static str, Field<'_>)],
) -> Result<S::Ok, S::Error> {
    let present = fields.iter().filter(|(_, value)| value.is_some()).count();
    let mut map = serializer.serialize_map(Some(present))?;
    for (name, value) in fields {
        if let Some(value) = value {
            map.serialize_entry(name, value)?;
        }
    }
    map.end()
}

/// `Serialize` for a generated struct, as its fields' wire names and helpers:
/// `wire_object!(Input { req(text), opt(limit), skip_if(tags, Vec::is_empty), req(r#type as "type") })`.
/// Each entry is the helper ([`req`], [`opt`], [`skip_if`]) of a field, with the field's wire
/// name when that is not its own, and `skip_if`'s test. One line in generated code where the impl it
/// stands for took eight and one per field, for every argument type of every tool.
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_object {
    ($ty:ident { $($how:ident($field:ident $(as $wire:literal)? $(, $skip:path)?)),* $(,)? }) => {
        impl $crate::export::serde::Serialize for $ty {
            fn serialize<S: $crate::__Ser>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                $crate::__private::object(s, &[$((
                    $crate::__wire_name!($field $(as $wire)?),
                    $crate::__private::$how(&self.$field $(, $skip)?),
                )),*])
            }
        }
    };
}

/// A field's wire name: the one given, else the field's name as written (so a raw
/// identifier's field, `r#type`, always gives its name).
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_name {
    ($field:ident as $wire:literal) => {
        $wire
    };
    ($field:ident) => {
        ::std::stringify!($field)
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// What a generated argument type looks like with its hand-off to [`object`].
    struct Args {
        text: String,
        limit: Option<u32>,
        tags: Vec<String>,
        nested: Option<Inner>,
    }

    #[derive(serde::Serialize)]
    struct Inner {
        deep: bool,
    }

    impl serde::Serialize for Args {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            object(
                serializer,
                &[
                    ("text-value", req(&self.text)),
                    ("limit", opt(&self.limit)),
                    ("tags", skip_if(&self.tags, Vec::is_empty)),
                    ("nested", opt(&self.nested)),
                ],
            )
        }
    }

    #[test]
    fn fields_are_written_under_their_wire_names_and_absent_ones_left_out() {
        let bare = Args {
            text: "hi".into(),
            limit: None,
            tags: vec![],
            nested: None,
        };
        assert_eq!(
            serde_json::to_value(&bare).unwrap(),
            json!({"text-value": "hi"})
        );
        let full = Args {
            text: "hi".into(),
            limit: Some(3),
            tags: vec!["a".into()],
            nested: Some(Inner { deep: true }),
        };
        assert_eq!(
            serde_json::to_value(&full).unwrap(),
            json!({"text-value": "hi", "limit": 3, "tags": ["a"], "nested": {"deep": true}})
        );
        // The writer serializer (what a request body uses) keeps the fields' order.
        assert_eq!(
            serde_json::to_string(&full).unwrap(),
            r#"{"text-value":"hi","limit":3,"tags":["a"],"nested":{"deep":true}}"#
        );
    }

    /// What generated code writes now: the same object through `wire_object!`.
    struct Macro {
        text: String,
        limit: Option<u32>,
        tags: Vec<String>,
        r#type: String,
    }
    crate::__wire_object!(Macro {
        req(text as "text-value"),
        opt(limit),
        skip_if(tags, Vec::is_empty),
        req(r#type as "type"),
    });

    #[test]
    fn the_macro_writes_wire_names_and_leaves_out_absent_fields() {
        let bare = Macro {
            text: "hi".into(),
            limit: None,
            tags: vec![],
            r#type: "t".into(),
        };
        assert_eq!(
            serde_json::to_string(&bare).unwrap(),
            r#"{"text-value":"hi","type":"t"}"#
        );
        let full = Macro {
            limit: Some(3),
            tags: vec!["a".into()],
            ..bare
        };
        assert_eq!(
            serde_json::to_string(&full).unwrap(),
            r#"{"text-value":"hi","limit":3,"tags":["a"],"type":"t"}"#
        );
    }

    #[test]
    fn a_field_that_fails_to_serialize_fails_the_object() {
        struct Broken;
        impl serde::Serialize for Broken {
            fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
                Err(serde::ser::Error::custom("no"))
            }
        }
        struct Holder(Broken);
        impl serde::Serialize for Holder {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                object(serializer, &[("x", req(&self.0))])
            }
        }
        let err = serde_json::to_value(Holder(Broken)).unwrap_err();
        assert!(err.to_string().contains("no"), "{err}");
    }
}

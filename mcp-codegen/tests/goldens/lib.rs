//! This crate compiles every golden generated module
//! under `#![deny(warnings)]`, in a crate whose only dependencies for them are `mcp-runtime`
//! (and `tokio`).
#![deny(warnings, missing_docs)]

/// `tests/corpus/real/everything.json`.
pub mod everything {
    include!("everything.rs");
}
/// `tests/corpus/real/filesystem.json`.
pub mod filesystem {
    include!("filesystem.rs");
}
/// `tests/corpus/real/memory.json`.
pub mod memory {
    include!("memory.rs");
}
/// `tests/corpus/real/time.json`.
pub mod time {
    include!("time.rs");
}
/// `tests/corpus/hostile/hostile.json`.
pub mod hostile {
    include!("hostile.rs");
}
/// `examples/mcp/demo.json`.
pub mod demo {
    include!("demo.rs");
}

/// What written-out `Serialize` impls put on the wire: every argument under its wire name,
/// absent optional ones left out, enum values as the server spells them.
#[cfg(test)]
mod wire {
    use mcp_runtime::export::serde_json::{json, to_value};

    #[test]
    fn odd_property_names_are_sent_as_the_schema_spells_them() {
        use crate::hostile::keyword_and_odd_property_names::Input;
        let input = Input {
            value: Some("empty name".into()),
            _1st: "first".into(),
            self_: None,
            async_: None,
            crate_: None,
            fn_: None,
            foo_bar: Some("kebab".into()),
            foo_bar_2: Some("camel".into()),
            foo_bar_3: None,
            gen_: None,
            input_2: None,
            new_2: None,
            r_x: Some("raw".into()),
            self_2: "self".into(),
            send_2: None,
            super_: None,
            type_: "type".into(),
            with_timeout_2: None,
            ncode: Some("ü".into()),
        };
        assert_eq!(
            to_value(&input).unwrap(),
            json!({"": "empty name", "1st": "first", "foo-bar": "kebab", "fooBar": "camel",
                   "r#x": "raw", "self": "self", "type": "type", "ünïcode": "ü"})
        );
    }
}

#[cfg(test)]
mod wire_enums {
    use mcp_runtime::export::serde_json::{json, to_value};

    #[test]
    fn enum_values_are_sent_as_the_schema_spells_them() {
        use crate::hostile::enum_odd_values::{Input, InputReaction, InputWeird};
        let input = Input {
            reaction: InputReaction::ReactionsPlus1,
            weird: Some(InputWeird::CafU00e9),
        };
        assert_eq!(
            to_value(&input).unwrap(),
            json!({"reaction": "reactions-+1", "weird": "café"})
        );
        let bare = Input {
            reaction: InputReaction::Minus1,
            weird: None,
        };
        assert_eq!(to_value(&bare).unwrap(), json!({"reaction": "-1"}));
    }
}

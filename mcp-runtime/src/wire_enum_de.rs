//! How generated string enums read themselves: a string, matched against the wire values.

use serde::Deserialize;
use serde::de::{self, Deserializer};

/// The string a generated string enum is read from, or the deserializer's error for anything
/// else. Borrowed where the input allows it, so a variant costs no allocation.
pub fn variant<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<std::borrow::Cow<'de, str>, D::Error> {
    <std::borrow::Cow<'de, str>>::deserialize(deserializer)
}

/// serde's "unknown variant" error for `value`, naming the wire values there are.
pub fn unknown_variant<E: de::Error>(value: &str, known: &'static [&'static str]) -> E {
    E::unknown_variant(value, known)
}

/// `Deserialize` for a generated enum of unit variants, each read from its wire value:
/// `wire_enum_de!(Mode { Fast = "fast", Slow = "slow-ish" })`, what `wire_enum!` writes read
/// back. serde's derive writes a field enum and two visitors per enum; this is one `match`.
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_enum_de {
    ($ty:ident { $($variant:ident = $wire:literal),+ $(,)? }) => {
        impl<'de> $crate::export::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__De<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                match &*$crate::__private::variant(d)? {
                    $($wire => ::std::result::Result::Ok(Self::$variant),)+
                    other => ::std::result::Result::Err(
                        $crate::__private::unknown_variant(other, &[$($wire),+]),
                    ),
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[derive(Debug, PartialEq)]
    enum Mode {
        Fast,
        SlowIsh,
    }
    crate::__wire_enum_de!(Mode { Fast = "fast", SlowIsh = "slow-ish" });

    #[test]
    fn variants_are_read_from_their_wire_values() {
        let read: Vec<Mode> = serde_json::from_str(r#"["fast", "slow-ish"]"#).unwrap();
        assert_eq!(read, [Mode::Fast, Mode::SlowIsh]);
        assert_eq!(
            serde_json::from_value::<Mode>(json!("fast")).unwrap(),
            Mode::Fast
        );
        let unknown = serde_json::from_value::<Mode>(json!("slow")).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown variant `slow`, expected `fast` or `slow-ish`"
        );
        assert!(serde_json::from_value::<Mode>(json!(1)).is_err());
        // An escaped string cannot be borrowed from the text: still read.
        assert_eq!(
            serde_json::from_str::<Mode>(r#""f\u0061st""#).unwrap(),
            Mode::Fast
        );
    }
}

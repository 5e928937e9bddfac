//! How generated string enums write themselves: each variant as its wire value, both on the
//! wire (`Serialize`) and as text (`Display`).

/// `Serialize` and `Display` for a generated enum of unit variants, each written as its wire
/// value: `wire_enum!(Mode { Fast = "fast", Slow = "slow-ish" })`. One line in generated code
/// where the two impls it stands for took thirteen and one per variant, for every string enum
/// of every tool. `Serialize` writes what `Display` does, so the values are listed once.
#[doc(hidden)]
#[macro_export]
macro_rules! __wire_enum {
    ($ty:ident { $($variant:ident = $wire:literal),+ $(,)? }) => {
        impl $crate::export::serde::Serialize for $ty {
            fn serialize<S: $crate::__Ser>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(match self {
                    $(Self::$variant => $wire,)+
                })
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[allow(dead_code)]
    enum Mode {
        Fast,
        SlowIsh,
    }
    crate::__wire_enum!(Mode { Fast = "fast", SlowIsh = "slow-ish" });

    #[test]
    fn variants_are_written_as_their_wire_values_on_the_wire_and_as_text() {
        assert_eq!(
            serde_json::to_value(Mode::SlowIsh).unwrap(),
            json!("slow-ish")
        );
        assert_eq!(Mode::Fast.to_string(), "fast");
        assert_eq!(
            serde_json::to_string(&[Mode::Fast, Mode::SlowIsh]).unwrap(),
            r#"["fast","slow-ish"]"#
        );
    }
}

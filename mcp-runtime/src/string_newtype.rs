//! The routine impls of a constrained string type (a schema string with a `minLength` or
//! `maxLength`; a `pattern` is left to the server), which typify writes out in full for each such type.

/// For `pub struct Name(String)` with its own `FromStr` (which checks the schema's
/// constraints): `Deref` to the string, `From<Name> for String`, `TryFrom<&str>` and
/// `TryFrom<String>` through that `FromStr`, and a `Deserialize` that checks them too. One
/// line in generated code where typify's five impls took forty.
#[doc(hidden)]
#[macro_export]
macro_rules! __string_newtype {
    ($ty:ident) => {
        impl ::std::ops::Deref for $ty {
            type Target = ::std::string::String;
            fn deref(&self) -> &::std::string::String {
                &self.0
            }
        }
        impl ::std::convert::From<$ty> for ::std::string::String {
            fn from(value: $ty) -> Self {
                value.0
            }
        }
        impl ::std::convert::TryFrom<&str> for $ty {
            type Error = <$ty as ::std::str::FromStr>::Err;
            fn try_from(value: &str) -> ::std::result::Result<Self, Self::Error> {
                value.parse()
            }
        }
        impl ::std::convert::TryFrom<::std::string::String> for $ty {
            type Error = <$ty as ::std::str::FromStr>::Err;
            fn try_from(value: ::std::string::String) -> ::std::result::Result<Self, Self::Error> {
                value.parse()
            }
        }
        impl<'de> $crate::export::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__De<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                <::std::string::String as $crate::export::serde::Deserialize>::deserialize(d)?
                    .parse()
                    .map_err(|e: <$ty as ::std::str::FromStr>::Err| {
                        <D::Error as $crate::export::serde::de::Error>::custom(e)
                    })
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::ConversionError;

    #[derive(Debug, PartialEq)]
    struct Short(String);

    impl std::str::FromStr for Short {
        type Err = ConversionError;
        fn from_str(value: &str) -> Result<Self, ConversionError> {
            if value.chars().count() > 3 {
                return Err("longer than 3 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }
    crate::__string_newtype!(Short);

    #[test]
    fn conversions_and_reading_check_the_constraints() {
        let short = Short::try_from("abc").unwrap();
        assert_eq!(short.len(), 3, "derefs to the string");
        assert_eq!(String::from(short), "abc");
        assert!(Short::try_from(String::from("abcd")).is_err());
        assert_eq!(
            serde_json::from_str::<Short>("\"ab\"").unwrap(),
            Short("ab".into())
        );
        let err = serde_json::from_str::<Short>("\"abcd\"").unwrap_err();
        assert!(
            err.to_string().contains("longer than 3 characters"),
            "{err}"
        );
    }
}

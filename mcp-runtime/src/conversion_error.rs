//! The error of a conversion that breaks a schema's constraints: what `FromStr` and
//! `TryFrom` of a constrained generated type (a string with a `minLength`, a number with a
//! `maximum`) return. typify writes this type into every module that has such a type; the
//! generator names this one instead, so each module carries a one-line alias rather than
//! five impls.

use std::borrow::Cow;

/// Why a value does not fit a generated type's schema ("shorter than 1 characters").
pub struct ConversionError(Cow<'static, str>);

impl std::error::Error for ConversionError {}

impl std::fmt::Display for ConversionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::fmt::Debug for ConversionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

impl From<&'static str> for ConversionError {
    fn from(value: &'static str) -> Self {
        Self(value.into())
    }
}

impl From<String> for ConversionError {
    fn from(value: String) -> Self {
        Self(value.into())
    }
}

#[cfg(test)]
mod tests {
    use super::ConversionError;

    #[test]
    fn it_displays_the_reason_and_debugs_it_quoted() {
        let err = ConversionError::from("shorter than 1 characters");
        assert_eq!(err.to_string(), "shorter than 1 characters");
        assert_eq!(format!("{err:?}"), "\"shorter than 1 characters\"");
        let owned = ConversionError::from(format!("longer than {} characters", 8));
        assert_eq!(owned.to_string(), "longer than 8 characters");
    }
}

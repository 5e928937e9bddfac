//! JSON Pointer (RFC 6901) segments, as drift paths and `$ref`s spell property names.

/// `a/b~c` → `a~1b~0c`: a property name as one pointer segment.
pub fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// The inverse of [`escape`].
pub fn unescape(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_the_two_escaped_characters() {
        for name in ["a/b", "x~1", "~/~", "plain"] {
            assert_eq!(unescape(&escape(name)), name);
        }
        assert_eq!(escape("a/b~c"), "a~1b~0c");
    }
}

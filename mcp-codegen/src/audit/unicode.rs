//! Characters a reader cannot see: what the invisible-unicode and bidi-control rules look for,
//! and how a finding shows them (`<U+200B>`, and the ASCII a run of Unicode tags spells).

/// Bidirectional overrides and isolates.
pub fn is_bidi(c: char) -> bool {
    matches!(c as u32, 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Characters that show nothing, or change what is shown: zero-width ones, marks, the tag
/// block, variation selectors, other format controls, and control characters (ANSI escapes)
/// other than newline, tab and carriage return. Bidi controls are [`is_bidi`].
pub fn is_invisible(c: char) -> bool {
    matches!(c as u32,
        0x200B..=0x200F | 0x2060..=0x2064 | 0xFEFF | 0x00AD | 0x180E | 0x061C
        | 0xE0000..=0xE007F | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
        || (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
}

/// `text` with invisible and bidi characters spelled out as `<U+XXXX>`.
pub fn visible(text: &str) -> String {
    text.chars()
        .map(|c| match is_invisible(c) || is_bidi(c) {
            true => format!("<U+{:04X}>", c as u32),
            false => c.to_string(),
        })
        .collect()
}

/// The ASCII that Unicode tag characters (U+E0020–U+E007E) in `text` spell, if any: the
/// payload of "ASCII smuggling".
pub fn tag_payload(text: &str) -> Option<String> {
    let decoded: String = text
        .chars()
        .filter_map(|c| match c as u32 {
            code @ 0xE0020..=0xE007E => char::from_u32(code - 0xE0000),
            _ => None,
        })
        .collect();
    (!decoded.is_empty()).then_some(decoded)
}

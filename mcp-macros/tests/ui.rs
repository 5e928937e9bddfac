//! The macro's error messages, pinned: each points at the offending token and says the fix.

#[test]
fn macro_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}

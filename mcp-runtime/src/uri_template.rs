//! URI templates (RFC 6570) with string values: levels 1–3 (`{var}`, `{+var}`, `{#var}`,
//! `{.var}`, `{/var}`, `{;var}`, `{?var}`, `{&var}`, several variables per expression) and the
//! level-4 prefix modifier `{var:3}` (an explode `*` changes nothing for a string). Resource
//! templates' parameters are filled in with it; always compiled, so the generator names the
//! same variables the runtime fills.

/// The variable names of `template`, in order of first appearance, without duplicates.
pub fn variables(template: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for expression in expressions(template) {
        let (_, list) = operator(expression);
        for spec in list.split(',') {
            let name = var_name(spec).0;
            if !name.is_empty() && !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The variables of `template`'s query expressions (`{?…}`, `{&…}`): the ones a URI can go
/// without, so generated methods take them as `Option`s.
pub fn query_variables(template: &str) -> Vec<String> {
    expressions(template)
        .filter(|e| e.starts_with('?') || e.starts_with('&'))
        .flat_map(|e| e[1..].split(',').map(|spec| var_name(spec).0.to_string()))
        .filter(|name| !name.is_empty())
        .collect()
}

/// `template` with its expressions expanded; a variable with no value (`None`, or absent from
/// `values`) is left out, as the RFC says. Values are percent-encoded as the operator requires.
pub fn expand(template: &str, values: &[(&str, Option<&str>)]) -> String {
    let value = |name: &str| {
        values
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| *v)
    };
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            // An unclosed brace is literal text.
            out.push_str(&rest[open..]);
            return out;
        };
        expand_expression(&rest[open + 1..open + close], &value, &mut out);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The variables `uri` gives `template`, if it is one of its expansions: the inverse of
/// [`expand`] for the forms resource templates use — each expression up to the next literal
/// text (`{var}` stops at `/`), and query expressions (`{?a,b}`, `{&c}`) read from the query
/// string. Values are percent-decoded; query variables the URI leaves out are absent.
pub fn matches(template: &str, uri: &str) -> Option<Vec<(String, String)>> {
    let (path, query) = match uri.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (uri, None),
    };
    let mut found = Vec::new();
    let mut rest = path;
    let mut pieces = pieces(template).into_iter().peekable();
    while let Some(piece) = pieces.next() {
        match piece {
            Piece::Literal(text) => rest = rest.strip_prefix(text)?,
            Piece::Query => {}
            Piece::Expression(expression) => {
                let (style, list) = operator(expression);
                let value = rest.strip_prefix(style.first).unwrap_or(rest);
                let end = match pieces.peek() {
                    Some(Piece::Literal(next)) => value.find(next)?,
                    _ => value.len(),
                };
                let (taken, left) = value.split_at(end);
                if !style.reserved && style.first.is_empty() && taken.contains('/') {
                    return None;
                }
                let names = list.split(',').map(|spec| var_name(spec).0);
                for (name, part) in names.zip(taken.split(style.sep)) {
                    found.push((name.to_string(), decode(part)));
                }
                rest = left;
            }
        }
    }
    if !rest.is_empty() {
        return None;
    }
    let wanted = query_variables(template);
    for pair in query
        .unwrap_or_default()
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if wanted.iter().any(|w| w == name) {
            found.push((name.to_string(), decode(value)));
        }
    }
    Some(found)
}

enum Piece<'a> {
    Literal(&'a str),
    Expression(&'a str),
    /// `{?…}` and `{&…}`: read from the query string, not the path.
    Query,
}

/// `template` as literal text and expressions, in order.
fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        if open > 0 {
            out.push(Piece::Literal(&rest[..open]));
        }
        let expression = &rest[open + 1..open + close];
        out.push(match expression.starts_with(['?', '&']) {
            true => Piece::Query,
            false => Piece::Expression(expression),
        });
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Literal(rest));
    }
    out
}

/// Percent-decoding (invalid escapes stay as they are).
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// How an operator joins and encodes: first text, separator, named (`;?&`), text for an empty
/// named value, and whether reserved characters pass.
struct Style {
    first: &'static str,
    sep: &'static str,
    named: bool,
    if_empty: &'static str,
    reserved: bool,
}

fn operator(expression: &str) -> (Style, &str) {
    let style = |first, sep, named, if_empty, reserved| Style {
        first,
        sep,
        named,
        if_empty,
        reserved,
    };
    match expression.chars().next() {
        Some('+') => (style("", ",", false, "", true), &expression[1..]),
        Some('#') => (style("#", ",", false, "", true), &expression[1..]),
        Some('.') => (style(".", ".", false, "", false), &expression[1..]),
        Some('/') => (style("/", "/", false, "", false), &expression[1..]),
        Some(';') => (style(";", ";", true, "", false), &expression[1..]),
        Some('?') => (style("?", "&", true, "=", false), &expression[1..]),
        Some('&') => (style("&", "&", true, "=", false), &expression[1..]),
        _ => (style("", ",", false, "", false), expression),
    }
}

/// A variable spec's name and its prefix length (`name:3`); `*` is dropped.
fn var_name(spec: &str) -> (&str, Option<usize>) {
    let spec = spec.trim().trim_end_matches('*');
    match spec.split_once(':') {
        Some((name, max)) => (name, max.parse().ok()),
        None => (spec, None),
    }
}

fn expand_expression<'v>(
    expression: &str,
    value: &dyn Fn(&str) -> Option<&'v str>,
    out: &mut String,
) {
    let (style, list) = operator(expression);
    let mut first = true;
    for spec in list.split(',') {
        let (name, prefix) = var_name(spec);
        let Some(text) = value(name) else { continue };
        let text = match prefix {
            Some(max) => text
                .char_indices()
                .nth(max)
                .map_or(text, |(at, _)| &text[..at]),
            None => text,
        };
        out.push_str(if first { style.first } else { style.sep });
        first = false;
        if style.named {
            out.push_str(name);
            if text.is_empty() {
                out.push_str(style.if_empty);
                continue;
            }
            out.push('=');
        }
        encode(text, style.reserved, out);
    }
}

fn expressions(template: &str) -> impl Iterator<Item = &str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(e, _)| e))
}

/// Percent-encodes `text`: unreserved characters pass; with `reserved`, so do reserved ones
/// and existing `%XX` triplets.
fn encode(text: &str, reserved: bool, out: &mut String) {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let triplet = byte == b'%'
            && bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit);
        let unreserved = byte.is_ascii_alphanumeric() || b"-._~".contains(&byte);
        let passes = reserved && (triplet || b":/?#[]@!$&'()*+,;=".contains(&byte));
        if unreserved || passes {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
        at += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The RFC's own examples (section 3.2), with its variables.
    #[test]
    fn rfc_6570_examples_levels_1_to_3() {
        let values = [
            ("var", Some("value")),
            ("hello", Some("Hello World!")),
            ("path", Some("/foo/bar")),
            ("empty", Some("")),
            ("x", Some("1024")),
            ("y", Some("768")),
            ("undef", None),
        ];
        let cases = [
            ("{var}", "value"),
            ("{hello}", "Hello%20World%21"),
            ("{+var}", "value"),
            ("{+hello}", "Hello%20World!"),
            ("{+path}/here", "/foo/bar/here"),
            ("here?ref={+path}", "here?ref=/foo/bar"),
            ("X{#var}", "X#value"),
            ("X{#hello}", "X#Hello%20World!"),
            ("map?{x,y}", "map?1024,768"),
            ("{x,hello,y}", "1024,Hello%20World%21,768"),
            ("{+x,hello,y}", "1024,Hello%20World!,768"),
            ("{+path,x}/here", "/foo/bar,1024/here"),
            ("{#x,hello,y}", "#1024,Hello%20World!,768"),
            ("X{.var}", "X.value"),
            ("X{.x,y}", "X.1024.768"),
            ("{/var}", "/value"),
            ("{/var,x}/here", "/value/1024/here"),
            ("{;x,y}", ";x=1024;y=768"),
            ("{;x,y,empty}", ";x=1024;y=768;empty"),
            ("{?x,y}", "?x=1024&y=768"),
            ("{?x,y,empty}", "?x=1024&y=768&empty="),
            ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
            ("{&x,y,empty}", "&x=1024&y=768&empty="),
            ("{var:3}", "val"),
            ("{undef}", ""),
            ("{?undef,x}", "?x=1024"),
        ];
        for (template, want) in cases {
            assert_eq!(expand(template, &values), want, "{template}");
        }
    }

    #[test]
    fn matching_is_the_inverse_of_expanding() {
        type Values<'a> = &'a [(&'a str, Option<&'a str>)];
        let cases: &[(&str, Values)] = &[
            ("demo://greeting/{name}", &[("name", Some("Ada Lovelace"))]),
            ("file:///{+path}", &[("path", Some("docs/a b.md"))]),
            (
                "api://{owner}/{repo}/issues{?state,page}",
                &[
                    ("owner", Some("o")),
                    ("repo", Some("r")),
                    ("state", Some("open")),
                    ("page", None),
                ],
            ),
        ];
        for (template, values) in cases {
            let uri = expand(template, values);
            let mut found = matches(template, &uri)
                .unwrap_or_else(|| panic!("{uri} does not match {template}"));
            found.sort();
            let mut expected: Vec<(String, String)> = values
                .iter()
                .filter_map(|(n, v)| v.map(|v| (n.to_string(), v.to_string())))
                .collect();
            expected.sort();
            assert_eq!(found, expected, "{uri}");
        }
        assert!(matches("demo://greeting/{name}", "demo://other/x").is_none());
        assert!(matches("demo://greeting/{name}", "demo://greeting/a/b").is_none());
    }

    #[test]
    fn variables_in_order_without_duplicates() {
        assert_eq!(
            variables("demo://{+base}/items/{id}{?q,id,page:2}"),
            ["base", "id", "q", "page"]
        );
        assert!(variables("no expressions").is_empty());
        assert_eq!(
            query_variables("x://{id}{?q,page:2}{&more*}"),
            ["q", "page", "more"]
        );
        assert_eq!(expand("a{unclosed", &[]), "a{unclosed");
        assert_eq!(expand("{id}", &[("id", Some("ä/ö"))]), "%C3%A4%2F%C3%B6");
    }
}

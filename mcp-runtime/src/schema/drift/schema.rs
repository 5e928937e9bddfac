//! The rules inside a schema, keyword by keyword. Input schemas are what we send (the server
//! accepting less is breaking), output schemas what we receive (the server sending more, or
//! less reliably, is breaking).

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::{Change, Severity, push};
use crate::schema::pointer::{escape, unescape};
use crate::schema::required;

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Dir {
    /// What we send: the server accepting less breaks us.
    Input,
    /// What we receive: the server sending more breaks us.
    Output,
}

pub(super) struct Ctx<'a> {
    pub tool: &'a str,
    pub dir: Dir,
    pub out: &'a mut Vec<Change>,
}

const ANNOTATION_KEYWORDS: &[&str] = &[
    "description",
    "title",
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$schema",
    "$id",
];
const UPPER_BOUNDS: &[&str] = &[
    "maximum",
    "exclusiveMaximum",
    "maxLength",
    "maxItems",
    "maxProperties",
];
const LOWER_BOUNDS: &[&str] = &[
    "minimum",
    "exclusiveMinimum",
    "minLength",
    "minItems",
    "minProperties",
];
/// Keywords with rules of their own below.
const HANDLED: &[&str] = &[
    "type",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "anyOf",
    "oneOf",
    "allOf",
    "default",
    "format",
    "pattern",
    "multipleOf",
    "uniqueItems",
];

impl Ctx<'_> {
    pub(super) fn push(
        &mut self,
        path: &str,
        kind: &'static str,
        severity: Severity,
        message: String,
    ) {
        push(self.out, self.tool, path, kind, severity, message);
    }

    /// `breaking` when the change narrows what is allowed, as seen from our side.
    fn narrowing(&self, narrows_accepted_values: bool) -> Severity {
        // Input: the server accepting fewer values breaks us. Output: the server sending more
        // values (the opposite of narrowing) breaks us.
        match (self.dir, narrows_accepted_values) {
            (Dir::Input, true) | (Dir::Output, false) => Severity::Breaking,
            _ => Severity::Compatible,
        }
    }

    pub(super) fn schema(&mut self, path: &str, old: &Value, new: &Value) {
        if old == new {
            return;
        }
        let (Value::Object(o), Value::Object(n)) = (old, new) else {
            // `true` / `false` schemas.
            let narrows = old == &Value::Bool(true) || new == &Value::Bool(false);
            let severity = self.narrowing(narrows);
            self.push(
                path,
                "schema-changed",
                severity,
                format!("the schema at {} changed from {old} to {new}", show(path)),
            );
            return;
        };
        self.annotations(path, o, n);
        self.types(path, o, n);
        self.enums(path, o, n);
        self.bounds(path, o, n);
        self.object(path, o, n);
        match (o.get("items"), n.get("items")) {
            (Some(oi @ Value::Object(_)), Some(ni @ Value::Object(_))) => {
                self.schema(&format!("{path}/items"), oi, ni)
            }
            (oi, ni) if oi != ni => self.other(path, "items", oi, ni),
            _ => {}
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            self.variants(path, key, o.get(key), n.get(key));
        }
        self.unhandled(path, o, n);
    }

    /// Descriptions and titles (text a model reads: security), examples and the like
    /// (cosmetic), defaults and formats (compatible).
    fn annotations(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        for key in ANNOTATION_KEYWORDS {
            if o.get(*key) != n.get(*key) {
                let (kind, severity) = match *key {
                    "description" => ("description-changed", Severity::Security),
                    "title" => ("title-changed", Severity::Security),
                    _ => ("annotation-changed", Severity::Cosmetic),
                };
                self.push(
                    &format!("{path}/{key}"),
                    kind,
                    severity,
                    format!("`{key}` of {} changed", show(path)),
                );
            }
        }
        if o.get("default") != n.get("default") {
            let severity = if self.dir == Dir::Input {
                Severity::Compatible
            } else {
                Severity::Cosmetic
            };
            self.push(
                &format!("{path}/default"),
                "default-changed",
                severity,
                format!("the default of {} changed", show(path)),
            );
        }
        if o.get("format") != n.get("format") {
            self.push(
                &format!("{path}/format"),
                "format-changed",
                Severity::Compatible,
                format!("the format of {} changed", show(path)),
            );
        }
    }

    /// Keywords without a rule of their own.
    fn unhandled(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        let keys: BTreeSet<&String> = o.keys().chain(n.keys()).collect();
        for key in keys {
            let key = key.as_str();
            if ANNOTATION_KEYWORDS.contains(&key)
                || HANDLED.contains(&key)
                || UPPER_BOUNDS.contains(&key)
                || LOWER_BOUNDS.contains(&key)
            {
                continue;
            }
            if o.get(key) != n.get(key) {
                self.other(path, key, o.get(key), n.get(key));
            }
        }
    }

    /// A keyword without a rule of its own: assume the worst.
    fn other(&mut self, path: &str, key: &str, old: Option<&Value>, new: Option<&Value>) {
        if key == "x-mcp-header" && self.dir == Dir::Input {
            self.mcp_header(path, old, new);
            return;
        }
        if key.starts_with("x-") {
            self.push(
                &format!("{path}/{key}"),
                "annotation-changed",
                Severity::Cosmetic,
                format!("extension `{key}` of {} changed", show(path)),
            );
            return;
        }
        let what = match (old, new) {
            (None, Some(_)) => "added",
            (Some(_), None) => "removed",
            _ => "changed",
        };
        self.push(
            &format!("{path}/{key}"),
            "schema-changed",
            Severity::Breaking,
            format!("`{key}` of {} was {what}", show(path)),
        );
    }

    /// `x-mcp-header` (2026-07-28): the argument is mirrored into an HTTP header of that name,
    /// which servers and gateways read — a new or renamed one is a header old code does not
    /// send, and any change moves what leaves the client: security either way.
    fn mcp_header(&mut self, path: &str, old: Option<&Value>, new: Option<&Value>) {
        let message = match (old, new) {
            (_, Some(header)) => {
                format!(
                    "{} must now be sent in the HTTP header {header} as well",
                    show(path)
                )
            }
            (Some(header), None) => {
                format!(
                    "{} is no longer sent in the HTTP header {header}",
                    show(path)
                )
            }
            (None, None) => return,
        };
        self.push(
            &format!("{path}/x-mcp-header"),
            "mcp-header-changed",
            Severity::Security,
            message,
        );
    }

    /// `type` added (narrows) or removed (widens) where the other side has none.
    fn type_keyword(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        match (o.get("type"), n.get("type")) {
            (None, Some(t)) => {
                let severity = self.narrowing(true);
                self.push(
                    &format!("{path}/type"),
                    "type-narrowed",
                    severity,
                    format!("{} is now restricted to {t}", show(path)),
                );
            }
            (Some(t), None) => {
                let severity = self.narrowing(false);
                self.push(
                    &format!("{path}/type"),
                    "type-widened",
                    severity,
                    format!("{} is no longer restricted to {t}", show(path)),
                );
            }
            _ => {}
        }
    }

    fn types(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        let (Some(old), Some(new)) = (types_of(o), types_of(n)) else {
            self.type_keyword(path, o, n);
            return;
        };
        if old == new {
            return;
        }
        // An integer is a number: integer → number widens, number → integer narrows.
        let covers = |set: &BTreeSet<String>, t: &String| {
            set.contains(t) || (t == "integer" && set.contains("number"))
        };
        let lost: Vec<&String> = old.iter().filter(|t| !covers(&new, t)).collect();
        let gained: Vec<&String> = new.iter().filter(|t| !covers(&old, t)).collect();
        let list = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
        let at = format!("{path}/type");
        match self.dir {
            Dir::Input if !lost.is_empty() => {
                let kind = if gained.is_empty() {
                    "type-narrowed"
                } else {
                    "type-changed"
                };
                self.push(
                    &at,
                    kind,
                    Severity::Breaking,
                    format!("{} no longer accepts {}", show(path), list(&lost)),
                );
            }
            Dir::Input => self.push(
                &at,
                "type-widened",
                Severity::Compatible,
                format!("{} now also accepts {}", show(path), list(&gained)),
            ),
            Dir::Output if gained == [&"null".to_string()] => {
                self.push(
                    &at,
                    "became-nullable",
                    Severity::Breaking,
                    format!("{} may now be null", show(path)),
                );
            }
            Dir::Output if !gained.is_empty() => {
                let kind = if lost.is_empty() {
                    "type-widened"
                } else {
                    "type-changed"
                };
                self.push(
                    &at,
                    kind,
                    Severity::Breaking,
                    format!("{} may now be {}", show(path), list(&gained)),
                );
            }
            Dir::Output => self.push(
                &at,
                "type-narrowed",
                Severity::Compatible,
                format!("{} is no longer {}", show(path), list(&lost)),
            ),
        }
    }

    fn enums(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        let values = |m: &Map<String, Value>| -> Option<Vec<Value>> {
            m.get("enum")
                .and_then(Value::as_array)
                .cloned()
                .or_else(|| m.get("const").map(|c| vec![c.clone()]))
        };
        let (old, new) = (values(o), values(n));
        let at = format!("{path}/enum");
        match (old, new) {
            (None, None) => {}
            (None, Some(_)) => {
                let severity = self.narrowing(true);
                self.push(
                    &at,
                    "enum-added",
                    severity,
                    format!("{} is now limited to fixed values", show(path)),
                );
            }
            (Some(_), None) => {
                let severity = self.narrowing(false);
                self.push(
                    &at,
                    "enum-removed",
                    severity,
                    format!("{} is no longer limited to fixed values", show(path)),
                );
            }
            (Some(old), Some(new)) => {
                let removed: Vec<&Value> = old.iter().filter(|v| !new.contains(v)).collect();
                let added: Vec<&Value> = new.iter().filter(|v| !old.contains(v)).collect();
                let list = |v: &[&Value]| {
                    v.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                if !removed.is_empty() {
                    let severity = self.narrowing(true);
                    let why = if severity == Severity::Breaking {
                        ": calls sending it fail"
                    } else {
                        ""
                    };
                    self.push(
                        &at,
                        "enum-value-removed",
                        severity,
                        format!("{} lost value {}{why}", show(path), list(&removed)),
                    );
                }
                if !added.is_empty() {
                    let severity = self.narrowing(false);
                    let why = if severity == Severity::Breaking {
                        ": generated enums cannot decode it"
                    } else {
                        ""
                    };
                    self.push(
                        &at,
                        "enum-value-added",
                        severity,
                        format!("{} gained value {}{why}", show(path), list(&added)),
                    );
                }
                if removed.is_empty() && added.is_empty() {
                    self.push(
                        &at,
                        "enum-order-changed",
                        Severity::Cosmetic,
                        format!("the values of {} were reordered", show(path)),
                    );
                }
            }
        }
    }

    fn bounds(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        for (keys, upper) in [(UPPER_BOUNDS, true), (LOWER_BOUNDS, false)] {
            for key in keys.iter().copied() {
                let (old, new) = (
                    o.get(key).and_then(Value::as_f64),
                    n.get(key).and_then(Value::as_f64),
                );
                let tightened = match (old, new) {
                    (None, None) => continue,
                    (Some(a), Some(b)) if a == b => continue,
                    (None, Some(_)) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => {
                        if upper {
                            b < a
                        } else {
                            b > a
                        }
                    }
                };
                self.constraint(
                    &format!("{path}/{key}"),
                    key,
                    tightened,
                    o.get(key),
                    n.get(key),
                    path,
                );
            }
        }
        for key in ["pattern", "multipleOf"] {
            if o.get(key) != n.get(key) {
                let tightened = n.get(key).is_some();
                self.constraint(
                    &format!("{path}/{key}"),
                    key,
                    tightened,
                    o.get(key),
                    n.get(key),
                    path,
                );
            }
        }
        let unique = |m: &Map<String, Value>| m.get("uniqueItems") == Some(&Value::Bool(true));
        if unique(o) != unique(n) {
            self.constraint(
                &format!("{path}/uniqueItems"),
                "uniqueItems",
                unique(n),
                o.get("uniqueItems"),
                n.get("uniqueItems"),
                path,
            );
        }
    }

    fn constraint(
        &mut self,
        at: &str,
        key: &str,
        tightened: bool,
        old: Option<&Value>,
        new: Option<&Value>,
        path: &str,
    ) {
        let show_v = |v: Option<&Value>| v.map_or("none".to_string(), Value::to_string);
        let (kind, severity) = match (tightened, self.dir) {
            (true, Dir::Input) => ("constraint-tightened", Severity::Breaking),
            (true, Dir::Output) => ("constraint-tightened", Severity::Compatible),
            (false, _) => ("constraint-relaxed", Severity::Compatible),
        };
        self.push(
            at,
            kind,
            severity,
            format!(
                "`{key}` of {} changed from {} to {}",
                show(path),
                show_v(old),
                show_v(new)
            ),
        );
    }

    fn object(&mut self, path: &str, o: &Map<String, Value>, n: &Map<String, Value>) {
        let empty = Map::new();
        let old_props = properties(o).unwrap_or(&empty);
        let new_props = properties(n).unwrap_or(&empty);
        let (old_req_list, new_req_list) = (required(o), required(n));
        let old_req: BTreeSet<&str> = old_req_list.iter().copied().collect();
        let new_req: BTreeSet<&str> = new_req_list.iter().copied().collect();
        let names: BTreeSet<&str> = old_props
            .keys()
            .map(String::as_str)
            .chain(new_props.keys().map(String::as_str))
            .chain(old_req.iter().copied())
            .chain(new_req.iter().copied())
            .collect();
        let any = Value::Bool(true);
        for name in names {
            // A name only `required` mentions is a property of any shape.
            let was = old_props
                .get(name)
                .or(old_req.contains(name).then_some(&any));
            let is = new_props
                .get(name)
                .or(new_req.contains(name).then_some(&any));
            let required = (old_req.contains(name), new_req.contains(name));
            self.property(path, name, (was, is), required);
        }
        if old_req == new_req && old_req_list != new_req_list {
            self.push(
                &format!("{path}/required"),
                "required-order-changed",
                Severity::Cosmetic,
                format!("the `required` list of {} was reordered", show(path)),
            );
        }
        self.additional_properties(path, o, n);
    }

    /// One property: `schemas` and `required` are (old, new).
    fn property(
        &mut self,
        path: &str,
        name: &str,
        schemas: (Option<&Value>, Option<&Value>),
        required: (bool, bool),
    ) {
        let at = format!("{path}/properties/{}", escape(name));
        let noun = if self.dir == Dir::Input {
            "argument"
        } else {
            "field"
        };
        let prop = format!("{noun} `{name}`");
        let (kind, severity, message) = match (schemas, required, self.dir) {
            ((Some(_), None), _, Dir::Input) => (
                "property-removed",
                Severity::Breaking,
                format!("{prop} was removed: calls that send it may be rejected"),
            ),
            ((Some(_), None), (true, _), Dir::Output) => (
                "property-removed",
                Severity::Breaking,
                format!("{prop} was removed: generated types require it"),
            ),
            ((Some(_), None), _, Dir::Output) => (
                "property-removed",
                Severity::Compatible,
                format!("optional {prop} was removed"),
            ),
            ((None, Some(_)), (_, true), Dir::Input) => (
                "required-property-added",
                Severity::Breaking,
                format!("required {prop} was added: existing calls do not send it"),
            ),
            ((None, Some(_)), _, Dir::Input) => (
                "optional-property-added",
                Severity::Compatible,
                format!("optional {prop} was added"),
            ),
            ((None, Some(_)), _, Dir::Output) => (
                "property-added",
                Severity::Compatible,
                format!("{prop} was added"),
            ),
            ((Some(a), Some(b)), _, _) => {
                self.schema(&at, a, b);
                match (required, self.dir) {
                    ((false, true), Dir::Input) => (
                        "property-became-required",
                        Severity::Breaking,
                        format!("{prop} became required: calls without it fail"),
                    ),
                    ((true, false), Dir::Input) => (
                        "property-became-optional",
                        Severity::Compatible,
                        format!("{prop} became optional"),
                    ),
                    ((true, false), Dir::Output) => (
                        "property-became-optional",
                        Severity::Breaking,
                        format!("{prop} became optional: generated types require it"),
                    ),
                    ((false, true), Dir::Output) => (
                        "property-became-required",
                        Severity::Compatible,
                        format!("{prop} is now always present"),
                    ),
                    _ => return,
                }
            }
            ((None, None), _, _) => return,
        };
        self.push(&at, kind, severity, message);
    }

    fn additional_properties(
        &mut self,
        path: &str,
        o: &Map<String, Value>,
        n: &Map<String, Value>,
    ) {
        let closed =
            |m: &Map<String, Value>| m.get("additionalProperties") == Some(&Value::Bool(false));
        match (o.get("additionalProperties"), n.get("additionalProperties")) {
            (a, b) if a == b => {}
            (Some(a @ Value::Object(_)), Some(b @ Value::Object(_))) => {
                self.schema(&format!("{path}/additionalProperties"), a, b)
            }
            _ if closed(n) => {
                let severity = self.narrowing(true);
                self.push(
                    &format!("{path}/additionalProperties"),
                    "additional-properties-restricted",
                    severity,
                    format!("{} no longer allows extra properties", show(path)),
                );
            }
            _ if closed(o) => {
                let severity = self.narrowing(false);
                self.push(
                    &format!("{path}/additionalProperties"),
                    "additional-properties-allowed",
                    severity,
                    format!("{} now allows extra properties", show(path)),
                );
            }
            (a, b) => self.other(path, "additionalProperties", a, b),
        }
    }

    fn variants(&mut self, path: &str, key: &str, old: Option<&Value>, new: Option<&Value>) {
        if old == new {
            return;
        }
        let (Some(Value::Array(old)), Some(Value::Array(new))) = (old, new) else {
            self.other(path, key, old, new);
            return;
        };
        if old.len() == new.len() {
            for (i, (a, b)) in old.iter().zip(new).enumerate() {
                self.schema(&format!("{path}/{key}/{i}"), a, b);
            }
            return;
        }
        let removed = old.iter().filter(|v| !new.contains(v)).count();
        let added = new.iter().filter(|v| !old.contains(v)).count();
        let at = format!("{path}/{key}");
        // allOf is a conjunction: more members narrow it.
        let (narrow_on_add, narrow_on_remove) = if key == "allOf" {
            (true, false)
        } else {
            (false, true)
        };
        if removed > 0 {
            let severity = self.narrowing(narrow_on_remove);
            self.push(
                &at,
                "variant-removed",
                severity,
                format!(
                    "{removed} `{key}` alternative(s) of {} were removed",
                    show(path)
                ),
            );
        }
        if added > 0 {
            let severity = self.narrowing(narrow_on_add);
            self.push(
                &at,
                "variant-added",
                severity,
                format!(
                    "{added} `{key}` alternative(s) of {} were added",
                    show(path)
                ),
            );
        }
    }
}

fn types_of(m: &Map<String, Value>) -> Option<BTreeSet<String>> {
    match m.get("type")? {
        Value::String(t) => Some(BTreeSet::from([t.clone()])),
        Value::Array(ts) => Some(
            ts.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
        ),
        _ => None,
    }
}

fn properties(schema: &Map<String, Value>) -> Option<&Map<String, Value>> {
    schema.get("properties").and_then(Value::as_object)
}

/// `/inputSchema/properties/a/properties/b` → "argument `a.b`" (for messages).
fn show(path: &str) -> String {
    let (side, rest) = if let Some(rest) = path.strip_prefix("/inputSchema") {
        ("the arguments", rest)
    } else if let Some(rest) = path.strip_prefix("/outputSchema") {
        ("the output", rest)
    } else {
        ("the schema", path)
    };
    let mut parts = Vec::new();
    let mut segments = rest.split('/').filter(|s| !s.is_empty()).peekable();
    while let Some(segment) = segments.next() {
        match segment {
            "properties" => {
                if let Some(name) = segments.next() {
                    parts.push(unescape(name));
                }
            }
            "items" => parts.push("[]".to_string()),
            other => parts.push(other.to_string()),
        }
    }
    if parts.is_empty() {
        side.to_string()
    } else {
        format!("`{}` in {side}", parts.join(".").replace(".[]", "[]"))
    }
}

//! What a snapshot holds besides tools (format 2): the server's prompts, static resources and
//! resource templates, each read from the object the server sent and kept as it came.

use serde_json::Value;

use crate::{Error, Result};

/// One prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptDef {
    /// Its name on the server.
    pub name: String,
    /// `description`, if any.
    pub description: Option<String>,
    /// Its arguments, in the server's order.
    pub arguments: Vec<PromptArg>,
    /// The prompt object as the server sent it.
    pub raw: Value,
}

/// One argument of a prompt (a string).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptArg {
    /// Its name.
    pub name: String,
    /// `description`, if any.
    pub description: Option<String>,
    /// Whether the prompt needs it.
    pub required: bool,
}

/// One static resource.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceDef {
    /// Its URI.
    pub uri: String,
    /// Its name.
    pub name: String,
    /// `description`, if any.
    pub description: Option<String>,
    /// `mimeType`, if any.
    pub mime_type: Option<String>,
    /// The resource object as the server sent it.
    pub raw: Value,
}

/// One resource template.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateDef {
    /// Its name (the generated method is named after it).
    pub name: String,
    /// The RFC 6570 URI template.
    pub uri_template: String,
    /// `description`, if any.
    pub description: Option<String>,
    /// `mimeType`, if any.
    pub mime_type: Option<String>,
    /// The template object as the server sent it.
    pub raw: Value,
}

/// The string at `key` of an object, if it is one.
fn text(raw: &Value, key: &str) -> Option<String> {
    raw.get(key).and_then(Value::as_str).map(str::to_string)
}

/// The non-empty string at `key`, or an error naming the entry.
fn required(raw: &Value, key: &str, what: &str, origin: &str) -> Result<String> {
    match raw.get(key) {
        Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
        _ => Err(Error::snapshot(
            origin,
            format!("{what} has no `{key}` string"),
        )),
    }
}

impl PromptDef {
    fn from_raw(raw: Value, at: &str, origin: &str) -> Result<PromptDef> {
        let name = required(&raw, "name", at, origin)?;
        let mut arguments = Vec::new();
        let listed = raw.get("arguments").and_then(Value::as_array);
        for (index, arg) in listed.into_iter().flatten().enumerate() {
            let what = format!("prompt `{name}` argument {index}");
            arguments.push(PromptArg {
                name: required(arg, "name", &what, origin)?,
                description: text(arg, "description"),
                required: arg.get("required").and_then(Value::as_bool) == Some(true),
            });
        }
        Ok(PromptDef {
            description: text(&raw, "description"),
            name,
            arguments,
            raw,
        })
    }
}

impl ResourceDef {
    fn from_raw(raw: Value, at: &str, origin: &str) -> Result<ResourceDef> {
        let uri = required(&raw, "uri", at, origin)?;
        Ok(ResourceDef {
            name: text(&raw, "name").unwrap_or_else(|| uri.clone()),
            description: text(&raw, "description"),
            mime_type: text(&raw, "mimeType"),
            uri,
            raw,
        })
    }
}

impl TemplateDef {
    fn from_raw(raw: Value, at: &str, origin: &str) -> Result<TemplateDef> {
        let uri_template = required(&raw, "uriTemplate", at, origin)?;
        Ok(TemplateDef {
            name: text(&raw, "name").unwrap_or_else(|| uri_template.clone()),
            description: text(&raw, "description"),
            mime_type: text(&raw, "mimeType"),
            uri_template,
            raw,
        })
    }
}

/// The entries of the array at `key` (absent: `None`), parsed, sorted by `sort_key` and
/// checked for duplicates.
fn section<T>(
    root: &mut serde_json::Map<String, Value>,
    key: &str,
    origin: &str,
    parse: fn(Value, &str, &str) -> Result<T>,
    sort_key: fn(&T) -> &str,
) -> Result<Option<Vec<T>>> {
    let items = match root.remove(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(items)) => items,
        Some(_) => {
            return Err(Error::snapshot(origin, format!("`{key}` must be an array")));
        }
    };
    let mut parsed = Vec::with_capacity(items.len());
    for (index, item) in items.into_iter().enumerate() {
        let at = format!("{key}[{index}]");
        if !item.is_object() {
            return Err(Error::snapshot(origin, format!("{at} is not an object")));
        }
        parsed.push(parse(item, &at, origin)?);
    }
    parsed.sort_by(|a, b| sort_key(a).cmp(sort_key(b)));
    if let Some(pair) = parsed
        .windows(2)
        .find(|p| sort_key(&p[0]) == sort_key(&p[1]))
    {
        return Err(Error::snapshot(
            origin,
            format!("`{key}` lists `{}` twice", sort_key(&pair[0])),
        ));
    }
    Ok(Some(parsed))
}

/// The three sections of a snapshot's root object, each `None` when absent.
pub(crate) type Sections = (
    Option<Vec<PromptDef>>,
    Option<Vec<ResourceDef>>,
    Option<Vec<TemplateDef>>,
);

/// Takes `prompts`, `resources` and `resourceTemplates` out of a snapshot's root object.
pub(crate) fn sections(
    root: &mut serde_json::Map<String, Value>,
    origin: &str,
) -> Result<Sections> {
    Ok((
        section(root, "prompts", origin, PromptDef::from_raw, |p| &p.name)?,
        section(root, "resources", origin, ResourceDef::from_raw, |r| &r.uri)?,
        section(
            root,
            "resourceTemplates",
            origin,
            TemplateDef::from_raw,
            |t| &t.name,
        )?,
    ))
}

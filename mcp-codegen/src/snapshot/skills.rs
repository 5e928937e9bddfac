//! The skills a snapshot records (SEP-2640): each entry as the server listed it — its
//! `SKILL.md` URI, its frontmatter, and every file with its SHA-256 digest and size. A skill is
//! text a model reads, so its digests are part of the approval: a file that changes changes
//! its digest, which `check` reports as a security change.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::{Error, Result};

/// One skill.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillDef {
    /// The URI of its `SKILL.md`.
    pub uri: String,
    /// `frontmatter.name`, if any.
    pub name: Option<String>,
    /// `frontmatter.description`, if any.
    pub description: Option<String>,
    /// Each file's digest by URI; `None` when the server generates the files (`"dynamic"`).
    pub files: Option<BTreeMap<String, String>>,
    /// The entry as the server sent it.
    pub raw: Value,
}

impl SkillDef {
    fn from_raw(raw: Value, index: usize, origin: &str) -> Result<SkillDef> {
        let bad = |why: &str| Error::snapshot(origin, format!("skills[{index}] {why}"));
        let uri = raw["uri"]
            .as_str()
            .ok_or_else(|| bad("has no `uri`"))?
            .to_string();
        let text = |key: &str| raw["frontmatter"][key].as_str().map(str::to_string);
        let files = match &raw["resources"] {
            Value::Array(files) => Some(
                files
                    .iter()
                    .map(
                        |file| match (file["uri"].as_str(), file["digest"].as_str()) {
                            (Some(uri), Some(digest)) => Ok((uri.to_string(), digest.to_string())),
                            _ => Err(bad("lists a file without `uri` and `digest`")),
                        },
                    )
                    .collect::<Result<_>>()?,
            ),
            _ => None,
        };
        Ok(SkillDef {
            name: text("name"),
            description: text("description"),
            uri,
            files,
            raw,
        })
    }
}

/// The `skills` section of a snapshot's root, sorted by URI; `None` when it has none.
pub(crate) fn section(
    root: &mut serde_json::Map<String, Value>,
    origin: &str,
) -> Result<Option<Vec<SkillDef>>> {
    let Some(raw) = root.remove("skills") else {
        return Ok(None);
    };
    let Value::Array(entries) = raw else {
        return Err(Error::snapshot(origin, "`skills` must be an array"));
    };
    let mut skills = entries
        .into_iter()
        .enumerate()
        .map(|(index, raw)| SkillDef::from_raw(raw, index, origin))
        .collect::<Result<Vec<_>>>()?;
    skills.sort_by(|a, b| a.uri.cmp(&b.uri));
    if let Some(pair) = skills.windows(2).find(|pair| pair[0].uri == pair[1].uri) {
        return Err(Error::snapshot(
            origin,
            format!("skill `{}` appears twice", pair[0].uri),
        ));
    }
    Ok(Some(skills))
}

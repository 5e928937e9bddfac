//! Skills (SEP-2640, the `io.modelcontextprotocol/skills` extension): a server's skills are
//! listed with their frontmatter and a manifest of their files (each with a SHA-256 digest and
//! a size), and read as ordinary resources. Listing reads no file: a skill's `SKILL.md` is
//! read when the skill is loaded, a supporting file when it is asked for, and every file is
//! checked against the listing before its content is handed over (`skill_check.rs`).

use serde_json::{Map, Value, json};

use super::Client;
use super::skill_check;
use crate::schema::PinnedSkill;
use crate::{Error, Result};

/// The extension's identifier in a server's `capabilities.extensions`.
pub const SKILLS_EXTENSION: &str = "io.modelcontextprotocol/skills";

/// One skill as the server lists it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Skill {
    /// The URI of its `SKILL.md`.
    pub uri: String,
    /// Its frontmatter, as the listing gives it (`name`, `description`, …).
    pub frontmatter: Map<String, Value>,
    /// Its files with their digests and sizes; `None` when the server generates them
    /// (`"resources": "dynamic"`), so that nothing can be verified.
    pub files: Option<Vec<SkillFile>>,
    /// The entry as the server sent it.
    pub raw: Value,
}

/// One file of a skill's manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SkillFile {
    /// Its URI (a resource).
    pub uri: String,
    /// `sha256:` and the lowercase hex SHA-256 of its bytes.
    pub digest: String,
    /// Its length in bytes.
    pub size: u64,
}

/// A loaded skill: its entry and its `SKILL.md`, verified.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LoadedSkill {
    /// The entry it was loaded from.
    pub skill: Skill,
    /// The whole `SKILL.md`.
    pub text: String,
}

impl Skill {
    /// `frontmatter.name`, if the listing gives one.
    pub fn name(&self) -> Option<&str> {
        self.frontmatter.get("name").and_then(Value::as_str)
    }

    /// `frontmatter.description`, if the listing gives one.
    pub fn description(&self) -> Option<&str> {
        self.frontmatter.get("description").and_then(Value::as_str)
    }

    /// The entry from the JSON the server sent, or why it is not one.
    pub fn from_entry(raw: Value) -> std::result::Result<Skill, String> {
        let uri = raw["uri"].as_str().ok_or("a skill entry without a `uri`")?;
        let frontmatter = match &raw["frontmatter"] {
            Value::Object(map) => map.clone(),
            _ => return Err(format!("skill {uri}: no `frontmatter` object")),
        };
        let files = match &raw["resources"] {
            Value::String(kind) if kind == "dynamic" => None,
            Value::Array(files) => Some(
                files
                    .iter()
                    .map(|file| SkillFile::from_entry(uri, file))
                    .collect::<std::result::Result<_, _>>()?,
            ),
            _ => {
                return Err(format!(
                    "skill {uri}: `resources` is neither a list nor \"dynamic\""
                ));
            }
        };
        Ok(Skill {
            uri: uri.to_string(),
            frontmatter,
            files,
            raw,
        })
    }

    /// The manifest's entry for `uri`.
    pub fn file(&self, uri: &str) -> Option<&SkillFile> {
        self.files.iter().flatten().find(|file| file.uri == uri)
    }
}

impl SkillFile {
    fn from_entry(skill: &str, file: &Value) -> std::result::Result<SkillFile, String> {
        let bad = |what: &str| format!("skill {skill}: a file entry without {what}");
        Ok(SkillFile {
            uri: file["uri"]
                .as_str()
                .ok_or_else(|| bad("a `uri`"))?
                .to_string(),
            digest: file["digest"]
                .as_str()
                .ok_or_else(|| bad("a `digest`"))?
                .to_string(),
            size: file["size"].as_u64().ok_or_else(|| bad("a `size`"))?,
        })
    }
}

impl From<&PinnedSkill> for Skill {
    /// The skill as [`Client::load_skill`] takes it, with the approved digests.
    fn from(pinned: &PinnedSkill) -> Skill {
        let frontmatter = match serde_json::from_str(pinned.frontmatter) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        let files = pinned.files.map(|files| {
            files
                .iter()
                .map(|file| SkillFile {
                    uri: file.uri.to_string(),
                    digest: file.digest.to_string(),
                    size: file.size,
                })
                .collect()
        });
        Skill {
            uri: pinned.uri.to_string(),
            raw: json!({"uri": pinned.uri, "frontmatter": frontmatter}),
            frontmatter,
            files,
        }
    }
}

impl Client {
    /// Loads a skill the snapshot recorded (a generated client's `SKILLS`): its `SKILL.md` is
    /// checked against the approved digest, size and frontmatter, so a skill whose text
    /// changed on the server since it was approved is refused.
    pub async fn load_pinned_skill(&self, skill: &PinnedSkill) -> Result<LoadedSkill> {
        self.load_skill(&Skill::from(skill)).await
    }

    /// Whether the server declares the skills extension.
    pub fn offers_skills(&self) -> bool {
        self.peer_info()
            .capabilities
            .extensions
            .as_ref()
            .is_some_and(|extensions| extensions.contains_key(SKILLS_EXTENSION))
    }

    /// Every skill the server lists (`skills/list`, all pages). Reads no skill file.
    pub async fn list_skills(&self) -> Result<Vec<Skill>> {
        // The listing's pager: one request timeout, a cursor that repeats is an error.
        let entries = self
            .all_pages("skills/list", |params| async move {
                let params = serde_json::to_value(params).unwrap_or_else(|_| json!({}));
                let mut page = self.custom_request("skills/list", params).await?;
                let entries = match page["skills"].take() {
                    Value::Array(entries) => entries,
                    _ => Vec::new(),
                };
                Ok((entries, page["nextCursor"].as_str().map(str::to_string)))
            })
            .await?;
        entries
            .into_iter()
            .map(|entry| self.entry(entry, "skills/list"))
            .collect()
    }

    /// The entry of the skill whose `SKILL.md` is at `uri` (`skills/get`).
    pub async fn get_skill(&self, uri: &str) -> Result<Skill> {
        let answer = self
            .skills_request("skills/get", json!({"uri": uri}))
            .await?;
        let entry = match answer.get("skill") {
            Some(entry) => entry.clone(),
            None => answer,
        };
        self.entry(entry, "skills/get")
    }

    /// Loads `skill`: reads its `SKILL.md` and checks it against the entry (digest, size, and
    /// its YAML frontmatter field by field). Reads no other file.
    pub async fn load_skill(&self, skill: &Skill) -> Result<LoadedSkill> {
        let bytes = self.read_skill_file(skill, &skill.uri).await?;
        let text = String::from_utf8(bytes)
            .map_err(|_| self.mismatch(&skill.uri, "it is not UTF-8".into()))?;
        skill_check::frontmatter(&text, &skill.frontmatter)
            .map_err(|why| self.mismatch(&skill.uri, why))?;
        Ok(LoadedSkill {
            skill: skill.clone(),
            text,
        })
    }

    /// One file of `skill`, its bytes checked against the manifest's digest and size; a file
    /// the manifest does not list is refused (unless the skill's files are dynamic).
    pub async fn read_skill_file(&self, skill: &Skill, uri: &str) -> Result<Vec<u8>> {
        let listed = match &skill.files {
            None => None,
            Some(files) => Some(skill.file(uri).ok_or_else(|| {
                let listed: Vec<&str> = files.iter().map(|f| f.uri.as_str()).collect();
                let reason = format!(
                    "the skill's manifest does not list this file; it lists {}",
                    listed.join(", ")
                );
                self.rejected(uri, &reason)
            })?),
        };
        let read = self.read_resource(uri).await?;
        let bytes =
            skill_check::bytes_of(&read.contents, uri).map_err(|why| self.mismatch(uri, why))?;
        if let Some(file) = listed {
            let listed = rmcp::model::SkillResource::new(&file.uri, &file.digest, file.size);
            skill_check::digest_and_size(&bytes, &listed).map_err(|why| self.mismatch(uri, why))?;
        }
        Ok(bytes)
    }

    async fn skills_request(&self, method: &str, params: Value) -> Result<Value> {
        match self.custom_request(method, params).await {
            Ok(answer) => Ok(answer),
            Err(err) => Err(self.service_error(err, method).await),
        }
    }

    fn entry(&self, raw: Value, operation: &str) -> Result<Skill> {
        Skill::from_entry(raw).map_err(|why| self.protocol_error(operation, why))
    }

    /// A file that disagrees with the listing.
    fn mismatch(&self, uri: &str, why: String) -> Error {
        let reason = format!(
            "{why}: the server's listing and its file disagree; list the skills again, and tell \
             the server's maintainers if it persists"
        );
        self.rejected(uri, &reason)
    }

    fn rejected(&self, uri: &str, reason: &str) -> Error {
        Error::SkillRejected {
            target: self.target().to_string(),
            uri: uri.to_string(),
            reason: reason.to_string(),
        }
    }
}

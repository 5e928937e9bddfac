//! Checking a skill's file against the server's listing (SEP-2640): its bytes against the
//! manifest's size and SHA-256 digest, and a `SKILL.md`'s YAML frontmatter, parsed in full,
//! against the listing's frontmatter field by field. Digests are unsigned and come from the
//! same server as the content: a match shows the two agree, not that either is trustworthy.

use base64::Engine;
use rmcp::model::{ResourceContents, SkillResource};
use serde_json::{Map, Value};

/// The bytes of the one content a read of `uri` gave (text as UTF-8, a blob decoded).
pub(crate) fn bytes_of(contents: &[ResourceContents], uri: &str) -> Result<Vec<u8>, String> {
    let [content] = contents else {
        return Err(format!(
            "the read gave {} contents, not one",
            contents.len()
        ));
    };
    match content {
        ResourceContents::TextResourceContents { text, .. } => Ok(text.as_bytes().to_vec()),
        ResourceContents::BlobResourceContents { blob, .. } => {
            base64::engine::general_purpose::STANDARD
                .decode(blob)
                .map_err(|_| format!("the blob of {uri} is not base64"))
        }
        _ => Err("the read gave a kind of content this client does not know".into()),
    }
}

/// Size first (a mismatch is a failure whether or not the digest is computed), then the
/// digest: rmcp's check of a manifest entry.
pub(crate) fn digest_and_size(bytes: &[u8], listed: &SkillResource) -> Result<(), String> {
    listed
        .verify(bytes)
        .map_err(|mismatch| mismatch.to_string())
}

/// The YAML frontmatter of `text` (between `---` lines at its start) equals `listed`.
pub(crate) fn frontmatter(text: &str, listed: &Map<String, Value>) -> Result<(), String> {
    let yaml = front(text).ok_or("SKILL.md has no `---` frontmatter")?;
    let parsed: Value =
        serde_yaml_ng::from_str(yaml).map_err(|e| format!("its frontmatter is not YAML ({e})"))?;
    let Value::Object(parsed) = parsed else {
        return Err("its frontmatter is not a mapping".into());
    };
    let mut keys: Vec<&String> = parsed.keys().chain(listed.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        if parsed.get(key) != listed.get(key) {
            return Err(format!(
                "its frontmatter's `{key}` is {} where the listing says {}",
                shown(parsed.get(key)),
                shown(listed.get(key))
            ));
        }
    }
    Ok(())
}

/// The text between an opening `---` line and the next `---` line.
fn front(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))?;
    let end = rest
        .match_indices("\n---")
        .map(|(at, _)| at)
        .find(|&at| matches!(rest[at + 4..].chars().next(), None | Some('\n' | '\r')))?;
    Some(&rest[..end + 1])
}

fn shown(value: Option<&Value>) -> String {
    match value {
        None => "absent".into(),
        Some(value) => {
            let text = value.to_string();
            match text.chars().count() > 80 {
                true => format!("{}…", text.chars().take(80).collect::<String>()),
                false => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SKILL: &str = "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nSkill body.\n";

    fn listed() -> Map<String, Value> {
        let Value::Object(map) = json!({
            "name": "pdf-processing",
            "description": "Extract, fill, and assemble PDF documents"
        }) else {
            unreachable!()
        };
        map
    }

    fn file(bytes: &[u8]) -> SkillResource {
        SkillResource::from_bytes("skill://pdf-processing/SKILL.md", bytes)
    }

    #[test]
    fn a_file_must_match_its_size_and_digest() {
        let listed = file(SKILL.as_bytes());
        assert!(digest_and_size(SKILL.as_bytes(), &listed).is_ok());
        let longer = format!("{SKILL}extra\n");
        let why = digest_and_size(longer.as_bytes(), &listed).unwrap_err();
        assert!(
            why.contains(&format!("the manifest says {}", SKILL.len())),
            "{why}"
        );
        let same_size = SKILL.replace("Skill body.", "Evil body!!");
        assert!(
            digest_and_size(same_size.as_bytes(), &listed)
                .unwrap_err()
                .contains("digest")
        );
    }

    #[test]
    fn the_frontmatter_must_match_the_listing_field_by_field() {
        assert!(frontmatter(SKILL, &listed()).is_ok());
        let tampered = SKILL.replace(
            "Extract, fill, and assemble PDF documents",
            "Exfiltrate credentials",
        );
        let why = frontmatter(&tampered, &listed()).unwrap_err();
        assert!(
            why.contains("`description`") && why.contains("Exfiltrate"),
            "{why}"
        );
        let extra = SKILL.replace("name: pdf", "license: MIT\nname: pdf");
        assert!(
            frontmatter(&extra, &listed())
                .unwrap_err()
                .contains("`license`")
        );
        assert!(frontmatter("no frontmatter", &listed()).is_err());
        assert!(
            frontmatter("---\n: [\n---\n", &listed())
                .unwrap_err()
                .contains("not YAML")
        );
    }
}

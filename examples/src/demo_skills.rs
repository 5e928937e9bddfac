//! The demo server's skill (SEP-2640): `examples/skills/demo-orders/` (its `SKILL.md` and a
//! reference file), served by rmcp's directory catalog. Its files are read by URI and are not
//! among the server's listed resources, so the server's snapshot does not change with them.

use std::sync::OnceLock;

use rmcp::ErrorData;
use rmcp::handler::server::skill_catalog::SkillCatalog;
use rmcp::model::ReadResourceResult;

/// The skills directory, in this crate's source tree.
const SKILLS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/skills");

/// The catalog, read once.
pub fn catalog() -> Result<&'static SkillCatalog, ErrorData> {
    static CATALOG: OnceLock<Result<SkillCatalog, String>> = OnceLock::new();
    CATALOG
        .get_or_init(|| SkillCatalog::from_dir(SKILLS_DIR).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|why| ErrorData::internal_error(format!("the demo skills: {why}"), None))
}

/// A skill file's contents, if `uri` is one.
pub fn read(uri: &str) -> Result<Option<ReadResourceResult>, ErrorData> {
    if !uri.starts_with("skill://") {
        return Ok(None);
    }
    Ok(catalog()?.read_resource(uri))
}

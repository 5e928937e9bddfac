//! The `SKILLS` table (SEP-2640): each skill the snapshot recorded, with the digests approved
//! with it, for `client().load_pinned_skill(&SKILLS[i])`, which refuses a `SKILL.md` that
//! changed on the server since.

use proc_macro2::TokenStream;
use quote::quote;

use crate::snapshot::SkillDef;

/// `SKILLS`, or nothing for a snapshot without skills.
pub(crate) fn skills_table(skills: &[SkillDef]) -> TokenStream {
    if skills.is_empty() {
        return TokenStream::new();
    }
    let entries = skills.iter().map(entry);
    quote! {
        /// The skills in the snapshot, with the digests approved with it: load one with
        /// `client().load_pinned_skill(&SKILLS[i])`, which refuses a file that changed since.
        #[allow(dead_code)]
        pub const SKILLS: &[::mcp_runtime::skills::PinnedSkill] = &[#(#entries),*];
    }
}

fn entry(skill: &SkillDef) -> TokenStream {
    let uri = &skill.uri;
    let name = skill.name.as_deref().unwrap_or_default();
    let frontmatter = mcp_runtime::schema::sort_keys(&skill.raw["frontmatter"]).to_string();
    let files = match skill.raw["resources"].as_array() {
        Some(files) => {
            let files = files.iter().filter_map(|file| {
                let (uri, digest) = (file["uri"].as_str()?, file["digest"].as_str()?);
                let size = file["size"].as_u64()?;
                Some(quote!(::mcp_runtime::skills::PinnedFile::new(#uri, #digest, #size)))
            });
            quote!(::core::option::Option::Some(&[#(#files),*]))
        }
        None => quote!(::core::option::Option::None),
    };
    quote!(::mcp_runtime::skills::PinnedSkill::new(#uri, #name, #frontmatter, #files))
}

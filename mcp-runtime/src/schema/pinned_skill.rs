//! A skill as a committed snapshot recorded it (SEP-2640), with the digests approved with it:
//! what a generated client's `SKILLS` table holds. Plain data, compiled without any feature;
//! `Client::load_pinned_skill` checks a live skill against it.

/// One skill of a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PinnedSkill {
    /// The URI of its `SKILL.md`.
    pub uri: &'static str,
    /// `frontmatter.name`.
    pub name: &'static str,
    /// Its frontmatter as recorded, as JSON text.
    pub frontmatter: &'static str,
    /// Its files with their approved digests; `None` when the server generates them.
    pub files: Option<&'static [PinnedFile]>,
}

/// One file of a [`PinnedSkill`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PinnedFile {
    /// Its URI.
    pub uri: &'static str,
    /// Its approved digest (`sha256:…`).
    pub digest: &'static str,
    /// Its approved size in bytes.
    pub size: u64,
}

impl PinnedSkill {
    /// What generated code writes.
    pub const fn new(
        uri: &'static str,
        name: &'static str,
        frontmatter: &'static str,
        files: Option<&'static [PinnedFile]>,
    ) -> PinnedSkill {
        PinnedSkill {
            uri,
            name,
            frontmatter,
            files,
        }
    }
}

impl PinnedFile {
    /// What generated code writes.
    pub const fn new(uri: &'static str, digest: &'static str, size: u64) -> PinnedFile {
        PinnedFile { uri, digest, size }
    }
}

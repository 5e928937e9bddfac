//! The version bump a crate of generated bindings needs for a drift. The generated API is what
//! its version promises: a breaking change asks for a major release, a compatible one (a new
//! tool, an optional argument, a field the server may now send) a minor one, and a change to
//! text alone a patch — cosmetic changes, and security ones, which change what a model reads
//! but no type. Security changes are counted beside the bump: whatever the number, a person
//! reviews them before the release.

use std::fmt;

use mcp_runtime::schema::drift::{Change, Severity};

/// A semantic-versioning bump, from none to major.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Bump {
    /// Nothing changed.
    None,
    /// Docs only: cosmetic or security (text) changes.
    Patch,
    /// Additions old code keeps working with.
    Minor,
    /// Changes old code breaks on.
    Major,
}

impl Bump {
    /// The bump `changes` need.
    pub fn of(changes: &[Change]) -> Bump {
        let bump = |c: &Change| match c.severity {
            Severity::Breaking => Bump::Major,
            Severity::Compatible => Bump::Minor,
            _ => Bump::Patch,
        };
        changes.iter().map(bump).max().unwrap_or(Bump::None)
    }

    /// `none`, `patch`, `minor` or `major`.
    pub fn as_str(self) -> &'static str {
        match self {
            Bump::None => "none",
            Bump::Patch => "patch",
            Bump::Minor => "minor",
            Bump::Major => "major",
        }
    }
}

impl fmt::Display for Bump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(severity: Severity) -> Change {
        Change {
            tool: "t".into(),
            path: String::new(),
            kind: "k",
            severity,
            message: String::new(),
        }
    }

    #[test]
    fn the_bump_follows_the_worst_change_to_the_api() {
        let of = |severities: &[Severity]| {
            Bump::of(&severities.iter().map(|s| change(*s)).collect::<Vec<_>>())
        };
        assert_eq!(of(&[]), Bump::None);
        assert_eq!(of(&[Severity::Cosmetic]), Bump::Patch);
        // Text a model reads changed, no type did: a patch, reviewed.
        assert_eq!(of(&[Severity::Security]), Bump::Patch);
        assert_eq!(of(&[Severity::Security, Severity::Compatible]), Bump::Minor);
        assert_eq!(of(&[Severity::Compatible, Severity::Breaking]), Bump::Major);
    }
}

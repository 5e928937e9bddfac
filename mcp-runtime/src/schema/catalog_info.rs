//! The `PROMPTS` and `RESOURCES` tables that generated modules embed beside `TOOLS`: what the
//! snapshot said about the server's prompts, static resources and resource templates.

/// One prompt as recorded in the snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PromptInfo {
    /// The prompt's name on the server.
    pub name: &'static str,
    /// Its description.
    pub description: &'static str,
    /// Its arguments, in the server's order.
    pub arguments: &'static [PromptArgInfo],
}

/// One argument of a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PromptArgInfo {
    /// Its name.
    pub name: &'static str,
    /// Its description.
    pub description: &'static str,
    /// Whether the prompt needs it.
    pub required: bool,
}

/// One static resource or resource template as recorded in the snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResourceInfo {
    /// Its name.
    pub name: &'static str,
    /// The URI of a static resource, or the RFC 6570 template of a templated one.
    pub uri: &'static str,
    /// True for a template (see [`uri_template`](crate::uri_template)).
    pub template: bool,
    /// Its description.
    pub description: &'static str,
    /// Its MIME type, if the server gave one.
    pub mime_type: Option<&'static str>,
}

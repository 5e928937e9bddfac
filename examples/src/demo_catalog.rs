//! The demo server's prompt and resources: `summarize-thread` (a required and an optional
//! argument), the static resource `demo://readme`, and the template
//! `demo://greeting/{name}{?lang}`.

use rmcp::ErrorData;
use rmcp::model::{
    GetPromptRequestParams, GetPromptResult, Prompt, PromptArgument, PromptMessage, Resource,
    ResourceContents, ResourceTemplate, Role,
};

/// The static resource's URI.
pub const README_URI: &str = "demo://readme";
const GREETING_PREFIX: &str = "demo://greeting/";

pub fn prompts() -> Vec<Prompt> {
    let arguments = vec![
        PromptArgument::new("thread")
            .with_description("The conversation to summarize")
            .with_required(true),
        PromptArgument::new("style")
            .with_description("`bullets` or `prose` (the default), or `ask` to let the user choose")
            .with_required(false),
    ];
    vec![Prompt::new(
        "summarize-thread",
        Some("Ask the model to summarize a conversation."),
        Some(arguments),
    )]
}

pub fn get_prompt(request: GetPromptRequestParams) -> Result<GetPromptResult, ErrorData> {
    if request.name != "summarize-thread" {
        return Err(ErrorData::invalid_params(
            format!("no prompt `{}`", request.name),
            None,
        ));
    }
    let arguments = request.arguments.unwrap_or_default();
    let text = |key: &str| {
        arguments
            .get(key)
            .and_then(|v| v.as_str())
            .map(str::to_string)
    };
    let thread = text("thread")
        .ok_or_else(|| ErrorData::invalid_params("argument `thread` is required", None))?;
    let style = text("style").unwrap_or_else(|| "prose".into());
    let message = format!("Summarize this thread as {style}:\n\n{thread}");
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(
        Role::User,
        message,
    )]))
}

pub fn resources() -> Vec<Resource> {
    vec![
        Resource::new(README_URI, "readme")
            .with_description("What this demo server is.")
            .with_mime_type("text/markdown"),
    ]
}

pub fn templates() -> Vec<ResourceTemplate> {
    vec![
        ResourceTemplate::new("demo://greeting/{name}{?lang}", "greeting")
            .with_description("A greeting for `name`, in English or (`lang=fr`) French.")
            .with_mime_type("text/plain"),
    ]
}

pub fn read(uri: &str) -> Result<ResourceContents, ErrorData> {
    if uri == README_URI {
        let text = "# mcp-toolset demo server\n\nTools, a prompt and resources for tests.\n";
        return Ok(ResourceContents::text(text, uri).with_mime_type("text/markdown"));
    }
    let Some(rest) = uri.strip_prefix(GREETING_PREFIX) else {
        return Err(ErrorData::resource_not_found(
            format!("no resource `{uri}`"),
            None,
        ));
    };
    let (name, query) = rest.split_once('?').unwrap_or((rest, ""));
    let french = query.split('&').any(|pair| pair == "lang=fr");
    let greeting = if french { "Bonjour" } else { "Hello" };
    Ok(ResourceContents::text(
        format!("{greeting}, {}!", percent_decode(name)),
        uri,
    ))
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = bytes
            .get(at + 1..at + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[at], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                at += 3;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

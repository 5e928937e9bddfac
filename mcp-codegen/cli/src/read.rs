//! `read URI`: one resource of a live server: text contents as they are, binary ones as a
//! line naming their MIME type and size (or, with `--out FILE`, the first one's bytes written
//! there), with `--json` the whole result. The server is chosen as for `call`; exit 0, or 2
//! for usage and connection errors and for the server's refusal (its error, as it sent it).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use base64::Engine;
use clap::Args;
use mcp_runtime::model::ResourceContents;
use mcp_runtime::resources::ResourceOutput;

use crate::source::SourceArgs;

/// `mcp-codegen read`.
#[derive(Debug, Args)]
pub(crate) struct ReadArgs {
    /// The resource's URI.
    uri: String,
    /// Print the whole result as JSON (contents with their URIs and MIME types).
    #[arg(long)]
    json: bool,
    /// Write the first content (text, or a blob's bytes) to this file instead of printing.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    source: SourceArgs,
}

impl ReadArgs {
    /// Connects, reads, prints.
    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        let target = self.source.spec()?.target();
        let uri = self.uri.clone();
        let output = crate::one_request::run(&self.source, |client| {
            let uri = uri.clone();
            async move {
                let read = client.read_resource(&uri).await;
                (client, read)
            }
        });
        let output = output.with_context(|| format!("reading `{}` on {target}", self.uri))?;
        match &self.out {
            Some(path) => write(&output, path)?,
            None if self.json => crate::stdout::line(format_args!(
                "{}",
                serde_json::to_string_pretty(&output.contents).unwrap_or_default()
            ))?,
            None => print(&output)?,
        }
        Ok(ExitCode::SUCCESS)
    }
}

fn print(output: &ResourceOutput) -> std::io::Result<()> {
    for content in &output.contents {
        match content {
            ResourceContents::TextResourceContents { text, .. } => {
                crate::stdout::line(format_args!("{text}"))?
            }
            ResourceContents::BlobResourceContents {
                blob, mime_type, ..
            } => crate::stdout::line(format_args!(
                "<{} bytes of {}; write them with --out FILE>",
                blob.len() / 4 * 3,
                mime_type.as_deref().unwrap_or("binary data")
            ))?,
            other => crate::stdout::line(format_args!(
                "{}",
                serde_json::to_string(other).unwrap_or_default()
            ))?,
        }
    }
    Ok(())
}

fn write(output: &ResourceOutput, path: &PathBuf) -> anyhow::Result<()> {
    let Some(first) = output.contents.first() else {
        anyhow::bail!("the resource has no contents to write");
    };
    let bytes = match first {
        ResourceContents::TextResourceContents { text, .. } => text.clone().into_bytes(),
        ResourceContents::BlobResourceContents { blob, .. } => {
            base64::engine::general_purpose::STANDARD
                .decode(blob)
                .context("the server's blob is not valid base64")?
        }
        other => serde_json::to_vec(other)?,
    };
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

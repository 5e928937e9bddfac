//! The command's output on stdout. `print!` panics once the reader has gone
//! (`mcp-codegen generate … | head`); these return the error instead, and
//! [`run_cli`](crate::run_cli) ends quietly when it is a closed pipe.

use std::fmt::Arguments;
use std::io::{self, Write};

/// Writes `text` as it is.
pub(crate) fn text(text: Arguments<'_>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_fmt(text)?;
    out.flush()
}

/// Writes `text` and a newline.
pub(crate) fn line(text: Arguments<'_>) -> io::Result<()> {
    self::text(format_args!("{text}\n"))
}

/// Whether `err` is a write to a reader that has gone: the reader took what it wanted.
pub(crate) fn closed(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

//! What a fake returns instead of a result: a tool error, as a real server would report it
//! (`isError: true`, the message as its text).

use std::fmt;

/// A fake tool's failure; the client sees it as [`Error::Tool`](crate::Error::Tool).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeError {
    message: String,
}

/// What a fake's method returns.
pub type FakeResult<T> = Result<T, FakeError>;

impl FakeError {
    /// A tool error with this message.
    pub fn new(message: impl Into<String>) -> FakeError {
        FakeError {
            message: message.into(),
        }
    }

    /// The error of a method the fake does not implement, naming it.
    pub fn not_implemented(method: &str) -> FakeError {
        FakeError::new(format!(
            "the fake does not implement `{method}`: implement that method to answer this tool"
        ))
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for FakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FakeError {}

impl From<String> for FakeError {
    fn from(message: String) -> FakeError {
        FakeError::new(message)
    }
}

impl From<&str> for FakeError {
    fn from(message: &str) -> FakeError {
        FakeError::new(message)
    }
}

//! The last lines of what a stdio server wrote, kept for error messages: its stderr, and the
//! lines on its stdout that are no MCP message. Bounded in count and length, shared between
//! the task that reads and the connection that reports.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Longest line kept; longer ones are cut, with `…`.
const MAX_LINE: usize = 500;

#[derive(Clone)]
pub(crate) struct LastLines {
    keep: usize,
    lines: Arc<Mutex<VecDeque<String>>>,
}

impl LastLines {
    /// Keeps the last `keep` lines (none when 0).
    pub(crate) fn new(keep: usize) -> Self {
        LastLines {
            keep,
            lines: Arc::new(Mutex::new(VecDeque::with_capacity(keep))),
        }
    }

    pub(crate) fn push(&self, mut line: String) {
        if self.keep == 0 {
            return;
        }
        if let Some((at, _)) = line.char_indices().nth(MAX_LINE) {
            line.truncate(at);
            line.push('…');
        }
        let mut lines = self.lines.lock().unwrap_or_else(|p| p.into_inner());
        if lines.len() == self.keep {
            lines.pop_front();
        }
        lines.push_back(line);
    }

    /// The lines kept, oldest first.
    pub(crate) fn lines(&self) -> Vec<String> {
        let lines = self.lines.lock().unwrap_or_else(|p| p.into_inner());
        lines.iter().cloned().collect()
    }
}

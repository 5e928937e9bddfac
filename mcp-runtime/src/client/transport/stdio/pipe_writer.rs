//! The write half of a stdio session, shared by every task that writes: rmcp's session task
//! and callers of the direct path (`direct.rs`) alike.
//!
//! A message is written by the task that sends it, at once, with one non-blocking `write`:
//! no hand-off to another task for the common case of a pipe with room. What the pipe does not
//! take is queued, in order, for a drain task that waits until the pipe is writable again; a
//! message sent meanwhile queues behind it, so messages never interleave and a caller that
//! stops waiting (a timeout, a dropped future) never leaves half a line behind.

use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::net::unix::pipe;
use tokio::process::ChildStdin;
use tokio::sync::Notify;

/// The server's stdin.
pub(crate) struct PipeWriter {
    state: Mutex<State>,
    /// Wakes the drain task when the writer closes.
    closing: Notify,
}

struct State {
    /// `None` once closed: the descriptor closes when the drain task lets go of it too.
    pipe: Option<Arc<pipe::Sender>>,
    /// Bytes accepted but not yet written, in order.
    queued: Vec<u8>,
    draining: bool,
}

impl PipeWriter {
    pub(crate) fn new(stdin: ChildStdin) -> io::Result<Arc<PipeWriter>> {
        let pipe = pipe::Sender::from_owned_fd(stdin.into_owned_fd()?)?;
        Ok(Arc::new(PipeWriter {
            state: Mutex::new(State {
                pipe: Some(Arc::new(pipe)),
                queued: Vec::new(),
                draining: false,
            }),
            closing: Notify::new(),
        }))
    }

    /// Writes `bytes` (one whole message) now as far as the pipe takes them and queues the
    /// rest. Never waits. An error means the pipe is closed or broken.
    pub(crate) fn send(self: &Arc<Self>, bytes: &[u8]) -> io::Result<()> {
        let mut state = self.lock();
        let Some(pipe) = state.pipe.clone() else {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the server's stdin is closed",
            ));
        };
        let rest = if state.queued.is_empty() {
            match write_some(&pipe, bytes) {
                Ok(written) => &bytes[written..],
                Err(err) => {
                    state.pipe = None;
                    return Err(err);
                }
            }
        } else {
            bytes
        };
        if rest.is_empty() {
            return Ok(());
        }
        state.queued.extend_from_slice(rest);
        if !state.draining {
            let Ok(runtime) = tokio::runtime::Handle::try_current() else {
                return Err(io::Error::other("no tokio runtime to finish the write on"));
            };
            state.draining = true;
            runtime.spawn(drain(self.clone(), pipe));
        }
        Ok(())
    }

    /// Closes the server's stdin (MCP's signal to exit); queued bytes are dropped.
    pub(crate) fn close(&self) {
        let mut state = self.lock();
        state.pipe = None;
        state.queued = Vec::new();
        drop(state);
        self.closing.notify_one();
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Writes as much of `bytes` as the pipe takes without waiting; how much that was.
fn write_some(pipe: &pipe::Sender, bytes: &[u8]) -> io::Result<usize> {
    let mut written = 0;
    while written < bytes.len() {
        match pipe.try_write(&bytes[written..]) {
            Ok(n) => written += n,
            Err(err) if err.kind() == io::ErrorKind::WouldBlock => break,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(written)
}

/// Writes the queue out as the pipe makes room, until it is empty or the writer closes.
async fn drain(writer: Arc<PipeWriter>, pipe: Arc<pipe::Sender>) {
    loop {
        tokio::select! {
            ready = pipe.writable() => if ready.is_err() {
                writer.close();
            },
            _ = writer.closing.notified() => {}
        }
        let mut state = writer.lock();
        if state.pipe.is_none() {
            state.draining = false;
            return;
        }
        match write_some(&pipe, &state.queued) {
            Ok(written) => {
                state.queued.drain(..written);
            }
            Err(_) => state.pipe = None,
        }
        if state.queued.is_empty() || state.pipe.is_none() {
            state.draining = false;
            return;
        }
    }
}

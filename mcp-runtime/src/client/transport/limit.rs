//! The largest message a stdio server may send (`ConnectOptions::max_message_size`). rmcp drops
//! a longer line and keeps waiting for the answer it carried, so a call hung until its timeout.
//! Here the line is counted to its end without being kept, the stream fails at once, and the
//! pending call's error says how large the message was, the limit, and the setting.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, ReadBuf};

use crate::client::raw_tap::RawTap;

/// Where a transport leaves the size of the message that broke the limit (when it knows it)
/// and the limit, for the session to name in its error: `(size, limit)`.
#[derive(Clone, Default, Debug)]
pub(crate) struct Oversize(Arc<Mutex<Option<Seen>>>);

/// The size of the message that broke the limit (when known) and the limit.
type Seen = (Option<usize>, usize);

impl Oversize {
    /// The message that broke the limit, if one did.
    pub(crate) fn seen(&self) -> Option<Seen> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn record(&self, size: Option<usize>, limit: usize) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((size, limit));
    }
}

/// Passes lines of at most `limit` bytes; a longer one ends the stream with an error.
#[cfg_attr(not(feature = "stdio"), allow(dead_code))]
pub(crate) struct LimitedReader<R> {
    inner: R,
    limit: usize,
    /// Bytes of the current line so far.
    line: usize,
    /// Past the limit: counting the rest of the line, passing nothing on.
    discarding: bool,
    oversize: Oversize,
    /// Lines go to the tap while it is armed (a snapshot's listings); `pending` is the line so
    /// far.
    tap: RawTap,
    pending: Vec<u8>,
}

#[cfg_attr(not(feature = "stdio"), allow(dead_code))]
impl<R> LimitedReader<R> {
    pub(crate) fn new(inner: R, limit: usize, oversize: Oversize, tap: RawTap) -> Self {
        LimitedReader {
            inner,
            limit,
            line: 0,
            discarding: false,
            oversize,
            tap,
            pending: Vec::new(),
        }
    }

    /// While the tap is armed, hands it each complete line that passed. A line it started
    /// seeing mid-way is not JSON and is ignored by it.
    fn tap_lines(&mut self, passed: &[u8]) {
        if !self.tap.is_armed() {
            self.pending.clear();
            return;
        }
        let mut rest = passed;
        while let Some(end) = memchr::memchr(b'\n', rest) {
            self.pending.extend_from_slice(&rest[..end]);
            self.tap.received_text(&self.pending);
            self.pending.clear();
            rest = &rest[end + 1..];
        }
        self.pending.extend_from_slice(rest);
    }

    /// Counts `bytes`; returns how many of them may be passed on (those before an oversized
    /// line), or the size of the oversized line once its end is seen. Whole lines at a time:
    /// every message passes through here, so line ends are found with `memchr`.
    fn count(&mut self, bytes: &[u8]) -> Result<usize, usize> {
        let mut pass = if self.discarding { 0 } else { bytes.len() };
        let mut start = 0;
        loop {
            let end = memchr::memchr(b'\n', &bytes[start..]).map(|at| start + at);
            let stop = end.unwrap_or(bytes.len());
            if !self.discarding && self.line + (stop - start) > self.limit {
                self.discarding = true;
                // The line began `self.line` bytes before `start`, maybe in an earlier read.
                pass = start.saturating_sub(self.line);
            }
            self.line += stop - start;
            let Some(end) = end else {
                return Ok(pass);
            };
            if self.discarding {
                return Err(self.line);
            }
            self.line = 0;
            start = end + 1;
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for LimitedReader<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        loop {
            let before = buf.filled().len();
            ready!(Pin::new(&mut self.inner).poll_read(cx, buf))?;
            let read = &buf.filled()[before..];
            if read.is_empty() {
                return match self.discarding {
                    true => Poll::Ready(Err(self.too_large(self.line))),
                    false => Poll::Ready(Ok(())),
                };
            }
            let counted = self.count(read);
            match counted {
                Err(size) => {
                    // An error reads nothing: the stream ends here.
                    buf.set_filled(before);
                    return Poll::Ready(Err(self.too_large(size)));
                }
                Ok(pass) => {
                    buf.set_filled(before + pass);
                    if self.tap.is_armed() || !self.pending.is_empty() {
                        self.tap_lines(&buf.filled()[before..]);
                    }
                }
            }
            // Nothing passed on means a line is being counted: read on (an empty read would
            // say end of stream).
            if buf.filled().len() > before {
                return Poll::Ready(Ok(()));
            }
        }
    }
}

#[cfg_attr(not(feature = "stdio"), allow(dead_code))]
impl<R> LimitedReader<R> {
    fn too_large(&self, size: usize) -> std::io::Error {
        self.oversize.record(Some(size), self.limit);
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "a message of {size} bytes is over max_message_size ({} bytes)",
                self.limit
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    #[tokio::test]
    async fn lines_up_to_the_limit_pass_and_a_longer_one_fails_with_its_size() {
        let mut input = b"short\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 100));
        input.extend(b"\nnever read\n");
        let oversize = Oversize::default();
        let mut reader = LimitedReader::new(&input[..], 10, oversize.clone(), RawTap::default());
        let mut out = Vec::new();
        let err = reader.read_to_end(&mut out).await.unwrap_err();
        assert!(
            out.starts_with(b"short\n"),
            "{:?}",
            String::from_utf8_lossy(&out)
        );
        assert!(out.len() <= 6 + 10);
        assert!(err.to_string().contains("100 bytes"), "{err}");
        assert_eq!(oversize.seen(), Some((Some(100), 10)));
        let mut fine =
            LimitedReader::new(&b"a\nbb\n"[..], 2, Oversize::default(), RawTap::default());
        let mut all = Vec::new();
        fine.read_to_end(&mut all).await.unwrap();
        assert_eq!(all, b"a\nbb\n");
    }

    /// `count` as it was written first, byte by byte: (line so far, discarding) in and out.
    fn byte_by_byte(state: &mut (usize, bool), limit: usize, bytes: &[u8]) -> Result<usize, usize> {
        let (line, discarding) = state;
        let mut pass = if *discarding { 0 } else { bytes.len() };
        for (at, byte) in bytes.iter().enumerate() {
            if *byte == b'\n' {
                if *discarding {
                    return Err(*line);
                }
                *line = 0;
                continue;
            }
            *line += 1;
            if *line > limit && !*discarding {
                *discarding = true;
                pass = (at + 1).saturating_sub(*line);
            }
        }
        Ok(pass)
    }

    #[test]
    fn counting_agrees_with_the_byte_rule_however_the_reads_fall() {
        let input = b"ab\n\nabcd\nabcde\nabcdefgh\nx\nabcdefghijkl";
        for limit in 0..14 {
            for chunk in 1..=input.len() {
                let mut reader =
                    LimitedReader::new(&b""[..], limit, Oversize::default(), RawTap::default());
                let mut state = (0, false);
                for piece in input.chunks(chunk) {
                    let want = byte_by_byte(&mut state, limit, piece);
                    assert_eq!(reader.count(piece), want, "limit {limit}, reads of {chunk}");
                    assert_eq!((reader.line, reader.discarding), state);
                    if want.is_err() {
                        break;
                    }
                }
            }
        }
    }
}

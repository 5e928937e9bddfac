//! Panic containment: typify panics on some schemas; a panic becomes a one-line reason (and
//! a fallback), never a crash of the build or the proc macro, and never noise on stderr.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

thread_local! {
    /// Set while this thread runs typify: its panics are expected and reported as warnings.
    static SILENCED: Cell<bool> = const { Cell::new(false) };
}

/// Installs, once per process, a panic hook that stays quiet for threads inside [`contained`]
/// and defers to the previous hook everywhere else (the host's, in a proc macro).
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !SILENCED.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning errors and panics into a one-line reason, without printing the panic.
pub(super) fn contained<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    install_quiet_hook();
    let was = SILENCED.with(|s| s.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    SILENCED.with(|s| s.set(was));
    match result {
        Ok(result) => result.map_err(|reason| first_line(&reason)),
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(format!("typify panicked: {}", first_line(&message)))
        }
    }
}

/// The first line of a reason, without the schema dump typify's messages end in
/// (`…are not supported: {`, `…unhandled not schema Object(`).
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    let line = [": {", " Object(", ": Object", " Schema", " {"]
        .iter()
        .filter_map(|dump| line.find(dump))
        .min()
        .map_or(line, |at| &line[..at])
        .trim_end_matches([':', ' ']);
    if line.chars().count() > 160 {
        format!("{}…", line.chars().take(160).collect::<String>())
    } else {
        line.to_string()
    }
}

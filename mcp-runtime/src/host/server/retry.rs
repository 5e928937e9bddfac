//! The wait between connection attempts: exponential backoff with jitter.

use std::time::Duration;

use crate::host::config::Retry;

/// Longest wait between two attempts.
const MAX_DELAY: Duration = Duration::from_secs(30);

/// The wait before retry number `attempt` (0-based): `base × 2^attempt`, capped at 30 s, then
/// scaled by a random factor in [0.5, 1) so that many clients do not retry in lockstep.
pub(crate) fn backoff(retry: &Retry, attempt: u32) -> Duration {
    let exp = retry
        .base_delay
        .saturating_mul(1u32 << attempt.min(16))
        .min(MAX_DELAY);
    exp.mul_f64(0.5 + 0.5 * unit_random())
}

/// A number in [0, 1) that differs between calls (not for cryptography).
fn unit_random() -> f64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos(),
    );
    (hasher.finish() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_with_jitter_and_caps() {
        let retry = Retry {
            attempts: 5,
            base_delay: Duration::from_millis(100),
        };
        for attempt in 0..4 {
            let wait = backoff(&retry, attempt);
            let full = Duration::from_millis(100 << attempt);
            assert!(
                wait >= full / 2 && wait < full,
                "attempt {attempt}: {wait:?}"
            );
        }
        assert!(backoff(&retry, 40) <= MAX_DELAY);
    }
}

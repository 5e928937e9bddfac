//! Connecting with retries: exponential backoff with jitter.

use std::time::Duration;

use super::config::Retry;
use crate::{Client, ConnectOptions, Result, ServerSpec};

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

/// [`Client::connect_with`], tried `retry.attempts` times in all.
pub(crate) async fn connect_with_retry(
    spec: &ServerSpec,
    options: &ConnectOptions,
    retry: &Retry,
) -> Result<Client> {
    let mut attempt = 0;
    loop {
        match Client::connect_with(spec.clone(), options.clone()).await {
            Ok(client) => return Ok(client),
            Err(err) if attempt + 1 < retry.attempts.max(1) => {
                let wait = backoff(retry, attempt);
                tracing::debug!(server = %spec.target(), attempt, ?wait, "connect failed, retrying: {err}");
                tokio::time::sleep(wait).await;
                attempt += 1;
            }
            Err(err) => return Err(err),
        }
    }
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

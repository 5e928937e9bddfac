//! Keeping secrets out of a command line as messages, logs and `Debug` show it: a config's
//! arguments are shown as written (`${VAR}` unexpanded), and wherever they come from, the value
//! of a secret-named flag (`--api-key=…`, `--token …`), of a secret-named variable set on the
//! command line (`env STRIPE_SECRET_KEY=… node server.js`, `docker run -e API_TOKEN=…`, `MYSQL_PASS=…`) and a
//! token-shaped argument (`sk_live_…`, `ghp_…`, a JWT) are shown as `<redacted>`.

/// What a shown secret becomes.
const REDACTED: &str = "<redacted>";

/// Words that make a flag's value a secret.
const SECRET_WORDS: &[&str] = &[
    "key",
    "token",
    "secret",
    "password",
    "passwd",
    "pass",
    "pwd",
    "auth",
    "credential",
    "bearer",
    "cookie",
];

/// Prefixes of well-known token formats.
const TOKEN_PREFIXES: &[&str] = &[
    "sk_live_",
    "sk_test_",
    "rk_live_",
    "rk_test_",
    "sk-",
    "ghp_",
    "gho_",
    "ghs_",
    "ghu_",
    "github_pat_",
    "glpat-",
    "xoxb-",
    "xoxp-",
    "xapp-",
    "AKIA",
    "sbp_",
    "npm_",
];

/// `args` with secret values replaced.
pub(crate) fn redact_args(args: &[String]) -> Vec<String> {
    let mut shown = Vec::with_capacity(args.len());
    let mut value_is_secret = false;
    for arg in args {
        let was_secret = std::mem::take(&mut value_is_secret);
        if let Some((name, _)) = arg.split_once('=').filter(|(n, _)| secret_variable(n)) {
            shown.push(format!("{name}={REDACTED}"));
            continue;
        }
        if let Some((flag, _)) = arg.split_once('=').filter(|(f, _)| f.starts_with('-')) {
            if secret_name(flag) {
                shown.push(format!("{flag}={REDACTED}"));
                continue;
            }
        } else if arg.starts_with('-') && !arg.starts_with("--=") {
            value_is_secret = secret_name(arg);
            shown.push(arg.clone());
            continue;
        }
        match (was_secret || token_shaped(arg)) && !arg.is_empty() {
            true => shown.push(REDACTED.to_string()),
            false => shown.push(arg.clone()),
        }
    }
    shown
}

/// What a secret word is joined to in one word (`apikey`, `accesstoken`, `clientsecret`).
const JOINED: &[&str] = &[
    "api", "access", "private", "secret", "client", "auth", "app", "bot", "user", "refresh",
    "session", "master",
];

/// Whether a flag (`--api-key`, `--apikey`, `-Token`) names a secret; `--keyboard` and
/// `--monkey` do not.
fn secret_name(flag: &str) -> bool {
    let name = flag.trim_start_matches('-').to_ascii_lowercase();
    name.split(['-', '_', '.']).any(|word| {
        SECRET_WORDS.iter().any(|secret| {
            word == *secret
                || word
                    .strip_suffix(secret)
                    .is_some_and(|head| JOINED.contains(&head))
        })
    })
}

/// Whether `name`, before an `=`, is an environment variable's name that names a secret
/// (`STRIPE_SECRET_KEY`, `API_TOKEN`; not `DT_ENVIRONMENT`, nor a flag).
fn secret_variable(name: &str) -> bool {
    let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    identifier && secret_name(name)
}

/// Whether `arg` looks like a token of a well-known format, or a JWT.
fn token_shaped(arg: &str) -> bool {
    let known = TOKEN_PREFIXES
        .iter()
        .any(|prefix| arg.len() >= prefix.len() + 8 && arg.starts_with(prefix));
    let jwt = arg.starts_with("eyJ") && arg.split('.').count() == 3 && arg.len() > 30;
    (known || jwt) && !arg.contains('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(args: &[&str]) -> Vec<String> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        redact_args(&args)
    }

    #[test]
    fn secret_flags_and_tokens_are_redacted() {
        assert_eq!(
            shown(&[
                "--api-key=sk_live_abcdefgh123",
                "--token",
                "abc",
                "-y",
                "pkg@1.2.3"
            ]),
            [
                "--api-key=<redacted>",
                "--token",
                "<redacted>",
                "-y",
                "pkg@1.2.3"
            ]
        );
        assert_eq!(
            shown(&["run", "ghp_0123456789abcdefghij", "--apikey", "x"]),
            ["run", "<redacted>", "--apikey", "<redacted>"]
        );
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl";
        assert_eq!(shown(&["--id", jwt]), ["--id", "<redacted>"]);
    }

    #[test]
    fn secret_variables_set_on_the_command_line_are_redacted() {
        assert_eq!(
            shown(&[
                "STRIPE_SECRET_KEY=sk_test_dummy",
                "DT_ENVIRONMENT=https://x.example",
                "node"
            ]),
            [
                "STRIPE_SECRET_KEY=<redacted>",
                "DT_ENVIRONMENT=https://x.example",
                "node"
            ]
        );
        assert_eq!(
            shown(&["run", "-e", "API_TOKEN=abc", "-e", "LOG_LEVEL=debug", "img"]),
            [
                "run",
                "-e",
                "API_TOKEN=<redacted>",
                "-e",
                "LOG_LEVEL=debug",
                "img"
            ]
        );
        assert_eq!(
            shown(&["MYSQL_PASS=x", "MYSQL_PWD=y", "MYSQL_USER=root"]),
            [
                "MYSQL_PASS=<redacted>",
                "MYSQL_PWD=<redacted>",
                "MYSQL_USER=root"
            ]
        );
    }

    #[test]
    fn ordinary_arguments_are_shown() {
        let args = [
            "-y",
            "@modelcontextprotocol/server-filesystem",
            "/home/me/sk-notes",
            "--keyboard-layout=us",
            "--monkey",
            "banana",
            "--port",
            "8080",
        ];
        assert_eq!(shown(&args), args);
    }
}

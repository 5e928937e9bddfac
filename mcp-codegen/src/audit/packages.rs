//! Packages a config runs without a version: `npx -y pkg`, `uvx pkg`, `pipx run pkg`,
//! `docker run image`. Each start installs whatever the registry serves that day, so the tools
//! a model reads can change without a review (and a hijacked release runs at once). A
//! version (`pkg@1.2.3`, `pkg==1.2.3`, `image:1.2` or `@sha256:…`) pins it.

use super::problem::EntryProblem;
use super::rules;

/// Flags of `docker run` that take a value (the image is the first word that is neither).
const DOCKER_VALUE_FLAGS: &[&str] = &[
    "-e",
    "--env",
    "-v",
    "--volume",
    "--name",
    "--network",
    "--net",
    "-p",
    "--publish",
    "--mount",
    "-w",
    "--workdir",
    "-u",
    "--user",
    "--env-file",
    "--entrypoint",
    "--platform",
    "-l",
    "--label",
    "--add-host",
    "--cap-add",
    "--cap-drop",
    "--security-opt",
    "-m",
    "--memory",
    "--cpus",
    "--pull",
    "--restart",
    "--hostname",
    "-h",
    "--ulimit",
    "--tmpfs",
    "--device",
    "--log-driver",
];

/// The problem of a command that runs a package without a version, if it does.
pub(crate) fn unpinned(command: &str, args: &[String]) -> Option<EntryProblem> {
    let program = command.rsplit(['/', '\\']).next().unwrap_or(command);
    let program = program.strip_suffix(".cmd").unwrap_or(program);
    let (kind, at, spec) = match program {
        "npx" | "bunx" | "pnpx" => npm_package(args, 0)?,
        "pnpm" | "yarn" | "bun" if first(args) == Some("dlx") => npm_package(args, 1)?,
        "npm" if first(args) == Some("exec") => npm_package(args, 1)?,
        "uvx" => python_package(args, 0)?,
        "uv" if args
            .get(..2)
            .is_some_and(|a| a[0] == "tool" && a[1] == "run") =>
        {
            python_package(args, 2)?
        }
        "pipx" if first(args) == Some("run") => python_package(args, 1)?,
        "docker" | "podman" if first(args) == Some("run") => docker_image(args)?,
        _ => return None,
    };
    let pinned = match kind {
        "npm" => npm_pinned(&spec),
        "pypi" => python_pinned(&spec),
        _ => docker_pinned(&spec),
    };
    (!pinned).then(|| EntryProblem {
        rule: &rules::UNPINNED_PACKAGE,
        path: format!("/args/{at}"),
        message: format!(
            "`{program}` runs `{spec}` from {} without a version: each start may install a new release whose tools no one reviewed; {}",
            match kind { "npm" => "npm", "pypi" => "PyPI", _ => "a registry" },
            match kind {
                "npm" => "write `name@1.2.3`",
                "pypi" => "write `name==1.2.3` (or `name@1.2.3` for uvx)",
                _ => "write `image:1.2.3` or `image@sha256:…`",
            }
        ),
        excerpt: format!("{program} … {spec}"),
    })
}

fn first(args: &[String]) -> Option<&str> {
    args.first().map(String::as_str)
}

/// npx's package: `-p`/`--package` if given, else the first word that is not a flag.
fn npm_package(args: &[String], from: usize) -> Option<(&'static str, usize, String)> {
    let mut i = from;
    while i < args.len() {
        let arg = &args[i];
        if arg == "-p" || arg == "--package" {
            return args.get(i + 1).map(|p| ("npm", i + 1, p.clone()));
        }
        if let Some(p) = arg.strip_prefix("--package=") {
            return Some(("npm", i, p.to_string()));
        }
        if !arg.starts_with('-') {
            return Some(("npm", i, arg.clone()));
        }
        i += 1;
    }
    None
}

/// uvx's package: `--from X` if given, else the first word that is not a flag.
fn python_package(args: &[String], from: usize) -> Option<(&'static str, usize, String)> {
    let mut i = from;
    while i < args.len() {
        let arg = &args[i];
        if arg == "--from" || arg == "--spec" {
            return args.get(i + 1).map(|p| ("pypi", i + 1, p.clone()));
        }
        if let Some(p) = arg
            .strip_prefix("--from=")
            .or_else(|| arg.strip_prefix("--spec="))
        {
            return Some(("pypi", i, p.to_string()));
        }
        if ["--with", "--python", "-p", "--index", "--index-url"].contains(&arg.as_str()) {
            i += 2;
            continue;
        }
        if !arg.starts_with('-') {
            return Some(("pypi", i, arg.clone()));
        }
        i += 1;
    }
    None
}

fn docker_image(args: &[String]) -> Option<(&'static str, usize, String)> {
    let mut i = 1;
    while i < args.len() {
        let arg = &args[i];
        if DOCKER_VALUE_FLAGS.contains(&arg.as_str()) {
            i += 2;
            continue;
        }
        if !arg.starts_with('-') {
            return Some(("docker", i, arg.clone()));
        }
        i += 1;
    }
    None
}

/// A local path, a URL or a git source is no registry package: nothing to pin here.
fn not_registry(spec: &str) -> bool {
    spec.starts_with(['.', '/', '~'])
        || spec.contains("://")
        || spec.starts_with("file:")
        || spec.starts_with("git+")
        || spec.starts_with("github:")
}

/// `name@1.2.3` or `@scope/name@1.2.3`, an exact version (not `latest`, not a range).
fn npm_pinned(spec: &str) -> bool {
    if not_registry(spec) {
        return true;
    }
    let name_end = match spec.strip_prefix('@') {
        Some(scoped) => scoped.find('@').map(|i| i + 1),
        None => spec.find('@'),
    };
    name_end.is_some_and(|at| exact(&spec[at + 1..]))
}

fn python_pinned(spec: &str) -> bool {
    if not_registry(spec) {
        return true;
    }
    match spec.split_once("==").or_else(|| spec.split_once('@')) {
        Some((_, version)) => exact(version.trim()),
        None => false,
    }
}

fn docker_pinned(image: &str) -> bool {
    if image.contains("@sha256:") {
        return true;
    }
    let last = image.rsplit('/').next().unwrap_or(image);
    match last.split_once(':') {
        Some((_, tag)) => tag != "latest" && !tag.is_empty(),
        None => false,
    }
}

/// `1.2.3`, `v1.2.3`, `2026.8.31`: starts with a digit and has no range operator.
fn exact(version: &str) -> bool {
    let version = version.strip_prefix('v').unwrap_or(version);
    version.starts_with(|c: char| c.is_ascii_digit())
        && !version.contains(['^', '~', '>', '<', '*', 'x', ' ', '|'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pinned(command: &str, args: &[&str]) -> bool {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        unpinned(command, &args).is_none()
    }

    #[test]
    fn versions_pin_and_their_absence_is_found() {
        assert!(!pinned(
            "npx",
            &["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
        ));
        assert!(pinned(
            "npx",
            &[
                "-y",
                "@modelcontextprotocol/server-filesystem@2026.8.31",
                "/tmp"
            ]
        ));
        assert!(!pinned("npx", &["-y", "mcp-remote@latest", "https://x"]));
        assert!(!pinned("npx", &["some-server@^1.2"]));
        assert!(pinned("npx", &["./local/server.js"]));
        assert!(!pinned("uvx", &["mcp-server-fetch"]));
        assert!(pinned("uvx", &["mcp-server-fetch==2025.4.7"]));
        assert!(pinned(
            "uvx",
            &["--from", "mcp-server-git==2025.1.1", "mcp-server-git"]
        ));
        assert!(!pinned(
            "/usr/local/bin/uvx",
            &["--from", "mcp-server-git", "mcp-server-git"]
        ));
        assert!(!pinned(
            "docker",
            &[
                "run",
                "-i",
                "--rm",
                "-e",
                "TOKEN",
                "ghcr.io/github/github-mcp-server"
            ]
        ));
        assert!(pinned(
            "docker",
            &[
                "run",
                "-i",
                "--rm",
                "ghcr.io/github/github-mcp-server:0.9.1"
            ]
        ));
        assert!(!pinned("docker", &["run", "-i", "mcp/fetch:latest"]));
        assert!(pinned("node", &["server.js"]));
    }
}

//! Opening the authorization URL: `$BROWSER` when set, else the platform's opener.

use std::process::Stdio;

/// Starts the browser on `url`. The opener runs on (a browser may outlive us); it is reaped in
/// the background when it exits. An error says which command could not start.
pub(crate) fn open(url: &str) -> Result<(), String> {
    let (program, args) = opener(url);
    let mut command = tokio::process::Command::new(&program);
    command
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    match command.spawn() {
        Ok(mut child) => {
            tokio::spawn(async move {
                let _ = child.wait().await;
            });
            Ok(())
        }
        Err(err) => Err(format!("could not start `{program}` ({err})")),
    }
}

/// The command line: the first entry of `$BROWSER` (`%s` replaced by the URL, or the URL
/// appended), else `xdg-open` / `open` / `cmd /C start`.
fn opener(url: &str) -> (String, Vec<String>) {
    if let Some(browser) = std::env::var("BROWSER")
        .ok()
        .filter(|b| !b.trim().is_empty())
    {
        let first = browser.split(':').next().unwrap_or_default();
        let mut words = first.split_whitespace().map(str::to_string);
        let program = words.next().unwrap_or_default();
        let mut args: Vec<String> = words.collect();
        if args.iter().any(|a| a.contains("%s")) {
            args.iter_mut().for_each(|a| *a = a.replace("%s", url));
        } else {
            args.push(url.to_string());
        }
        return (program, args);
    }
    if cfg!(target_os = "macos") {
        ("open".into(), vec![url.into()])
    } else if cfg!(windows) {
        (
            "cmd".into(),
            vec!["/C".into(), "start".into(), String::new(), url.into()],
        )
    } else {
        ("xdg-open".into(), vec![url.into()])
    }
}

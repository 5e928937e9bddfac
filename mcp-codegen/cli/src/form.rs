//! How `call` answers a server that asks the user (elicitation): the `--answers` given, a form
//! on the terminal built from the requested schema, or — with neither — a decline.

use std::io::{BufRead, IsTerminal, Write};

use mcp_runtime::asks::{ElicitAnswer, Elicitation, ElicitationMode};
use serde_json::{Map, Value};

/// Where answers come from.
#[derive(Clone, Debug)]
pub(crate) enum Answers {
    /// `--answers JSON`: the form's content, as given.
    Given(Map<String, Value>),
    /// Ask on the terminal.
    Terminal,
    /// No terminal, no `--answers`: decline, and say how to answer.
    Decline,
}

impl Answers {
    /// `--answers` if given, else the terminal if stdin is one.
    pub(crate) fn choose(given: Option<Map<String, Value>>) -> Answers {
        match given {
            Some(content) => Answers::Given(content),
            None if std::io::stdin().is_terminal() => Answers::Terminal,
            None => Answers::Decline,
        }
    }

    /// The answer to `request`.
    pub(crate) async fn answer(self, request: Elicitation) -> ElicitAnswer {
        match self {
            Answers::Given(content) => ElicitAnswer::Accept(content),
            Answers::Decline => {
                eprintln!(
                    "declined the server's question ({}): stdin is not a terminal; pass --answers '{{...}}' to answer it",
                    request.message
                );
                ElicitAnswer::Decline
            }
            Answers::Terminal => {
                let asked = tokio::task::spawn_blocking(move || ask(&request));
                asked.await.unwrap_or(ElicitAnswer::Cancel)
            }
        }
    }
}

/// Asks on the terminal (stderr for prompts, stdin for answers); end of input cancels.
fn ask(request: &Elicitation) -> ElicitAnswer {
    eprintln!("The server asks: {}", request.message);
    let mut input = std::io::stdin().lock();
    let result = match &request.mode {
        ElicitationMode::Url { url, .. } => open_url(url, &mut input),
        _ => fill(request, &mut input),
    };
    result.unwrap_or(ElicitAnswer::Cancel)
}

fn open_url(url: &str, input: &mut impl BufRead) -> Option<ElicitAnswer> {
    eprintln!("Open {url}");
    if let Some(browser) = std::env::var_os("BROWSER").filter(|b| !b.is_empty()) {
        let _ = std::process::Command::new(browser).arg(url).spawn();
    }
    confirm(
        "Done there? [Y]es / [n]o (decline) / [c]ancel",
        input,
        Map::new(),
    )
}

/// Each field in schema order; then send, decline or cancel.
fn fill(request: &Elicitation, input: &mut impl BufRead) -> Option<ElicitAnswer> {
    let mut content = Map::new();
    for (name, schema, required) in request.fields() {
        if let Some(value) = field(name, schema, required, input)? {
            content.insert(name.to_string(), value);
        }
    }
    confirm("Send? [Y]es / [n]o (decline) / [c]ancel", input, content)
}

fn confirm(
    prompt: &str,
    input: &mut impl BufRead,
    content: Map<String, Value>,
) -> Option<ElicitAnswer> {
    let line = prompt_line(prompt, input)?;
    Some(match line.to_ascii_lowercase().as_str() {
        "" | "y" | "yes" => ElicitAnswer::Accept(content),
        "c" | "cancel" => ElicitAnswer::Cancel,
        _ => ElicitAnswer::Decline,
    })
}

/// One field, asked until the answer fits its type. `None` from the outer Option: input ended.
fn field(
    name: &str,
    schema: &Value,
    required: bool,
    input: &mut impl BufRead,
) -> Option<Option<Value>> {
    let label = schema.get("title").and_then(Value::as_str).unwrap_or(name);
    let kind = schema
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("string");
    let choices = choices(schema);
    let mut hint = if choices.is_empty() {
        kind.to_string()
    } else {
        choices.join("|")
    };
    if let Some(default) = schema.get("default") {
        hint.push_str(&format!(", default {default}"));
    }
    let mark = if required { "*" } else { "" };
    loop {
        let line = prompt_line(&format!("  {label}{mark} ({hint})"), input)?;
        if line.is_empty() && (!required || schema.get("default").is_some()) {
            return Some(None); // the schema's default (filled in when sent), or left out
        }
        match value(&line, kind, &choices) {
            Some(value) => return Some(Some(value)),
            None => eprintln!("  expected {hint}"),
        }
    }
}

fn value(line: &str, kind: &str, choices: &[String]) -> Option<Value> {
    if kind == "array" {
        // A multi-select: comma-separated choices (values or their 1-based numbers).
        let picked = line.split(',').map(str::trim).filter(|p| !p.is_empty());
        return picked
            .map(|p| pick(p, choices))
            .collect::<Option<Vec<_>>>()
            .map(Value::from);
    }
    if !choices.is_empty() {
        return pick(line, choices);
    }
    match kind {
        "boolean" => match line.to_ascii_lowercase().as_str() {
            "y" | "yes" | "true" => Some(Value::Bool(true)),
            "n" | "no" | "false" => Some(Value::Bool(false)),
            _ => None,
        },
        "integer" => line.parse::<i64>().ok().map(Value::from),
        "number" => line.parse::<f64>().ok().map(Value::from),
        _ => (!line.is_empty()).then(|| Value::String(line.to_string())),
    }
}

/// `line` as one of `choices` (its value or 1-based number); any text when there are none.
fn pick(line: &str, choices: &[String]) -> Option<Value> {
    if choices.is_empty() {
        return Some(Value::String(line.to_string()));
    }
    let picked = match line.parse::<usize>() {
        Ok(n) if (1..=choices.len()).contains(&n) => choices[n - 1].clone(),
        _ => line.to_string(),
    };
    choices.contains(&picked).then_some(Value::String(picked))
}

/// An enum's values (`enum`, or `oneOf`/`anyOf` of `const`s; for an array, its items').
fn choices(schema: &Value) -> Vec<String> {
    if let Some(items) = schema.get("items") {
        return choices(items);
    }
    let listed = schema.get("enum").and_then(Value::as_array);
    let consts = schema.get("oneOf").and_then(Value::as_array);
    let values = listed
        .into_iter()
        .flatten()
        .chain(consts.into_iter().flatten().filter_map(|c| c.get("const")));
    values
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

fn prompt_line(prompt: &str, input: &mut impl BufRead) -> Option<String> {
    eprint!("{prompt}: ");
    let _ = std::io::stderr().flush();
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
    }
}

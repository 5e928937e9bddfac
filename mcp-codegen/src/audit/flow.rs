//! Toxic flow: one agent given a tool that reads private data, one that takes in content
//! other people write, and one that sends data out. Each is harmless alone; together, text in
//! the untrusted content can have the model read the private data and send it out (the
//! "lethal trifecta", and the GitHub MCP exploit: a public issue had the agent copy private
//! repositories into a public pull request). A tool's roles come from its annotations and the
//! words of its name (and, for a bare verb such as `query`, its title and first sentence).

use serde::Serialize;
use serde_json::Value;

use super::mandates::name_words;
use crate::snapshot::ToolDef;

/// What a tool can do in a flow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Roles {
    /// Reads data the user would not publish: files, mail, messages, databases, repositories.
    pub private: bool,
    /// Takes in content others can write: web pages, search results, mail, issues, chats.
    pub untrusted: bool,
    /// Sends data out: mail, messages, posts, uploads, public issues and comments.
    pub sink: bool,
}

/// A tool of a server, named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlowTool {
    /// The server's name in the config.
    pub server: String,
    /// The tool's name.
    pub tool: String,
}

/// The three tools that make a toxic flow, and how many tools have each role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Flow {
    /// Reads private data.
    pub private: FlowTool,
    /// Takes in untrusted content.
    pub untrusted: FlowTool,
    /// Sends data out.
    pub sink: FlowTool,
    /// How many tools read private data, take in untrusted content, send out.
    pub counts: [usize; 3],
}

const READ: &[&str] = &[
    "read", "get", "list", "search", "query", "fetch", "find", "export", "download", "view",
    "show", "open", "retrieve", "lookup", "history", "diff", "log", "status", "describe", "select",
    "browse", "scan", "load", "inspect",
];
const PRIVATE: &[&str] = &[
    "file",
    "files",
    "directory",
    "document",
    "documents",
    "doc",
    "docs",
    "drive",
    "note",
    "notes",
    "calendar",
    "event",
    "events",
    "contact",
    "contacts",
    "email",
    "emails",
    "mail",
    "inbox",
    "message",
    "messages",
    "thread",
    "threads",
    "chat",
    "chats",
    "channel",
    "dm",
    "database",
    "db",
    "sql",
    "table",
    "tables",
    "record",
    "records",
    "row",
    "rows",
    "customer",
    "customers",
    "account",
    "accounts",
    "transaction",
    "transactions",
    "payment",
    "payments",
    "invoice",
    "invoices",
    "secret",
    "secrets",
    "credential",
    "credentials",
    "password",
    "vault",
    "repo",
    "repository",
    "repositories",
    "code",
    "commit",
    "commits",
    "graph",
    "memory",
    "page",
    "pages",
    "block",
    "blocks",
    "clipboard",
    "screenshot",
    "issue",
    "issues",
    "ticket",
    "tickets",
    "pull",
    "collection",
    "collections",
    "bucket",
    "object",
    "objects",
];
const OUTSIDE: &[&str] = &[
    "web",
    "url",
    "website",
    "browser",
    "navigate",
    "scrape",
    "crawl",
    "fetch",
    "http",
    "rss",
    "feed",
    "news",
    "tweet",
    "tweets",
    "reddit",
    "youtube",
    "transcript",
    "html",
    "internet",
];
const INBOUND: &[&str] = &[
    "email", "emails", "mail", "inbox", "message", "messages", "issue", "issues", "comment",
    "comments", "thread", "threads", "channel", "review", "reviews", "ticket", "tickets", "chat",
];
const SEND: &[&str] = &[
    "send",
    "post",
    "publish",
    "share",
    "upload",
    "push",
    "reply",
    "forward",
    "notify",
    "tweet",
    "sms",
    "webhook",
    "submit",
    "email",
    "mail",
    "invite",
    "broadcast",
    "comment",
    "transfer",
];
const CREATE: &[&str] = &["create", "add", "open", "make", "new", "write"];
const PUBLIC: &[&str] = &[
    "issue", "comment", "gist", "pull", "post", "message", "tweet", "review", "reply", "email",
    "mail", "sms", "release",
];

/// A tool's roles in a flow.
pub fn roles(tool: &ToolDef) -> Roles {
    let mut name = name_words(&tool.name);
    if name.len() < 2 {
        // A bare verb (`query`, `fetch`) says little: its title and first sentence say more.
        let first = tool.description.as_deref().unwrap_or_default();
        let first = first.split(['.', '\n']).next().unwrap_or_default();
        name.extend(name_words(tool.title.as_deref().unwrap_or_default()));
        name.extend(name_words(first));
    }
    let has = |set: &[&str]| name.iter().any(|w| set.contains(&w.as_str()));
    let hint =
        |key: &str| tool.raw.pointer(&format!("/annotations/{key}")) == Some(&Value::Bool(true));
    let reads = has(READ) || hint("readOnlyHint");
    let open_world = hint("openWorldHint");
    let creates_public = has(CREATE) && has(PUBLIC);
    Roles {
        private: reads && has(PRIVATE),
        untrusted: (reads || has(OUTSIDE))
            && (has(OUTSIDE) || has(INBOUND) || open_world && hint("readOnlyHint")),
        sink: (has(SEND) && !has(READ))
            || creates_public
            || open_world && !hint("readOnlyHint") && !reads,
    }
}

/// The toxic flow of one agent's tools (each with its server), if there is one: three tools,
/// distinct where the tools allow it, the first of each role in the order given.
pub fn toxic_flow(tools: &[(&str, &ToolDef)]) -> Option<Flow> {
    let classified: Vec<(usize, Roles)> = tools
        .iter()
        .enumerate()
        .map(|(i, (_, t))| (i, roles(t)))
        .collect();
    let of = |pick: fn(&Roles) -> bool| -> Vec<usize> {
        classified
            .iter()
            .filter(|(_, r)| pick(r))
            .map(|(i, _)| *i)
            .collect()
    };
    let (private, untrusted, sink) = (of(|r| r.private), of(|r| r.untrusted), of(|r| r.sink));
    let first = |list: &[usize], not: &[usize]| list.iter().copied().find(|i| !not.contains(i));
    let p = *private.first()?;
    let u = first(&untrusted, &[p]).or_else(|| untrusted.first().copied())?;
    let s = first(&sink, &[p, u]).or_else(|| sink.first().copied())?;
    let named = |i: usize| FlowTool {
        server: tools[i].0.to_string(),
        tool: tools[i].1.name.clone(),
    };
    Some(Flow {
        private: named(p),
        untrusted: named(u),
        sink: named(s),
        counts: [private.len(), untrusted.len(), sink.len()],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, annotations: Value) -> ToolDef {
        ToolDef {
            name: name.into(),
            title: None,
            description: None,
            input_schema: serde_json::json!({"type": "object"}),
            output_schema: None,
            raw: serde_json::json!({"name": name, "annotations": annotations}),
        }
    }

    fn r(name: &str) -> (bool, bool, bool) {
        let roles = roles(&tool(name, Value::Null));
        (roles.private, roles.untrusted, roles.sink)
    }

    #[test]
    fn roles_come_from_names_and_annotations() {
        assert_eq!(r("read_file"), (true, false, false));
        assert_eq!(r("slack_get_channel_history"), (true, true, false));
        assert_eq!(r("send_email"), (false, false, true));
        assert_eq!(r("sendEmail"), (false, false, true));
        assert_eq!(r("create_issue"), (false, false, true));
        assert_eq!(r("get_issue"), (true, true, false));
        assert_eq!(r("web_fetch"), (false, true, false));
        assert_eq!(r("get_current_time"), (false, false, false));
        assert_eq!(r("write_file"), (false, false, false));
        let fetch = tool(
            "fetch",
            serde_json::json!({"readOnlyHint": true, "openWorldHint": true}),
        );
        assert!(roles(&fetch).untrusted && !roles(&fetch).sink);
    }

    #[test]
    fn three_tools_make_a_flow_and_two_roles_do_not() {
        let (read, fetch, send) = (
            tool("read_file", Value::Null),
            tool("fetch_url", Value::Null),
            tool("send_email", Value::Null),
        );
        let flow = toxic_flow(&[("fs", &read), ("web", &fetch), ("mail", &send)]).unwrap();
        assert_eq!(
            (
                flow.private.tool.as_str(),
                flow.untrusted.tool.as_str(),
                flow.sink.tool.as_str()
            ),
            ("read_file", "fetch_url", "send_email")
        );
        assert_eq!(flow.counts, [1, 1, 1]);
        assert!(toxic_flow(&[("fs", &read), ("web", &fetch)]).is_none());
    }
}

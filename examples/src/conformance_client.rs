//! The MCP conformance suite's client written on `mcp-runtime` alone, no CLI: the suite runs
//! it once per scenario, the server's URL as its last argument, the scenario's name in
//! `MCP_CONFORMANCE_SCENARIO` and its context (pre-registered credentials, tokens) in
//! `MCP_CONFORMANCE_CONTEXT`. Logins use `mcp_runtime::oauth::login` with `$BROWSER` as the
//! browser; a login the server asks for again (a step-up, a new authorization server) is made
//! once more and the work done again.
//!
//! `conformance client --requirements 2026-07-28 --command target/debug/conformance_client`
//! (`cargo build -p mcp-toolset-examples --features conformance --bin conformance_client`).

use anyhow::Context;
use mcp_runtime::oauth::{LoginOptions, login};
use mcp_runtime::skills::Skill;
use mcp_runtime::{
    Client, ConnectOptions, ElicitAnswer, EnterpriseIdp, Error, OAuthSpec, ServerSpec,
};
use serde_json::{Value, json};

/// The scenario the environment names, against the URL the last argument gives. Run it on a
/// current-thread runtime: it sets the context's secrets in this process's environment, where
/// the runtime's grants read them, before anything else runs.
pub async fn run_from_env() -> anyhow::Result<()> {
    let url = std::env::args().next_back().context("the server's URL")?;
    let scenario = std::env::var("MCP_CONFORMANCE_SCENARIO").context("MCP_CONFORMANCE_SCENARIO")?;
    let context: Value = std::env::var("MCP_CONFORMANCE_CONTEXT")
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    let home = std::env::temp_dir().join(format!("conformance-client-{}", std::process::id()));
    let oauth = oauth_spec(&scenario, &context, &home)?;
    let result = run(&url, &scenario, &context, oauth).await;
    let _ = std::fs::remove_dir_all(&home);
    result
}

/// The OAuth settings a scenario's context calls for (none outside `auth/`).
fn oauth_spec(
    scenario: &str,
    context: &Value,
    home: &std::path::Path,
) -> anyhow::Result<Option<OAuthSpec>> {
    if !scenario.starts_with("auth/") {
        return Ok(None);
    }
    let field = |key: &str| context[key].as_str().map(str::to_string);
    let mut spec = OAuthSpec::default()
        .store_dir(home.join("oauth"))
        .client_metadata_url("https://conformance-test.local/client-metadata.json");
    if let Some(id) = field("client_id") {
        spec = spec.client_id(id);
    }
    if let Some(secret) = field("client_secret") {
        // SAFETY: the runtime is single-threaded and nothing runs yet; the value stays in
        // this process, where the grant reads it.
        unsafe { std::env::set_var("CONFORMANCE_CLIENT_SECRET", secret) };
        spec = spec.client_secret_env("CONFORMANCE_CLIENT_SECRET");
    }
    if let Some(pem) = field("private_key_pem") {
        std::fs::create_dir_all(home)?;
        let path = home.join("client-key.pem");
        std::fs::write(&path, pem)?;
        spec = spec.private_key_file(path);
        if let Some(alg) = field("signing_algorithm") {
            spec = spec.signing_algorithm(alg);
        }
    }
    if let (Some(issuer), Some(token)) = (field("idp_issuer"), field("idp_id_token")) {
        // SAFETY: as above.
        unsafe { std::env::set_var("IDP_ID_TOKEN", token) };
        let endpoint = field("idp_token_endpoint").unwrap_or_default();
        let client = field("idp_client_id").unwrap_or_default();
        spec = spec.enterprise(EnterpriseIdp::new(issuer, endpoint, client, "IDP_ID_TOKEN"));
    }
    if let Some(token) = field("valid_jwt") {
        // SAFETY: as above.
        unsafe { std::env::set_var("WORKLOAD_TOKEN", token) };
        spec = spec.workload_token_env("WORKLOAD_TOKEN");
    }
    Ok(Some(spec))
}

/// Logs in where the scenario needs it, then does the scenario's work, logging in once more
/// when the server asks for it (a step-up, a move to another authorization server).
async fn run(
    url: &str,
    scenario: &str,
    context: &Value,
    oauth: Option<OAuthSpec>,
) -> anyhow::Result<()> {
    let Some(spec) = oauth else {
        return Ok(work(ServerSpec::http(url).into(), scenario, context).await?);
    };
    let options = LoginOptions::default();
    login(url, &spec, &options).await?;
    let server: ServerSpec = ServerSpec::http(url).oauth(spec.clone()).into();
    match work(server.clone(), scenario, context).await {
        Err(Error::LoginRequired { scopes, .. }) => {
            let again = if scopes.is_empty() {
                spec
            } else {
                spec.scopes(scopes)
            };
            login(url, &again, &options).await?;
            Ok(work(server, scenario, context).await?)
        }
        other => Ok(other?),
    }
}

/// One session: what a user of the runtime does in this scenario.
async fn work(server: ServerSpec, scenario: &str, context: &Value) -> mcp_runtime::Result<()> {
    let answers = match scenario {
        "sep-2322-client-request-state" => Some(json!({"confirmed": true})),
        _ => None,
    };
    let options = ConnectOptions::default().on_elicitation(move |request| {
        let given = answers.clone();
        async move {
            match given {
                Some(Value::Object(content)) => ElicitAnswer::Accept(content),
                // Accept the form as it comes: every field takes its schema default.
                _ => ElicitAnswer::Accept(request.defaults()),
            }
        }
    });
    let client = Client::connect_with(server, options).await?;
    let done = steps(&client, scenario, context).await;
    client.close().await;
    done
}

async fn steps(client: &Client, scenario: &str, context: &Value) -> mcp_runtime::Result<()> {
    match scenario {
        "tools_call" => call(client, "add_numbers", json!({"a": 5, "b": 3})).await,
        "elicitation-sep1034-client-defaults" => {
            call(client, "test_client_elicitation_defaults", json!({})).await
        }
        "sse-retry" => call(client, "test_reconnection", json!({})).await,
        "json-schema-2020-12-preservation" => echo_schema(client).await,
        "sep-2322-client-request-state" => {
            for tool in [
                "test_mrtr_echo_state",
                "test_mrtr_no_state",
                "test_mrtr_unrelated",
                "test_mrtr_no_result_type",
            ] {
                call(client, tool, json!({})).await?;
            }
            Ok(())
        }
        "http-custom-headers" => {
            for each in context["toolCalls"].as_array().into_iter().flatten() {
                call(
                    client,
                    each["name"].as_str().unwrap_or_default(),
                    each["arguments"].clone(),
                )
                .await?;
            }
            Ok(())
        }
        "http-standard-headers" | "http-invalid-tool-headers" => everything(client).await,
        "sep-2640-client-no-prefetch" => client.list_skills().await.map(drop),
        s if s.starts_with("sep-2640-client-verify") => load_every_skill(client).await,
        s if s.starts_with("auth/scope-step-up") => {
            let tools = client.list_tools().await?;
            match tools.first() {
                Some(tool) => call(client, &tool.name, json!({})).await,
                None => Ok(()),
            }
        }
        _ => client.list_tools().await.map(drop),
    }
}

async fn call(client: &Client, tool: &str, arguments: Value) -> mcp_runtime::Result<()> {
    client.call_tool(tool, arguments).await.map(drop)
}

async fn echo_schema(client: &Client) -> mcp_runtime::Result<()> {
    let listed = client
        .list_as_sent(mcp_runtime::listing::Listing::Tools)
        .await?;
    let focal = listed
        .entries
        .iter()
        .find(|tool| tool["name"] == "json_schema_2020_12_tool")
        .map(|tool| tool["inputSchema"].clone())
        .unwrap_or(Value::Null);
    call(client, "json_schema_echo", json!({"schema": focal})).await
}

/// Every tool the client keeps called, every resource read, every prompt got.
async fn everything(client: &Client) -> mcp_runtime::Result<()> {
    for tool in client.list_tools().await? {
        call(client, &tool.name, json!({})).await?;
    }
    for resource in client.list_resources().await.unwrap_or_default() {
        client.read_resource(&resource.uri).await?;
    }
    for prompt in client.list_prompts().await.unwrap_or_default() {
        client.get_prompt(&prompt.name, json!({})).await?;
    }
    Ok(())
}

/// Loads each skill; a tampered one is refused (and nothing more of it is read).
async fn load_every_skill(client: &Client) -> mcp_runtime::Result<()> {
    let skills: Vec<Skill> = client.list_skills().await?;
    for skill in &skills {
        match client.load_skill(skill).await {
            Err(Error::SkillRejected { reason, .. }) => eprintln!("refused: {reason}"),
            other => {
                other?;
            }
        }
    }
    Ok(())
}

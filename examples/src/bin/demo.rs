//! The README demo: start the demo server, list its tools, call some — two of which ask the
//! client (elicitation, sampling) — and render its prompt, read its resource template, through the typed client that `mcp_toolset!` generates from
//! the committed snapshot `examples/mcp/demo.json`.
//!
//! `cargo run -p mcp-toolset-examples --bin demo` runs this binary, which starts itself as the
//! demo server (`--serve`), so nothing else has to be built or installed.

use std::time::Duration;

use mcp_runtime::asks::{ElicitAnswer, SamplingReply};
use mcp_runtime::{ConnectOptions, ServerSpec};

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");

use demo::create_order::{Address, Customer, LineItem, Priority};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return mcp_toolset_examples::demo_server::run(&args[1..]).await;
    }

    // 1. Start the demo server (this same binary) and connect the typed client — with answers
    //    for a server that asks: a user who confirms, a model that is terse.
    let me = std::env::current_exe()?.to_string_lossy().into_owned();
    let options = ConnectOptions::default()
        .on_elicitation(|request| async move {
            println!("  the server asks: {}", request.message);
            let mut form = serde_json::Map::new();
            form.insert("confirm".into(), true.into());
            ElicitAnswer::Accept(form)
        })
        .on_sampling(|request| async move {
            let question = request
                .messages
                .last()
                .map(|m| m.text.clone())
                .unwrap_or_default();
            Ok(SamplingReply::new(
                "terse-model",
                format!(
                    "{} words asked, one answer: yes",
                    question.split_whitespace().count()
                ),
            ))
        });
    let demo = Demo::connect_with(ServerSpec::stdio(me).arg("--serve"), options).await?;
    let info = demo
        .client()
        .server_info()
        .map(|i| format!("{} {}", i.name, i.version))
        .unwrap_or_default();
    println!(
        "connected to {info} (protocol {})",
        demo.client().protocol_version()
    );

    // 2. Its tools, as the live server lists them.
    for tool in demo.client().list_tools().await? {
        println!(
            "  {:<13} {}",
            tool.name,
            tool.description.as_deref().unwrap_or("")
        );
    }

    // 3. Typed calls: required arguments are parameters, optional ones are setters.
    let sum = demo.add(2.0, 40.0).await?;
    println!("add(2, 40)           -> sum = {}", sum.sum);

    let shout = demo.echo("hello, MCP").uppercase(true).await?;
    println!("echo(…).uppercase()  -> {:?}", shout.text());

    order(&demo).await?;

    let results = demo.search("typed clients").limit(2u32).await?;
    for hit in &results.hits {
        println!(
            "search(…)            -> #{} {:?} score {:.2}",
            hit.id, hit.title, hit.score
        );
    }

    // 4. Errors are values: a tool error and a timeout.
    if let Err(err) = demo.fail("as designed").await {
        println!("fail(…)              -> Err({err})");
    }
    if let Err(err) = demo
        .sleep(2_000u64)
        .with_timeout(Duration::from_millis(100))
        .await
    {
        println!("sleep(2000)          -> Err({err})");
    }
    // 5. Tools that ask the client mid-call (elicitation, sampling): answered by the handlers
    //    above, in rounds on 2026-07-28.
    let confirmed = demo.confirm("deploy to production").await?;
    println!("confirm(…)           -> {:?}", confirmed.text());
    let sampled = demo.ask_model("Is Rust fast?").await?;
    println!("ask_model(…)         -> {:?}", sampled.text());

    // Beyond tools: a prompt (optional arguments as setters) and a resource template.
    let prompt = demo
        .summarize_thread("ann: ship it?\nbob: ship it.")
        .style("bullets")
        .await?;
    println!("summarize_thread(…)  -> {:?}", prompt.text());
    let greeting = demo.greeting("Zoë", Some("fr")).await?;
    println!("greeting(\"Zoë\", fr) -> {:?}", greeting.text());

    demo.close().await;
    Ok(())
}

/// A call with nested typed arguments: a customer with an address, a list of line items and an
/// enum set through its setter.
async fn order(demo: &Demo) -> anyhow::Result<()> {
    let address = Address {
        street: "1 Main St".into(),
        city: "Springfield".into(),
        country: "US".into(),
        postal_code: None,
    };
    let receipt = demo
        .create_order(
            Customer {
                name: "Ada".into(),
                email: None,
                address,
            },
            vec![LineItem {
                sku: "BOOK-1".into(),
                quantity: std::num::NonZeroU32::new(3).unwrap(),
                gift_wrap: false,
            }],
        )
        .priority(Priority::High)
        .await?;
    println!(
        "create_order(…)      -> {} ({} items, {:?}, status {:?}, ships to {})",
        receipt.order_id, receipt.item_count, receipt.priority, receipt.status, receipt.ship_city
    );
    Ok(())
}

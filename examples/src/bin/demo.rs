//! The README demo: start the demo server, list its tools, call some — and render its prompt,
//! read its resource template — through the typed client that `mcp_toolset!` generates from
//! the committed snapshot `examples/mcp/demo.json`.
//!
//! `cargo run -p mcp-toolset-examples --bin demo` runs this binary, which starts itself as the
//! demo server (`--serve`), so nothing else has to be built or installed.

use std::time::Duration;

use mcp_runtime::ServerSpec;

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");

use demo::create_order::{Address, Customer, LineItem, Priority};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return mcp_toolset_examples::demo_server::run(&args[1..]).await;
    }

    // 1. Start the demo server (this same binary) and connect the typed client.
    let me = std::env::current_exe()?.to_string_lossy().into_owned();
    let demo = Demo::connect(ServerSpec::stdio(me).arg("--serve")).await?;
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

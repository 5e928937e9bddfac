//! The build.rs front door: generates `$OUT_DIR/demo.rs` from the committed snapshot, used by
//! `src/bin/build_rs_client.rs`. `MCP_CODEGEN_REFRESH=1 cargo build -p mcp-toolset-examples`
//! re-takes the snapshot from the demo server first (it must be built and on PATH as
//! `demo-server`).

fn main() {
    let result = mcp_codegen::Builder::new()
        .snapshot("mcp/demo.json")
        .refresh_from(mcp_runtime_spec())
        .generate();
    if let Err(err) = result {
        eprintln!("error: {err}");
        std::process::exit(1);
    }
}

fn mcp_runtime_spec() -> mcp_codegen::ServerSpec {
    mcp_codegen::ServerSpec::stdio("demo-server").into()
}

//! The build.rs front door, used for real: typed clients for the snapshots in `mcp/`, written to
//! `$OUT_DIR` and included by `tests/typed_e2e.rs`.

fn main() {
    let generated = mcp_codegen::Builder::new()
        .snapshot("mcp/demo.json")
        .snapshot("mcp/everything.json")
        .snapshot("mcp/filesystem.json")
        .snapshot("mcp/memory.json")
        .snapshot("mcp/time.json")
        .generate();
    if let Err(err) = generated {
        eprintln!("error: {err}");
        std::process::exit(1);
    }
}

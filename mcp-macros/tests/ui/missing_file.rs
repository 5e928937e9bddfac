mcp_macros::mcp_toolset!(Demo, "mcp/no-such-snapshot.json");

fn main() {}

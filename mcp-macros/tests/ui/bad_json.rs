mcp_macros::mcp_toolset!(Demo, "../../../../mcp-macros/tests/ui/fixtures/bad.json");

fn main() {}

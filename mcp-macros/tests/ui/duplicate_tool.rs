mcp_macros::mcp_toolset!(Demo, "../../../../mcp-macros/tests/ui/fixtures/duplicate.json");

fn main() {}

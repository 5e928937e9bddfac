mcp_macros::mcp_toolset!(Demo, "../../../../mcp-macros/tests/ui/fixtures/bad_schema.json");

fn main() {}

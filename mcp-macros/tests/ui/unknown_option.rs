mcp_macros::mcp_toolset!(Time, "../../../../mcp-macros/tests/ui/fixtures/time.json", colour = "blue");

fn main() {}

mcp_macros::mcp_toolset!(Time, "../../../../mcp-macros/tests/ui/fixtures/time.json", tools = "get_current_time");

fn main() {}

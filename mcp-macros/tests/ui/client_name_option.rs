mcp_macros::mcp_toolset!(Time, "../../../../mcp-macros/tests/ui/fixtures/time.json", client_name = "Other");

fn main() {}

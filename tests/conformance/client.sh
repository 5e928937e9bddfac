#!/usr/bin/env bash
# The MCP conformance suite's client (`conformance client --command tests/conformance/client.sh`):
# for each scenario, what a user of `mcp-codegen` would type. The suite appends the server's URL
# and names the scenario in $MCP_CONFORMANCE_SCENARIO; $MCP_CODEGEN is the binary under test.
set -euo pipefail
url="${*: -1}"
cli="${MCP_CODEGEN:?set MCP_CODEGEN to the mcp-codegen binary}"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
# Logins go to a home of their own, approved at once by a browser that follows redirects.
export XDG_CONFIG_HOME="$home"
export BROWSER="$(dirname "$0")/../oauth/browser.py"
case "$MCP_CONFORMANCE_SCENARIO" in
  initialize) "$cli" snapshot --out "$home/snapshot.json" --url "$url" ;;
  tools_call) "$cli" call add_numbers a=5 b=3 --url "$url" ;;
  # Accept the form as it comes: every field takes its schema default.
  elicitation-sep1034-client-defaults) "$cli" call test_client_elicitation_defaults --answers '{}' --url "$url" ;;
  sse-retry) "$cli" call test_reconnection --url "$url" ;;
  auth/*)
    "$cli" login "$url"
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    ;;
  *) echo "client.sh: no steps for scenario $MCP_CONFORMANCE_SCENARIO" >&2; exit 2 ;;
esac

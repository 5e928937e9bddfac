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
  # Credentials registered beforehand come in the scenario's context: the client-credentials
  # grant, no browser.
  auth/pre-registration | auth/client-credentials-basic)
    context=${MCP_CONFORMANCE_CONTEXT:-"{}"}
    client_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_id"])' "$context")
    CONFORMANCE_CLIENT_SECRET=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["client_secret"])' "$context")
    export CONFORMANCE_CLIENT_SECRET
    "$cli" login "$url" --client-id "$client_id" --client-secret-env CONFORMANCE_CLIENT_SECRET
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    ;;
  # A tool call needs more scopes than the listing did (403 insufficient_scope). On a terminal
  # (`script` gives it one) the CLI logs in again for the scopes granted and those asked, and
  # calls again.
  auth/scope-step-up)
    "$cli" login "$url" --client-metadata-url https://conformance-test.local/client-metadata.json
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    tool=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tools"][0]["name"])' "$home/snapshot.json")
    env -u CI script -qec "$(printf '%q ' "$cli" call "$tool" --url "$url")" /dev/null < /dev/null
    ;;
  # A client whose private key signs its assertion (private_key_jwt): the key comes in the
  # scenario's context; it goes to a 0600 file, as a user would keep it.
  auth/client-credentials-jwt)
    context=${MCP_CONFORMANCE_CONTEXT:-"{}"}
    field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$context" "$1"; }
    (umask 077 && field private_key_pem > "$home/client-key.pem")
    "$cli" login "$url" --client-id "$(field client_id)" --private-key-file "$home/client-key.pem" \
      --signing-alg "$(field signing_algorithm)"
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    ;;
  # Cross-app access: the enterprise identity provider's ID token (in the scenario's context)
  # becomes this server's token; the client's secret at the server's authorization server too.
  auth/cross-app-access-complete-flow | auth/enterprise-managed-authorization)
    context=${MCP_CONFORMANCE_CONTEXT:-"{}"}
    field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$context" "$1"; }
    IDP_ID_TOKEN=$(field idp_id_token) CONFORMANCE_CLIENT_SECRET=$(field client_secret) \
      "$cli" login "$url" --idp-issuer "$(field idp_issuer)" \
      --idp-token-endpoint "$(field idp_token_endpoint)" --idp-client-id "$(field idp_client_id)" \
      --id-token-env IDP_ID_TOKEN --client-id "$(field client_id)" \
      --client-secret-env CONFORMANCE_CLIENT_SECRET
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    ;;
  # Workload identity: the platform's token (in the scenario's context) in a file, as a
  # Kubernetes projected token or a CI job's OIDC token would be; no browser.
  auth/wif-jwt-bearer)
    context=${MCP_CONFORMANCE_CONTEXT:-"{}"}
    field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$context" "$1"; }
    field valid_jwt > "$home/workload-token"
    "$cli" login "$url" --client-id "$(field client_id)" --workload-token-file "$home/workload-token"
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    ;;
  # The server moves to another authorization server mid-session: the listing's 401 asks for a
  # new login, which a terminal gets at once (registering at the new server), then lists again.
  auth/authorization-server-migration)
    "$cli" login "$url" --client-metadata-url https://conformance-test.local/client-metadata.json
    env -u CI script -qec "$(printf '%q ' "$cli" snapshot --out "$home/snapshot.json" --url "$url")" /dev/null < /dev/null
    ;;
  # The suite's authorization servers that support Client ID Metadata Documents expect this
  # URL as the client id; the others get dynamic registration.
  auth/*)
    "$cli" login "$url" --client-metadata-url https://conformance-test.local/client-metadata.json
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    ;;
  # Only a listing: the tool's `$ref` to a network URI is never fetched.
  request-metadata | json-schema-ref-no-deref) "$cli" snapshot --out "$home/snapshot.json" --url "$url" ;;
  # The listed input schema, sent back whole as an argument.
  json-schema-2020-12-preservation)
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    args=$(python3 -c 'import json,sys; t={t["name"]: t for t in json.load(open(sys.argv[1]))["tools"]}; print(json.dumps({"schema": t["json_schema_2020_12_tool"]["inputSchema"]}))' "$home/snapshot.json")
    "$cli" call json_schema_echo "$args" --url "$url"
    ;;
  # Multi round-trip tool calls, the server's questions answered on the command line.
  sep-2322-client-request-state)
    for tool in test_mrtr_echo_state test_mrtr_no_state test_mrtr_unrelated test_mrtr_no_result_type; do
      "$cli" call "$tool" --answers '{"confirmed": true}' --url "$url"
    done
    ;;
  # The calls the scenario's context names, with their arguments as given.
  http-custom-headers)
    python3 -c 'import json,sys; [print(c["name"] + "\t" + json.dumps(c["arguments"])) for c in json.loads(sys.argv[1])["toolCalls"]]' \
      "${MCP_CONFORMANCE_CONTEXT:?}" | while IFS=$'\t' read -r tool args; do
      "$cli" call "$tool" "$args" --url "$url"
    done
    ;;
  # Everything the server lists: each tool called, each resource read, each prompt got.
  http-standard-headers | http-invalid-tool-headers)
    "$cli" snapshot --out "$home/snapshot.json" --url "$url"
    listed() { python3 -c 'import json,sys; [print(e[sys.argv[3]]) for e in json.load(open(sys.argv[1])).get(sys.argv[2]) or []]' "$home/snapshot.json" "$@"; }
    # A tool whose `x-mcp-header` is invalid is refused (the client leaves it out of the listing):
    # with those, a refusal is the expected answer, and the next tool is tried.
    refused_ok=$([ "$MCP_CONFORMANCE_SCENARIO" = http-invalid-tool-headers ] && echo true || echo false)
    listed tools name | while read -r tool; do
      "$cli" call "$tool" --url "$url" < /dev/null || $refused_ok
    done
    listed resources uri | while read -r uri; do "$cli" read "$uri" --url "$url" < /dev/null; done
    listed prompts name | while read -r prompt; do "$cli" prompt "$prompt" --url "$url" < /dev/null; done
    ;;
  # Skills: listing reads no file; loading one reads its SKILL.md, checked against the
  # listing. The verify-* servers tamper with it: the load must fail, and nothing more is read.
  sep-2640-client-no-prefetch) "$cli" skills list --url "$url" ;;
  sep-2640-client-verify-*)
    "$cli" skills list --url "$url"
    if "$cli" skills get pdf-processing --url "$url"; then
      echo "client.sh: a tampered skill was loaded" >&2; exit 1
    fi
    ;;
  *) echo "client.sh: no steps for scenario $MCP_CONFORMANCE_SCENARIO" >&2; exit 2 ;;
esac

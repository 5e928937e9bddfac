#!/usr/bin/env bash
# Re-takes the real snapshots in tests/corpus/real/ from pinned npm and PyPI servers.
#
#   tests/corpus/take.sh [SCRATCH_DIR] [NAME...]
#
# Each server is installed into SCRATCH_DIR (default: a temporary directory; npm packages with
# --ignore-scripts, PyPI packages into a venv of their own) and snapshotted over stdio with
# `mcp-codegen snapshot`. Servers that insist on credentials get dummy values: none of them is
# called, only `tools/list` is read. Not part of the test command: the snapshots are committed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch=${1:-$(mktemp -d)}
shift || true
only=" $* "
mkdir -p "$scratch/npm" "$scratch/py"
cargo build -q -p mcp-codegen || exit 2
codegen="$root/target/debug/mcp-codegen"

# name | registry | package | version | command and arguments (BIN is the installed bin dir, DIR
# the server's install dir) | env
servers=$(cat <<'TABLE'
playwright|npm|@playwright/mcp|0.0.83|BIN/playwright-mcp --headless|
chrome-devtools|npm|chrome-devtools-mcp|1.11.0|BIN/chrome-devtools-mcp|
context7|npm|@upstash/context7-mcp|4.1.1|BIN/context7-mcp|
filesystem|npm|@modelcontextprotocol/server-filesystem|2026.8.31|BIN/mcp-server-filesystem /tmp|
sequential-thinking|npm|@modelcontextprotocol/server-sequential-thinking|2026.8.31|BIN/mcp-server-sequential-thinking|
memory|npm|@modelcontextprotocol/server-memory|2026.8.31|BIN/mcp-server-memory|
everything|npm|@modelcontextprotocol/server-everything|2026.8.31|BIN/mcp-server-everything stdio|
github|npm|@modelcontextprotocol/server-github|2025.4.8|BIN/mcp-server-github|GITHUB_PERSONAL_ACCESS_TOKEN=dummy
postgres|npm|@modelcontextprotocol/server-postgres|0.6.2|BIN/mcp-server-postgres postgresql://localhost/none|
google-maps|npm|@modelcontextprotocol/server-google-maps|0.6.2|BIN/mcp-server-google-maps|GOOGLE_MAPS_API_KEY=dummy
slack|npm|@modelcontextprotocol/server-slack|2025.4.25|BIN/mcp-server-slack|SLACK_BOT_TOKEN=xoxb-dummy SLACK_TEAM_ID=T0
notion|npm|@notionhq/notion-mcp-server|2.5.2|BIN/notion-mcp-server|NOTION_TOKEN=dummy
circleci|npm|@circleci/mcp-server-circleci|0.20.0|BIN/mcp-server-circleci|CIRCLECI_TOKEN=dummy
mongodb|npm|mongodb-mcp-server|3.0.4|BIN/mongodb-mcp-server|
tavily|npm|tavily-mcp|0.2.22|BIN/tavily-mcp|TAVILY_API_KEY=dummy
gitlab|npm|@zereight/mcp-gitlab|2.1.64|BIN/mcp-gitlab|GITLAB_PERSONAL_ACCESS_TOKEN=dummy
firecrawl|npm|firecrawl-mcp|3.26.0|BIN/firecrawl-mcp|FIRECRAWL_API_KEY=fc-dummy
twilio|npm|@twilio-alpha/mcp|0.7.0|BIN/twilio-mcp-server AC00000000000000000000000000000000/SK00000000000000000000000000000000:dummy --services twilio_messaging_v1|
time|pypi|mcp-server-time|2026.10.19|BIN/mcp-server-time --local-timezone UTC|
fetch|pypi|mcp-server-fetch|2026.10.24|BIN/mcp-server-fetch|
git|pypi|mcp-server-git|2026.10.19|BIN/mcp-server-git|
arxiv|pypi|arxiv-mcp-server|0.8.2|BIN/arxiv-mcp-server --storage-path SCRATCH/arxiv|
duckduckgo|pypi|duckduckgo-mcp-server|0.7.0|BIN/duckduckgo-mcp-server|
atlassian|pypi|mcp-atlassian|0.23.1|BIN/mcp-atlassian|JIRA_URL=https://example.atlassian.net JIRA_USERNAME=dummy JIRA_API_TOKEN=dummy CONFLUENCE_URL=https://example.atlassian.net/wiki CONFLUENCE_USERNAME=dummy CONFLUENCE_API_TOKEN=dummy
excel|pypi|excel-mcp-server|2.2.2|BIN/excel-mcp-server stdio|EXCEL_FILES_PATH=/tmp
aws-documentation|pypi|awslabs.aws-documentation-mcp-server|1.2.3|BIN/awslabs.aws-documentation-mcp-server|FASTMCP_LOG_LEVEL=ERROR
digitalocean|npm|@digitalocean/mcp|1.0.70|BIN/mcp|DIGITALOCEAN_API_TOKEN=dummy
desktop-commander|npm|@wonderwhy-er/desktop-commander|0.2.52|BIN/desktop-commander|
exa|npm|exa-mcp-server|3.4.1|BIN/exa-mcp-server|EXA_API_KEY=dummy
brave-search|npm|@modelcontextprotocol/server-brave-search|0.6.2|BIN/mcp-server-brave-search|BRAVE_API_KEY=dummy
puppeteer|npm|@modelcontextprotocol/server-puppeteer|2025.5.12|BIN/mcp-server-puppeteer|
kubernetes|npm|mcp-server-kubernetes|4.1.7|BIN/mcp-server-kubernetes|
browserbase|npm|@browserbasehq/mcp-server-browserbase|2.4.3|BIN/mcp-server-browserbase|BROWSERBASE_API_KEY=dummy BROWSERBASE_PROJECT_ID=dummy
figma|npm|figma-developer-mcp|0.13.2|BIN/figma-developer-mcp --stdio|FIGMA_API_KEY=dummy
hubspot|npm|@hubspot/mcp-server|0.4.0|BIN/mcp-hubspot|PRIVATE_APP_ACCESS_TOKEN=dummy
sentry|npm|@sentry/mcp-server|0.39.0|BIN/sentry-mcp --access-token=dummy|
task-master|npm|task-master-ai|0.43.1|BIN/task-master-ai|
heroku|npm|@heroku/mcp-server|1.2.8|BIN/heroku-mcp-server|HEROKU_API_KEY=dummy
redis|npm|@modelcontextprotocol/server-redis|2025.4.25|BIN/mcp-server-redis redis://localhost:6379|
youtube-transcript|npm|@kimtaeyoon83/mcp-server-youtube-transcript|0.1.1|BIN/mcp-server-youtube-transcript|
twilio-api|npm|@twilio-alpha/mcp|0.7.0|BIN/twilio-mcp-server AC00000000000000000000000000000000/SK00000000000000000000000000000000:dummy --services twilio_api_v2010|
azure|npm|@azure/mcp|2.0.5|BIN/azmcp server start --mode all|
github-openapi|npm|@ivotoby/openapi-mcp-server @octokit/openapi@23.0.2|1.16.1|BIN/openapi-mcp-server --api-base-url https://api.github.com --openapi-spec DIR/node_modules/@octokit/openapi/generated/api.github.com.json --tag repos --tag actions --tag orgs|
apify|npm|@apify/actors-mcp-server|0.16.0|BIN/actors-mcp-server|APIFY_TOKEN=dummy
dynamodb|pypi|awslabs.dynamodb-mcp-server|2.1.8|BIN/awslabs.dynamodb-mcp-server|FASTMCP_LOG_LEVEL=ERROR AWS_REGION=us-east-1
cloudwatch|pypi|awslabs.cloudwatch-mcp-server|0.1.8|BIN/awslabs.cloudwatch-mcp-server|FASTMCP_LOG_LEVEL=ERROR AWS_REGION=us-east-1
xcodebuild|npm|xcodebuildmcp|2.7.0|BIN/xcodebuildmcp mcp|
pdf|npm|@modelcontextprotocol/server-pdf|2.0.4|BIN/mcp-pdf-server --stdio|
rootly|pypi|rootly-mcp-server|2.2.9|BIN/rootly-mcp-server --swagger-path SCRATCH/rootly-swagger.json|ROOTLY_API_TOKEN=rootly_0000000000000000000000000000000000000000 ROOTLY_SWAGGER_PATH=SCRATCH/rootly-swagger.json
TABLE
)

status=0
# rootly fetches its API description from the network when it starts unless it is given a file;
# it is given the one its repository tagged with the release (the wheel does not carry it), by flag
# and by env: its module builds a server from the env when imported, then main() from the flag.
rootly_spec="$scratch/rootly-swagger.json"
case "$only" in
  "  " | *" rootly "*)
    [ -s "$rootly_spec" ] || curl -fsSL -o "$rootly_spec" \
      https://raw.githubusercontent.com/Rootly-AI-Labs/Rootly-MCP-server/v2.2.9/src/rootly_mcp_server/data/swagger.json \
      || { echo "FAIL rootly (its API description could not be fetched)"; status=1; } ;;
esac
while IFS='|' read -r name registry package version command env; do
  [ -z "$name" ] && continue
  case "$only" in "  ") ;; *" $name "*) ;; *) continue ;; esac
  dir="$scratch/$registry/$name"
  if [ "$registry" = npm ]; then
    mkdir -p "$dir" && echo '{"private":true}' > "$dir/package.json"
    # A second word in the package column is a pinned package the command reads (a spec).
    read -ra packages <<< "$package"
    (cd "$dir" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error "${packages[0]}@$version" "${packages[@]:1}" >/dev/null 2>&1)
    bin="$dir/node_modules/.bin"
  else
    [ -x "$dir/bin/python" ] || python3 -m venv "$dir"
    "$dir/bin/pip" install --quiet --disable-pip-version-check "$package==$version" >/dev/null 2>&1
    bin="$dir/bin"
  fi
  cmd=${command//DIR/$dir}
  cmd=${cmd//BIN/$bin}
  cmd=${cmd//SCRATCH/$scratch}
  env=${env//SCRATCH/$scratch}
  # shellcheck disable=SC2086 # the command and env are word lists on purpose
  # Python servers that build defaults from sets vary with hash randomisation; pin it.
  if (cd "$scratch" && env PYTHONHASHSEED=0 $env timeout 120 "$codegen" snapshot --out "$root/tests/corpus/real/$name.json" -- $cmd); then
    echo "ok   $name ($package $version)"
  else
    echo "FAIL $name ($package $version)"; status=1
  fi
done <<< "$servers"
exit $status

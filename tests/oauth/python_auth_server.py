"""An OAuth-protected MCP server on the Python MCP SDK (`mcp` from PyPI): the SDK's own
authorization-server routes (metadata, registration, authorize, token, revoke) and bearer
middleware, with an in-memory provider that approves every authorization at once.

Usage: python_auth_server.py [--token-ttl SECS]. Prints `listening on URL` when it serves.
"""

import argparse
import secrets
import socket
import sys
import time

from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken


class ApproveAll:
    """Clients, codes and tokens in memory; `authorize` approves without asking anyone."""

    def __init__(self, ttl: int):
        self.ttl = ttl
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}

    async def get_client(self, client_id):
        return self.clients.get(client_id)

    async def register_client(self, client_info):
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client, params: AuthorizationParams) -> str:
        code = AuthorizationCode(
            code=secrets.token_urlsafe(32),
            scopes=params.scopes or [],
            expires_at=time.time() + 300,
            client_id=client.client_id,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        self.codes[code.code] = code
        return construct_redirect_uri(str(params.redirect_uri), code=code.code, state=params.state)

    async def load_authorization_code(self, client, authorization_code):
        return self.codes.get(authorization_code)

    async def exchange_authorization_code(self, client, authorization_code):
        self.codes.pop(authorization_code.code, None)
        return self._issue(client.client_id, authorization_code.scopes, authorization_code.resource)

    async def load_refresh_token(self, client, refresh_token):
        return self.refresh.get(refresh_token)

    async def exchange_refresh_token(self, client, refresh_token, scopes):
        self.refresh.pop(refresh_token.token, None)
        return self._issue(client.client_id, scopes or refresh_token.scopes, refresh_token.resource)

    async def load_access_token(self, token):
        found = self.access.get(token)
        if found is None or (found.expires_at is not None and found.expires_at < time.time()):
            return None
        return found

    async def revoke_token(self, token):
        self.access.pop(token.token, None)
        self.refresh.pop(token.token, None)

    def _issue(self, client_id, scopes, resource) -> OAuthToken:
        access = AccessToken(
            token=secrets.token_urlsafe(32),
            client_id=client_id,
            scopes=scopes,
            expires_at=int(time.time()) + self.ttl,
            resource=resource,
        )
        refresh = RefreshToken(
            token=secrets.token_urlsafe(32), client_id=client_id, scopes=scopes, resource=resource
        )
        self.access[access.token] = access
        self.refresh[refresh.token] = refresh
        return OAuthToken(
            access_token=access.token,
            expires_in=self.ttl,
            scope=" ".join(scopes),
            refresh_token=refresh.token,
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--token-ttl", type=int, default=3600)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = MCPServer(
        "python-oauth-peer",
        auth_server_provider=ApproveAll(args.token_ttl),
        auth=AuthSettings(
            issuer_url=base,
            resource_server_url=f"{base}/mcp",
            client_registration_options=ClientRegistrationOptions(
                enabled=True, valid_scopes=["notes"], default_scopes=["notes"]
            ),
            revocation_options=RevocationOptions(enabled=True),
            required_scopes=["notes"],
            validate_token_resource=True,
        ),
    )

    @server.tool()
    def shout(text: str) -> str:
        """Upper-cases the text."""
        return text.upper()

    print(f"listening on {base}/mcp", flush=True)
    server.run(transport="streamable-http", host="127.0.0.1", port=port)


if __name__ == "__main__":
    sys.exit(main())

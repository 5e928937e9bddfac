"""An OAuth-protected MCP server on the Python MCP SDK (`mcp` from PyPI): the SDK's own
authorization-server routes (metadata, registration, authorize, token, revoke) and bearer
middleware, with an in-memory provider that approves every authorization at once.

With --cimd PORT the authorization server takes client ID metadata documents instead of dynamic
registration (which it then turns off): its metadata says `client_id_metadata_document_supported`
and a client id that is an https URL is the document there, fetched and checked (its
`client_id` must be that URL; a loopback redirect may use any port, RFC 8252 §7.3). The
client's web host is stood in for by an https server on another port, under a self-signed
certificate the authorization server trusts: it serves
`https://127.0.0.1:PORT/oauth/client.json`, the document a user of mcp-toolset's login
publishes.

With --workload TOKEN_FILE the authorization server also takes workload identity (SEP-1933):
the SDK's RFC 7523 JWT-bearer grant (its `identity_assertion_enabled` route) from the
confidential client `workload-client` (secret `workload-secret`, HTTP Basic), the assertion a
token of a stand-in platform: signed ES256 by a key made at start, `iss`
https://platform.example, `aud` this authorization server, a `sub`, not expired. The platform's
token for the workload is written to TOKEN_FILE; the tool `whoami` says whose token a call
carries.

Usage: python_auth_server.py [--token-ttl SECS] [--cimd PORT] [--workload TOKEN_FILE]. Prints
`listening on URL` when it serves.
"""

import argparse
import asyncio
import datetime
import http.server
import ipaddress
import json
import secrets
import socket
import ssl
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    TokenError,
    construct_redirect_uri,
)
import mcp.server.auth.routes as auth_routes
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import InvalidRedirectUriError, OAuthClientInformationFull, OAuthToken


class ApproveAll:
    """Clients, codes and tokens in memory; `authorize` approves without asking anyone."""

    def __init__(self, ttl: int, documents=None, platform=None):
        self.ttl = ttl
        self.documents = documents
        self.platform = platform
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}

    async def get_client(self, client_id):
        if client_id.startswith("https://") and self.documents is not None:
            return await asyncio.to_thread(self.documents.client, client_id)
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

    async def exchange_identity_assertion(self, client, params) -> OAuthToken:
        if self.platform is None:
            raise TokenError(error="unsupported_grant_type", error_description="no workload identity here")
        subject = self.platform.verify(params.assertion)
        issued = self._issue(client.client_id, params.scopes or ["notes"], params.resource)
        self.access[issued.access_token].subject = subject
        self.refresh.pop(issued.refresh_token, None)
        # SEP-1933: no refresh token; the workload presents its platform's token again.
        return issued.model_copy(update={"refresh_token": None})

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


class LoopbackClient(OAuthClientInformationFull):
    """A client from a metadata document: its loopback redirects match on any port."""

    def validate_redirect_uri(self, redirect_uri):
        if redirect_uri is not None:
            asked = urllib.parse.urlsplit(str(redirect_uri))
            for allowed in self.redirect_uris or []:
                listed = urllib.parse.urlsplit(str(allowed))
                loopback = listed.hostname in ("127.0.0.1", "::1", "localhost")
                if (asked.scheme, asked.hostname, asked.path) == (
                    listed.scheme,
                    listed.hostname,
                    listed.path,
                ) and (loopback or asked.port == listed.port):
                    return redirect_uri
            raise InvalidRedirectUriError(f"Redirect URI '{redirect_uri}' not in the client's document")
        return super().validate_redirect_uri(redirect_uri)


class Documents:
    """Client ID metadata documents, fetched over https and trusted by one certificate."""

    def __init__(self, cafile: str):
        self.context = ssl.create_default_context(cafile=cafile)
        self.fetched: list[str] = []

    def client(self, client_id: str):
        with urllib.request.urlopen(client_id, context=self.context, timeout=10) as answer:
            document = json.load(answer)
        self.fetched.append(client_id)
        if document.get("client_id") != client_id:
            return None
        document["token_endpoint_auth_method"] = "none"
        document.setdefault("scope", "notes")
        return LoopbackClient.model_validate(document)


def self_signed(directory: str) -> tuple[str, str]:
    """A certificate for 127.0.0.1 and its key, written to `directory`."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = f"{directory}/cert.pem", f"{directory}/key.pem"
    with open(cert_path, "wb") as out:
        out.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_path, "wb") as out:
        out.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    return cert_path, key_path


def serve_document(directory: str, port: int) -> str:
    """Serves the client's metadata document over https on `port`; returns its URL."""
    cert, key = self_signed(directory)
    url = f"https://127.0.0.1:{port}/oauth/client.json"
    document = json.dumps(
        {
            "client_id": url,
            "client_name": "mcp-toolset",
            "redirect_uris": ["http://127.0.0.1/callback"],
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
        }
    ).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            found = self.path == "/oauth/client.json"
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            if found:
                self.wfile.write(document)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return url


def advertise_documents() -> None:
    """The SDK's metadata, saying the server takes client ID metadata documents."""
    build = auth_routes.build_metadata

    def with_documents(*args, **kwargs):
        metadata = build(*args, **kwargs)
        metadata.client_id_metadata_document_supported = True
        return metadata

    auth_routes.build_metadata = with_documents


class Platform:
    """A stand-in workload platform (a Kubernetes cluster, a CI service): it signs the
    workload's token; the authorization server trusts its key."""

    ISSUER = "https://platform.example"

    def __init__(self, audience: str):
        from cryptography.hazmat.primitives.asymmetric import ec

        self.key = ec.generate_private_key(ec.SECP256R1())
        self.audience = audience

    def token(self) -> str:
        import jwt

        now = int(time.time())
        claims = {
            "iss": self.ISSUER,
            "sub": "system:serviceaccount:ci:agent",
            "aud": self.audience,
            "iat": now,
            "exp": now + 600,
            "jti": secrets.token_urlsafe(12),
        }
        return jwt.encode(claims, self.key, algorithm="ES256", headers={"typ": "JWT"})

    def verify(self, assertion: str) -> str:
        import jwt

        try:
            claims = jwt.decode(
                assertion,
                self.key.public_key(),
                algorithms=["ES256"],
                audience=self.audience,
                issuer=self.ISSUER,
                options={"require": ["exp", "sub", "jti"]},
            )
        except jwt.PyJWTError as e:
            raise TokenError(error="invalid_grant", error_description=f"workload token refused: {e}")
        return claims["sub"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--token-ttl", type=int, default=3600)
    parser.add_argument("--cimd", type=int, metavar="PORT")
    parser.add_argument("--workload", metavar="TOKEN_FILE")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    documents = None
    platform = None
    if args.workload:
        platform = Platform(base)
        with open(args.workload, "w") as out:
            out.write(platform.token())
    if args.cimd:
        # Both TLS contexts read the certificate now: it need not outlive this block.
        with tempfile.TemporaryDirectory(prefix="cimd-") as directory:
            serve_document(directory, args.cimd)
            documents = Documents(f"{directory}/cert.pem")
        advertise_documents()
    provider = ApproveAll(args.token_ttl, documents, platform)
    if platform is not None:
        provider.clients["workload-client"] = OAuthClientInformationFull(
            client_id="workload-client",
            client_secret="workload-secret",
            token_endpoint_auth_method="client_secret_basic",
            grant_types=["urn:ietf:params:oauth:grant-type:jwt-bearer"],
            redirect_uris=None,
            scope="notes",
        )
    server = MCPServer(
        "python-oauth-peer",
        auth_server_provider=provider,
        auth=AuthSettings(
            issuer_url=base,
            resource_server_url=f"{base}/mcp",
            client_registration_options=ClientRegistrationOptions(
                enabled=args.cimd is None, valid_scopes=["notes"], default_scopes=["notes"]
            ),
            revocation_options=RevocationOptions(enabled=True),
            required_scopes=["notes"],
            validate_token_resource=True,
            identity_assertion_enabled=platform is not None,
        ),
    )

    @server.tool()
    def shout(text: str) -> str:
        """Upper-cases the text."""
        return text.upper()

    if platform is not None:

        @server.tool()
        def whoami() -> str:
            """Whose token this call carries: the client and the subject."""
            from mcp.server.auth.middleware.auth_context import get_access_token

            token = get_access_token()
            return json.dumps({"client_id": token.client_id, "subject": token.subject})

    print(f"listening on {base}/mcp", flush=True)
    server.run(transport="streamable-http", host="127.0.0.1", port=port)


if __name__ == "__main__":
    sys.exit(main())

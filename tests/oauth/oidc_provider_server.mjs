// An authorization server the project did not write — panva's `oidc-provider` (npm), with DPoP
// (RFC 9449, nonces required), dynamic registration, the authorization-code grant (its user
// `user-1` logs in and consents at once, as `tests/oauth/browser.py` would click) and the
// client-credentials grant — in front of a small MCP server that takes only DPoP-bound tokens: each POST must carry `Authorization: DPoP <token>`
// and a proof that verifies with the key the token is bound to (`cnf.jkt`), names this request
// (`htm`, `htu`) and this token (`ath`), and was not seen before. A Bearer presentation of a
// bound token is refused, as RFC 9449 §7.1 asks.
//
// The MCP side speaks the 2025-11-25 revision over streamable HTTP with JSON answers, and
// answers `server/discover` with -32601 so a client falls back to `initialize`. Its one tool,
// `whoami`, answers how the call was authorized.
//
// Usage: node oidc_provider_server.mjs NODE_MODULES_DIR [TOKEN_TTL_SECS]. The registered
// client is `agent`, its secret `agent-secret`; others register themselves. Prints
// `listening on URL` (the MCP endpoint) when it serves.

import http from 'node:http';
import crypto from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, ttl = '3600'] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(modules, path)).href);
const { Provider } = await load('oidc-provider/lib/index.js');
const { jwtVerify, EmbeddedJWK, calculateJwkThumbprint } = await load('jose/dist/webapi/index.js');

const CLIENT = { client_id: 'agent', client_secret: 'agent-secret' };

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

async function authorizationServer(resource) {
  const server = http.createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...CLIENT, grant_types: ['client_credentials'], redirect_uris: [], response_types: [] }],
    scopes: ['tools'],
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The whole table: one given replaces the provider's defaults, and an entry left out is
    // no lifetime at all.
    ttl: {
      AccessToken: Number(ttl),
      ClientCredentials: Number(ttl),
      AuthorizationCode: 60,
      Grant: 86400,
      Interaction: 600,
      RefreshToken: 86400,
      Session: 86400,
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      dPoP: { enabled: true, nonceSecret: crypto.randomBytes(32), requireNonce: () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new Error(`unknown resource ${indicator}`);
          return { scope: 'tools', audience: resource, accessTokenFormat: 'opaque' };
        },
      },
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url.startsWith('/interaction/')) return approve(provider, req, res);
    return callback(req, res);
  });
  return { provider, issuer };
}

/** The user logs in as `user-1` and grants what the client asked for, without a page. */
async function approve(provider, req, res) {
  try {
    const details = await provider.interactionDetails(req, res);
    const accountId = details.session?.accountId || 'user-1';
    let result = { login: { accountId } };
    if (details.prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: details.params.client_id });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes || {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  } catch (e) {
    res.writeHead(500);
    res.end(String(e));
  }
}

const seen = new Set();

/** The client id a request's DPoP-bound token was issued to, or why it is refused. */
async function authorize(provider, req, url) {
  const [scheme, token] = (req.headers.authorization || '').split(' ');
  if (!token) return { refused: 'no token' };
  const issued =
    (await provider.ClientCredentials.find(token)) || (await provider.AccessToken.find(token));
  if (!issued) return { refused: 'unknown token' };
  if (!issued.jkt) return { refused: 'this server takes DPoP-bound tokens only' };
  if (scheme !== 'DPoP') return { refused: 'the token is bound: present it with DPoP' };
  const proof = req.headers.dpop;
  if (!proof) return { refused: 'no DPoP proof' };
  try {
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
      maxTokenAge: '60s',
    });
    const ath = crypto.createHash('sha256').update(token).digest('base64url');
    if (payload.htm !== 'POST' || payload.htu !== url || payload.ath !== ath) {
      return { refused: 'the proof names another request or token' };
    }
    if (seen.has(payload.jti)) return { refused: 'a proof used twice' };
    seen.add(payload.jti);
    if ((await calculateJwkThumbprint(protectedHeader.jwk)) !== issued.jkt) {
      return { refused: 'the proof is signed by another key' };
    }
  } catch (e) {
    return { refused: `bad proof: ${e.message}` };
  }
  return { clientId: issued.clientId, accountId: issued.accountId, jkt: issued.jkt, scope: issued.scope };
}

function answer(id, result) {
  return { jsonrpc: '2.0', id, result };
}

function mcp(message, who) {
  const { id, method } = message;
  if (method === 'initialize') {
    return answer(id, {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'oidc-provider-dpop', version: '1.0.0' },
    });
  }
  if (method === 'tools/list') {
    const tool = { name: 'whoami', description: 'How this call was authorized.', inputSchema: { type: 'object' } };
    return answer(id, { tools: [tool] });
  }
  if (method === 'tools/call') {
    const text = JSON.stringify({
      client_id: who.clientId,
      account: who.accountId,
      scheme: 'DPoP',
      jkt: who.jkt,
      scope: who.scope,
    });
    return answer(id, { content: [{ type: 'text', text }] });
  }
  if (method === 'ping') return answer(id, {});
  return { jsonrpc: '2.0', id, error: { code: -32601, message: `method not found: ${method}` } };
}

async function main() {
  const server = http.createServer();
  const port = await listen(server);
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/mcp`;
  const { provider, issuer } = await authorizationServer(url);
  server.on('request', async (req, res) => {
    if (req.url.startsWith('/.well-known/oauth-protected-resource')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ resource: url, authorization_servers: [issuer], scopes_supported: ['tools'] }));
    }
    if (req.method !== 'POST') {
      res.writeHead(405);
      return res.end();
    }
    const who = await authorize(provider, req, url);
    if (who.refused) {
      const challenge = `DPoP error="invalid_token", error_description="${who.refused}", algs="ES256", resource_metadata="${base}/.well-known/oauth-protected-resource"`;
      res.writeHead(401, { 'www-authenticate': challenge, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'invalid_token', error_description: who.refused }));
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const message = JSON.parse(body);
    if (message.id === undefined) {
      res.writeHead(202);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(mcp(message, who)));
  });
  console.log(`listening on ${url}`);
}

main();

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from 'pino';

export const MCP_PATH = '/mcp';
export const HEALTH_PATH = '/health';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }).end(JSON.stringify(body));
}

const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * Streamable HTTP, stateless: each POST to /mcp gets a fresh server and transport, so any replica
 * can answer any request and nothing is kept between them. Answers are plain JSON (no SSE stream):
 * every tool answers once. GET /health says the process is up.
 */
export function createMcpHttpServer(createMcpServer: () => McpServer, log: Logger): Server {
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
    if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) return sendJson(res, 200, { status: 'ok' });
    if (path !== MCP_PATH) return sendJson(res, 404, { error: { status: 404, message: `Nothing at ${path}; the MCP endpoint is ${MCP_PATH}` } });
    // No sessions, so no server-initiated stream (GET) and nothing to end (DELETE).
    if (req.method !== 'POST')
      return sendJson(res, 405, rpcError(-32000, `${req.method} is not allowed; POST JSON-RPC to ${MCP_PATH}`), { Allow: 'POST' });
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      log.error({ err: error }, 'MCP request failed');
      if (!res.headersSent) sendJson(res, 500, rpcError(-32603, 'Internal server error'));
    }
  });
}

import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino, { type Logger } from 'pino';
import type { McpEnvironment } from '@app/config/mcp-environment';
import { version } from '../../../package.json';
import { createArchiveContext } from './archive-context';
import { createArchiveMcpServer } from './archive-mcp.server';
import { createMcpHttpServer, MCP_PATH } from './transports/http.transport';

export interface RunningMcp {
  /** The Streamable HTTP endpoint (http transport only). */
  url?: string;
  close(): Promise<void>;
}

/** Logs go to stderr: over stdio, stdout carries the protocol and nothing else. */
export function createMcpLogger(env: Pick<McpEnvironment, 'LOG_LEVEL'>): Logger {
  return pino({ name: 'mcp', level: env.LOG_LEVEL }, pino.destination({ dest: 2, sync: true }));
}

/** Starts the MCP server on the configured transport; e2e tests call this too. */
export async function startMcp(env: McpEnvironment, log: Logger = createMcpLogger(env)): Promise<RunningMcp> {
  const context = createArchiveContext(env);
  if (env.MCP_TRANSPORT === 'stdio') {
    const server = createArchiveMcpServer(context, version);
    await server.connect(new StdioServerTransport());
    log.info(`UAP Case Archive MCP server on stdio, reading ${env.API_BASE_URL}`);
    return { close: () => server.close() };
  }
  const http = createMcpHttpServer(() => createArchiveMcpServer(context, version), log);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(env.MCP_PORT, env.MCP_HOST, resolve);
  });
  const { port } = http.address() as AddressInfo;
  const host = env.MCP_HOST === '0.0.0.0' ? 'localhost' : env.MCP_HOST;
  const url = `http://${host}:${port}${MCP_PATH}`;
  log.info(`UAP Case Archive MCP server (Streamable HTTP) on ${url}, reading ${env.API_BASE_URL}`);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

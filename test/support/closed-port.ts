import { createServer } from 'node:net';

/** A local port nothing listens on (it was free a moment ago): where an unreachable Elasticsearch "is". */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

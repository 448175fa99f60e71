import { connect } from 'node:net';

/** What came back on one socket: the bytes, whether the server closed it, and after how long. */
export interface RawExchange {
  text: string;
  closedByServer: boolean;
  /** Each response on the socket: its status and headers (lower-case names) and body. */
  responses: { status: number; headers: Record<string, string>; body: string }[];
}

export interface RawExchangeOptions {
  /** How long a socket may stay silent and open before it counts as left hanging. */
  idleMs?: number;
  /** Half-close the socket once everything is written: a server that has answered what it could must then close it. */
  endWhenWritten?: boolean;
}

/**
 * Writes each chunk to a fresh socket, a little apart, and collects what comes back until the
 * server closes the socket or `idleMs` pass with nothing more (the socket is then left hanging).
 */
export function rawExchange(
  baseUrl: string,
  chunks: (string | Buffer)[],
  { idleMs = 2_000, endWhenWritten = false }: RawExchangeOptions = {},
): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    const finish = (closedByServer: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      resolve({ text, closedByServer, responses: parseResponses(text) });
    };
    const idle = () => {
      clearTimeout(timer);
      if (finished) return;
      timer = setTimeout(() => finish(false), idleMs);
    };
    socket.on('data', (chunk) => {
      received.push(chunk);
      idle();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) break;
        socket.write(chunk);
        await new Promise((next) => setTimeout(next, 50));
      }
      if (endWhenWritten && !socket.destroyed) socket.end();
      idle();
    });
  });
}

/** Splits HTTP/1.1 responses (Content-Length or chunked bodies, or none for 304 and HEAD-like answers). */
function parseResponses(text: string): RawExchange['responses'] {
  const responses: RawExchange['responses'] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    rest = rest.slice(end + 4);
    let body = '';
    if (headers['content-length'] !== undefined) {
      body = rest.slice(0, Number(headers['content-length']));
      rest = rest.slice(body.length);
    } else if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        const size = parseInt(rest.slice(0, lineEnd), 16);
        rest = rest.slice(lineEnd + 2);
        if (!size) {
          rest = rest.slice(2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    }
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
  }
  return responses;
}

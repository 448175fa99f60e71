import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { CachedBody } from '../response-cache/cached-body';
import { CachedReply } from '../response-cache/cached-reply';
import type { ResponseCache } from '../response-cache/response-cache';
import { ApiFastifyAdapter } from './api-fastify.adapter';
import type { ResponseEnvelope } from './response-envelope';

/** A Fastify reply that records what the adapter does with it. */
interface FakeReply {
  request: { method: string };
  sent: boolean;
  payload: unknown;
  status: jest.Mock;
  header: jest.Mock;
  getHeader(name: string): string | undefined;
  send: jest.Mock;
}

function fakeReply(method = 'GET'): { reply: FakeReply; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply: FakeReply = {
    request: { method },
    sent: false,
    payload: undefined,
    status: jest.fn(() => reply),
    header: jest.fn((name: string, value: string) => {
      headers[name.toLowerCase()] = value;
      return reply;
    }),
    getHeader: (name: string) => headers[name.toLowerCase()],
    send: jest.fn((payload: unknown) => {
      reply.payload = payload;
      return reply;
    }),
  };
  return { reply, headers };
}

describe('ApiFastifyAdapter.reply', () => {
  const envelope = { wrap: (body: object) => ({ version: 1, license: 'L', ...body }), licenseLink: '<https://ops.test>; rel="license"' };
  const sent: CachedReply[] = [];
  const responses = {
    send: (_request: unknown, _reply: unknown, cached: CachedReply) => {
      sent.push(cached);
      return cached.body.identity;
    },
  };
  const adapter = new ApiFastifyAdapter({}, () => ({
    envelope: envelope as unknown as ResponseEnvelope,
    responses: responses as unknown as ResponseCache,
  }));
  const call = (reply: FakeReply, body: unknown) => adapter.reply(reply as never, body);

  it('wraps a returned payload in the envelope', () => {
    const { reply } = fakeReply();
    call(reply, { status: 'ok' });
    expect(reply.payload).toEqual({ version: 1, license: 'L', status: 'ok' });
  });

  it('sends a cached reply as its stored bytes, through ResponseCache.send', () => {
    const { reply } = fakeReply();
    const cached = new CachedReply(CachedBody.ofJson({ version: 1, cases: [] }), 'MISS', 'list []');
    call(reply, cached);
    expect(sent).toContain(cached);
    expect(reply.payload).toBe(cached.body.identity);
  });

  it('passes bytes on as they are', () => {
    const { reply } = fakeReply();
    const bytes = Buffer.from('{"version":1}');
    call(reply, bytes);
    expect(reply.payload).toBe(bytes);
  });

  it('sends a stream with the license link, and none of it for HEAD', () => {
    const get = fakeReply('GET');
    call(get.reply, new StreamableFile(Readable.from(['{}\n']), { type: 'application/x-ndjson' }));
    expect(get.headers.link).toBe(envelope.licenseLink);
    expect(get.reply.payload).toBeInstanceOf(Readable);

    const head = fakeReply('HEAD');
    const stream = Readable.from(['{}\n']);
    call(head.reply, new StreamableFile(stream, { type: 'application/x-ndjson' }));
    expect(stream.destroyed).toBe(true);
    expect(head.headers['content-type']).toBe('application/x-ndjson');
    expect(head.headers.link).toBe(envelope.licenseLink);
    expect(head.reply.payload).toBe('');
  });
});

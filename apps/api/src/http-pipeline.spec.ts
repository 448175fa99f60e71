import type { FastifyReply, FastifyRequest } from 'fastify';
import { runInOrder, type RequestDuty } from './http-pipeline';

const request = {} as FastifyRequest;
const reply = {} as FastifyReply;

/** Runs the stage hook once and reports what it called done() with (or that it never did). */
function run(duties: RequestDuty[]): { done: boolean; error?: Error } {
  const result: { done: boolean; error?: Error } = { done: false };
  const hook = runInOrder(duties) as unknown as (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  hook(request, reply, (error) => Object.assign(result, { done: true, error }));
  return result;
}

describe('runInOrder', () => {
  it('runs every duty, in the order listed, and lets the request go on', () => {
    const ran: string[] = [];
    const duty =
      (name: string): RequestDuty =>
      () =>
        void ran.push(name);
    expect(run([duty('first'), duty('second'), duty('third')])).toEqual({ done: true, error: undefined });
    expect(ran).toEqual(['first', 'second', 'third']);
  });

  it('ends the request with the first error, and runs no duty after it', () => {
    const ran: string[] = [];
    const refusal = new Error('refused');
    const duties: RequestDuty[] = [() => void ran.push('a'), () => refusal, () => void ran.push('c')];
    expect(run(duties)).toEqual({ done: true, error: refusal });
    expect(ran).toEqual(['a']);
  });

  it('passes each duty the request and its reply', () => {
    const seen: unknown[] = [];
    run([(req, rep) => void seen.push(req, rep)]);
    expect(seen).toEqual([request, reply]);
  });
});

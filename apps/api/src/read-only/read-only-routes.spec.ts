import { NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MethodNotAllowed, rejectWriteMethod } from './read-only-routes';

const request = (method: string, url: string) => ({ method, url }) as FastifyRequest;

describe('rejectWriteMethod', () => {
  it('lets the read methods through', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(rejectWriteMethod(request(method, '/api/cases'))).toBeUndefined();
  });

  it('refuses a write on a served path with 405, naming the allowed methods', () => {
    const refusal = rejectWriteMethod(request('DELETE', '/api/cases/abc?x=1'));
    expect(refusal).toBeInstanceOf(MethodNotAllowed);
    expect((refusal as MethodNotAllowed).headers).toEqual({ Allow: 'GET, HEAD, OPTIONS' });
    expect((refusal as MethodNotAllowed).toApiError()).toEqual({
      status: 405,
      code: 'method_not_allowed',
      message: 'DELETE is not allowed on /api/cases/abc; this API is read-only (allowed: GET, HEAD, OPTIONS)',
    });
  });

  it('answers a write on a path the service does not serve with the usual 404', () => {
    expect(rejectWriteMethod(request('POST', '/nowhere'))).toBeInstanceOf(NotFoundException);
  });
});

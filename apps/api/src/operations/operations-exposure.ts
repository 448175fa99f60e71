import { NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OPERATIONS_ROUTES } from '../routes/api-routes';

/** The endpoints for operators rather than clients: the probes and the scrape but /health, which any load balancer may need. */
export const OPERATIONS_PATHS = OPERATIONS_ROUTES.filter((route) => route !== '/health');

/**
 * With EXPOSE_OPERATIONS=false (HTTP_PIPELINE then runs this on every request), /metrics and
 * /ready answer the usual 404 to everyone, for a deployment that would rather not show its
 * traffic figures or engine state (see docs/api-choices.md). /health, which says only that the
 * process answers, stays.
 */
export function hideOperationsEndpoint(request: FastifyRequest): NotFoundException | undefined {
  const path = request.url.split('?')[0].replace(/\/+$/, '');
  return OPERATIONS_PATHS.includes(path) ? new NotFoundException() : undefined;
}

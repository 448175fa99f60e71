import type { HealthIndicatorResult } from '@nestjs/terminus';
import { ApiError, ApiProblem } from '../errors/api-error';

/** /ready failed: which checks are down and why, in the usual error envelope. */
export class NotReadyError extends ApiProblem {
  constructor(readonly checks: HealthIndicatorResult) {
    super(
      `Not ready: ${Object.keys(checks)
        .filter((name) => checks[name].status !== 'up')
        .join(', ')} down`,
    );
    this.name = 'NotReadyError';
  }

  toApiError(): ApiError {
    return { status: 503, code: 'not_ready', message: this.message, checks: this.checks };
  }
}

import { ApiProblem, ApiError } from '../errors/api-error';

/** A key was sent but is not one the operator issued, or cannot be one. Never downgraded to keyless. */
export class InvalidApiKeyError extends ApiProblem {
  override readonly headers = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

  constructor(message: string) {
    super(message);
    this.name = 'InvalidApiKeyError';
  }

  toApiError(): ApiError {
    return { status: 401, code: 'invalid_api_key', message: this.message };
  }
}

/** Over quota; the quota hook (QuotaService.countRequest) has already set Retry-After and the RateLimit fields. */
export class RateLimitedError extends ApiProblem {
  constructor(
    readonly policy: string,
    readonly quota: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`Quota of ${quota} requests exceeded; retry in ${retryAfterSeconds} seconds. Keys with higher quotas are available from the operator.`);
    this.name = 'RateLimitedError';
  }

  toApiError(): ApiError {
    return { status: 429, code: 'rate_limited', message: this.message, policy: this.policy, quota: this.quota, retryAfter: this.retryAfterSeconds };
  }
}

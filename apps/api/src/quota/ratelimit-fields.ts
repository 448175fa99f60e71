/**
 * The RateLimit-Policy and RateLimit header fields of draft-ietf-httpapi-ratelimit-headers
 * (revisions 09/10): Structured Field lists whose items are the quoted policy name with
 * parameters. `q` is the quota and `w` the window in seconds; `r` the remaining quota and `t`
 * the seconds until it resets.
 */
export interface QuotaState {
  policy: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

export function rateLimitPolicyField(state: Pick<QuotaState, 'policy' | 'quota' | 'windowSeconds'>): string {
  return `"${state.policy}";q=${state.quota};w=${state.windowSeconds}`;
}

export function rateLimitField(state: Pick<QuotaState, 'policy' | 'remaining' | 'resetSeconds'>): string {
  return `"${state.policy}";r=${Math.max(0, state.remaining)};t=${Math.max(0, state.resetSeconds)}`;
}

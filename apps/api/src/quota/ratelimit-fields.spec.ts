import { rateLimitField, rateLimitPolicyField } from './ratelimit-fields';

describe('RateLimit header fields', () => {
  it('formats the policy as a quoted name with quota and window', () => {
    expect(rateLimitPolicyField({ policy: 'keyless', quota: 300, windowSeconds: 60 })).toBe('"keyless";q=300;w=60');
  });

  it('formats the current state with remaining quota and reset time, never negative', () => {
    expect(rateLimitField({ policy: 'acme', remaining: 12, resetSeconds: 41 })).toBe('"acme";r=12;t=41');
    expect(rateLimitField({ policy: 'acme', remaining: -3, resetSeconds: 0 })).toBe('"acme";r=0;t=0');
  });
});

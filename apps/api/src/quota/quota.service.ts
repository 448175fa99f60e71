import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppConfigService } from '@app/config';
import { MetricsService } from '../metrics/metrics.service';
import { OPERATIONS_ROUTES } from '../routes/api-routes';
import { API_KEY_FORMAT, ApiKeyRegistry } from './api-keys';
import { FailoverStore, type RateLimitStore } from './failover.store';
import { MemoryCounters } from './memory-counters';
import { InvalidApiKeyError, RateLimitedError } from './quota.errors';
import { rateLimitField, rateLimitPolicyField } from './ratelimit-fields';
import { RedisCounters } from './redis-counters';
import { QuotaRedis } from './redis.provider';

/** Operational endpoints are never counted: probes and scrapers must not eat a client's budget or be refused. */
const EXEMPT_ROUTES = new Set(OPERATIONS_ROUTES);

/** The policy a request is counted under: keyless (per client address) or an operator-issued key. */
export interface QuotaPolicy {
  name: string;
  quota: number;
  /** The counter's key in the store. */
  bucket: string;
  /** The RateLimit-Policy field, formatted once per policy rather than once per request. */
  field: string;
}

const KEYLESS_POLICY = 'keyless';

@Injectable()
export class QuotaService {
  readonly windowSeconds: number;
  readonly keylessQuota: number;
  readonly store: RateLimitStore;
  private readonly keys: ApiKeyRegistry;
  private readonly keylessField: string;
  /** Each key's RateLimit-Policy field, by key name. */
  private readonly keyFields = new Map<string, string>();
  private readonly logger = new Logger('Quota');

  constructor(
    @Inject(AppConfigService) config: AppConfigService,
    private readonly redis: QuotaRedis,
    private readonly metrics: MetricsService,
  ) {
    this.windowSeconds = config.get('QUOTA_WINDOW_SECONDS', { infer: true });
    this.keylessQuota = config.get('QUOTA_REQUESTS', { infer: true });
    this.keys = ApiKeyRegistry.load({
      API_KEYS: config.get('API_KEYS', { infer: true }),
      API_KEYS_FILE: config.get('API_KEYS_FILE', { infer: true }),
    });
    this.keylessField = rateLimitPolicyField({ policy: KEYLESS_POLICY, quota: this.keylessQuota, windowSeconds: this.windowSeconds });
    // Without Redis there is nothing to fail over from: the counters in memory are the store.
    const local = new MemoryCounters(50_000);
    this.store = redis.client
      ? new FailoverStore(redis.client, new RedisCounters(redis.client, 'uap-quota:'), local, (degraded, reason) => {
          this.metrics.quotaFallback.set(degraded ? 1 : 0);
          if (degraded) this.logger.warn(`Redis is unreachable (${reason}); counting quotas in this replica's memory until it is back`);
          else this.logger.log('Redis is reachable; quotas are shared across replicas again');
        })
      : local;
  }

  /** Connects to Redis (when configured) before the first request is counted. */
  async start(): Promise<void> {
    if (!this.redis.client) return;
    if (!(await this.redis.ready())) {
      this.metrics.quotaFallback.set(1);
      this.logger.warn('Redis is not reachable at start-up; counting quotas in memory until it is');
    }
  }

  /** Whether a route's requests go uncounted: decided once per route, when it is declared (see registerQuota). */
  isExemptRoute(url: string): boolean {
    return EXEMPT_ROUTES.has(url);
  }

  /** The policy of a request; throws 401 for a key that is present but unknown or malformed. */
  policyOf(request: FastifyRequest): QuotaPolicy {
    const key = presentedKey(request);
    if (key === undefined) return { name: KEYLESS_POLICY, quota: this.keylessQuota, bucket: `ip:${request.ip}`, field: this.keylessField };
    if (!API_KEY_FORMAT.test(key)) {
      this.metrics.invalidKeys.inc();
      throw new InvalidApiKeyError(
        'The API key is malformed: keys are 16-256 characters of letters, digits and . _ ~ + / = -. Send it as X-API-Key or Authorization: Bearer <key>, or send none for the keyless quota.',
      );
    }
    const entry = this.keys.find(key);
    if (!entry) {
      this.metrics.invalidKeys.inc();
      throw new InvalidApiKeyError('The API key is not known to this service. Send none for the keyless quota, or ask the operator for a key.');
    }
    let field = this.keyFields.get(entry.name);
    if (field === undefined) {
      field = rateLimitPolicyField({ policy: entry.name, quota: entry.quota, windowSeconds: this.windowSeconds });
      this.keyFields.set(entry.name, field);
    }
    return { name: entry.name, quota: entry.quota, bucket: `key:${entry.name}`, field };
  }

  /**
   * The onRequest hook that counts a request against its client's budget and says so in the
   * RateLimit-Policy and RateLimit fields; over the budget it answers 429 with Retry-After. A
   * callback hook: counted in memory, the whole duty is a Map update and two header strings, with
   * no promise; counted in Redis, the one round trip is pipelined with every other request's
   * count of the same tick (see QuotaRedis) and the hook resumes when it is answered.
   */
  readonly countRequest: onRequestHookHandler = (request, reply, done) => {
    let policy: QuotaPolicy;
    try {
      policy = this.policyOf(request);
    } catch (error) {
      return done(error as Error);
    }
    this.store.incr(policy.bucket, (error, result) => this.counted(policy, reply, done, error, result), this.windowMs, policy.quota);
  };

  private get windowMs(): number {
    return this.windowSeconds * 1000;
  }

  private counted(
    policy: QuotaPolicy,
    reply: FastifyReply,
    done: (error?: Error) => void,
    error: Error | null,
    result: { current: number; ttl: number } | undefined,
  ): void {
    // The failover store answers from memory when Redis fails, so an error here is not expected; it is not swallowed either.
    if (error || !result) return done(error ?? new Error('the quota store answered nothing'));
    const resetSeconds = Math.max(0, Math.ceil(result.ttl / 1000));
    const over = result.current > policy.quota;
    reply.header('RateLimit-Policy', policy.field);
    reply.header('RateLimit', rateLimitField({ policy: policy.name, remaining: policy.quota - result.current, resetSeconds }));
    if (!over) return done();
    this.metrics.rateLimited.inc({ policy: policy.name });
    reply.header('Retry-After', String(resetSeconds));
    done(new RateLimitedError(policy.name, policy.quota, resetSeconds));
  }
}

/** The key from `X-API-Key`, or from `Authorization: Bearer <key>`; other Authorization schemes are not keys. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (header !== undefined) return Array.isArray(header) ? header.join(',') : header.trim();
  const authorization = request.headers.authorization;
  const bearer = authorization?.match(/^\s*Bearer(?:\s+(.*))?$/i);
  return bearer ? (bearer[1] ?? '').trim() : undefined;
}

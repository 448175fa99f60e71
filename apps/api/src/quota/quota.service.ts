import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { AppConfigService } from '@app/config';
import { MetricsService } from '../metrics/metrics.service';
import { OPERATIONS_ROUTES } from '../routes/api-routes';
import { API_KEY_FORMAT, ApiKeyRegistry } from './api-keys';
import { FailoverStore, RateLimitStore } from './failover.store';
import { InvalidApiKeyError, RateLimitedError } from './quota.errors';
import { QuotaRedis } from './redis.provider';

// The plugin's stores are plain JavaScript without type declarations of their own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => RateLimitStore;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: unknown,
  key?: string,
) => RateLimitStore;

/** Operational endpoints are never counted: probes and scrapers must not eat a client's budget or be refused. */
const EXEMPT_ROUTES = new Set(OPERATIONS_ROUTES);
/** Never a client's bucket: those are `ip:…` or `key:…`. */
const EXEMPT_KEY = 'exempt';

/** The policy a request is counted under: keyless (per client address) or an operator-issued key. */
export interface QuotaPolicy {
  name: string;
  quota: number;
  /** The counter's key in the store. */
  bucket: string;
}

const KEYLESS_POLICY = 'keyless';

@Injectable()
export class QuotaService {
  readonly windowSeconds: number;
  readonly keylessQuota: number;
  readonly store: FailoverStore;
  private readonly keys: ApiKeyRegistry;
  private readonly policies = new WeakMap<FastifyRequest, QuotaPolicy>();
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
    const shared = redis.client ? new RedisStore(false, false, redis.client, 'uap-quota:') : undefined;
    this.store = new FailoverStore(redis.client, shared, new LocalStore(false, false, 50_000), (degraded, reason) => {
      this.metrics.quotaFallback.set(degraded ? 1 : 0);
      if (degraded) this.logger.warn(`Redis is unreachable (${reason}); counting quotas in this replica's memory until it is back`);
      else this.logger.log('Redis is reachable; quotas are shared across replicas again');
    });
  }

  /** Connects to Redis (when configured) before the first request is counted. */
  async start(): Promise<void> {
    if (!this.redis.client) return;
    if (!(await this.redis.ready())) {
      this.metrics.quotaFallback.set(1);
      this.logger.warn('Redis is not reachable at start-up; counting quotas in memory until it is');
    }
  }

  isExempt(request: FastifyRequest): boolean {
    // The route pattern (Fastify has routed the request before onRequest): no URL parsing per request.
    const route = request.routeOptions.url;
    return route !== undefined && EXEMPT_ROUTES.has(route);
  }

  /** The policy of a request; throws 401 for a key that is present but unknown or malformed. */
  policyOf(request: FastifyRequest): QuotaPolicy {
    const known = this.policies.get(request);
    if (known) return known;
    const key = presentedKey(request);
    let policy: QuotaPolicy;
    if (key === undefined) {
      policy = { name: KEYLESS_POLICY, quota: this.keylessQuota, bucket: `ip:${request.ip}` };
    } else {
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
      policy = { name: entry.name, quota: entry.quota, bucket: `key:${entry.name}` };
    }
    this.policies.set(request, policy);
    return policy;
  }

  /** Options for @fastify/rate-limit: one budget per client (address or key) across all routes. */
  pluginOptions(): RateLimitPluginOptions {
    const store = this.store;
    return {
      global: true,
      hook: 'onRequest',
      timeWindow: this.windowSeconds * 1000,
      // Exempt routes share one key that the allow list names: a list lookup, not a second route check.
      keyGenerator: (request) => (this.isExempt(request) ? EXEMPT_KEY : this.policyOf(request).bucket),
      allowList: [EXEMPT_KEY],
      max: (request) => Promise.resolve(this.policyOf(request).quota),
      store: class {
        constructor() {
          return store;
        }
      } as never,
      // The draft-spec fields are rewritten into the current draft's RateLimit-Policy/RateLimit by registerQuota.
      enableDraftSpec: true,
      onExceeded: (request) => this.metrics.rateLimited.inc({ policy: this.policyOf(request).name }),
      errorResponseBuilder: (request, context) => new RateLimitedError(this.policyOf(request).name, context.max, Math.ceil(context.ttl / 1000)),
    };
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

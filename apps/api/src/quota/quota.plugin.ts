import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import rateLimit from '@fastify/rate-limit';
import { rateLimitField, rateLimitPolicyField } from './ratelimit-fields';
import { QuotaService } from './quota.service';

/** What @fastify/rate-limit writes with `enableDraftSpec` (an older draft's fields). */
const PLUGIN_FIELDS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/**
 * Registers the quota on every route (before Nest registers its routes, so the plugin sees them)
 * and presents the plugin's counts as the current draft's RateLimit-Policy and RateLimit fields.
 */
export async function registerQuota(app: NestFastifyApplication): Promise<void> {
  const quota = app.get(QuotaService);
  await quota.start();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(rateLimit, quota.pluginOptions());
  // A callback hook: it runs on every response, and an async hook would cost a promise each time.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const limit = reply.getHeader('ratelimit-limit');
    if (limit === undefined) {
      done(null, payload);
      return;
    }
    const policy = quota.policyOf(request);
    const state = {
      policy: policy.name,
      quota: Number(limit),
      windowSeconds: quota.windowSeconds,
      remaining: Number(reply.getHeader('ratelimit-remaining')),
      resetSeconds: Number(reply.getHeader('ratelimit-reset')),
    };
    for (const field of PLUGIN_FIELDS) reply.removeHeader(field);
    reply.header('RateLimit-Policy', rateLimitPolicyField(state));
    reply.header('RateLimit', rateLimitField(state));
    done(null, payload);
  });
}

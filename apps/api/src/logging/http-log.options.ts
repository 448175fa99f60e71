import type { LoggerOptions } from 'pino';

/**
 * The api's pino settings. Headers are never logged (they may carry API keys); a request's line
 * names only its id, method and URL (see request-log.ts).
 */
export function pinoOptions(level: string): LoggerOptions {
  return { level };
}

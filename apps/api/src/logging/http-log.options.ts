import { hostname } from 'node:os';
import pino, { type LoggerOptions } from 'pino';

/** The bindings every line carries (pino's own default, named here because the request log writes them too). */
export const LOG_BASE = { pid: process.pid, hostname: hostname() };

/** Each line's time field (pino's default, named here because the request log writes it too). */
export const LOG_TIME = pino.stdTimeFunctions.epochTime;

/**
 * The api's pino settings. Headers are never logged (they may carry API keys); a request's line
 * names only its id, method and URL (see request-log.ts).
 */
export function pinoOptions(level: string): LoggerOptions {
  return { level, base: LOG_BASE, timestamp: LOG_TIME };
}

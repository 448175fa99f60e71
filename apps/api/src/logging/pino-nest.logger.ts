import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/**
 * Nest's own log lines (start-up, Logger instances in services) as pino JSON, with the Nest
 * context as `context`. Same contract as nestjs-pino's Logger: the last extra argument is the
 * context, an object first argument is merged into the line, and Nest's `error(message, stack)`
 * becomes an `err` with that stack.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const rest = params.length ? params.slice(0, -1) : [];
    if (params.length) fields.context = params[params.length - 1];
    if (message instanceof Error) fields.err = message;
    else if (typeof message === 'object' && message !== null) Object.assign(fields, message);
    else if (level === 'error' && rest.length === 1 && typeof rest[0] === 'string' && /\n\s*at /.test(rest[0])) {
      // Nest's `error(message, stack)`: the stack belongs to an error, not to the message.
      const err = new Error(String(message));
      err.stack = rest[0];
      this.pino.error({ ...fields, err });
      return;
    }
    if (typeof message === 'object' && message !== null) this.pino[level](fields, ...(rest as [string]));
    else this.pino[level](fields, String(message), ...rest);
  }
}

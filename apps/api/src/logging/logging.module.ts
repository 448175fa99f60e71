import { DynamicModule, Global, Module } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { AppConfigService } from '@app/config';
import { BatchedStdout } from './batched-stdout';
import { pinoOptions } from './http-log.options';
import { PinoNestLogger } from './pino-nest.logger';
import { RequestLog } from './request-log';

export interface LoggingOptions {
  /** Where the JSON lines go instead of stdout (tests read them). */
  stream?: DestinationStream;
}

/** The api's one pino logger: request lines (request-log.ts) and Nest's own lines both write through it. */
export const API_LOGGER = Symbol('API_LOGGER');

/** Where the logger writes its JSON lines: a test's stream, the batched stdout writer, or none when pino-pretty formats them. */
const LOG_DESTINATION = Symbol('LOG_DESTINATION');

/** pino: one JSON line per request, and every Nest log line as JSON too. */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(options: LoggingOptions = {}): DynamicModule {
    return {
      module: LoggingModule,
      providers: [
        BatchedStdout,
        {
          provide: LOG_DESTINATION,
          inject: [BatchedStdout],
          // Opened only when used: tests that log to a stream of their own never open stdout's.
          useFactory: (stdout: BatchedStdout): DestinationStream | undefined =>
            options.stream ?? (prettyWhenInteractive() ? undefined : stdout.destination),
        },
        {
          provide: API_LOGGER,
          inject: [AppConfigService, LOG_DESTINATION],
          useFactory: (config: AppConfigService, destination: DestinationStream | undefined): Logger => {
            const settings = pinoOptions(config.get('LOG_LEVEL', { infer: true }));
            if (destination) return pino(settings, destination);
            return pino({ ...settings, transport: { target: 'pino-pretty', options: { singleLine: true } } });
          },
        },
        { provide: PinoNestLogger, inject: [API_LOGGER], useFactory: (logger: Logger) => new PinoNestLogger(logger) },
        {
          provide: RequestLog,
          inject: [API_LOGGER, LOG_DESTINATION],
          useFactory: (logger: Logger, destination: DestinationStream | undefined) => new RequestLog(logger, destination),
        },
      ],
      exports: [API_LOGGER, PinoNestLogger, RequestLog],
    };
  }
}

/** Pretty text only for a person at a terminal, and only when the optional dev dependency is installed. */
function prettyWhenInteractive(): boolean {
  if (!process.stdout.isTTY) return false;
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

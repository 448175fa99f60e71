import { DynamicModule, Global, Module } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { AppConfigService } from '@app/config';
import { BatchedStdout } from './batched-stdout';
import { pinoOptions } from './http-log.options';
import { PinoNestLogger } from './pino-nest.logger';

export interface LoggingOptions {
  /** Where the JSON lines go instead of stdout (tests read them). */
  stream?: DestinationStream;
}

/** The api's one pino logger: request lines (request-log.ts) and Nest's own lines both write through it. */
export const API_LOGGER = Symbol('API_LOGGER');

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
          provide: API_LOGGER,
          inject: [AppConfigService, BatchedStdout],
          useFactory: (config: AppConfigService, stdout: BatchedStdout): Logger => {
            const settings = pinoOptions(config.get('LOG_LEVEL', { infer: true }));
            if (options.stream) return pino(settings, options.stream);
            if (prettyWhenInteractive()) return pino({ ...settings, transport: { target: 'pino-pretty', options: { singleLine: true } } });
            return pino(settings, stdout.destination);
          },
        },
        { provide: PinoNestLogger, inject: [API_LOGGER], useFactory: (logger: Logger) => new PinoNestLogger(logger) },
      ],
      exports: [API_LOGGER, PinoNestLogger],
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

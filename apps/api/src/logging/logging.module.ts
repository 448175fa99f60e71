import { DynamicModule, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Environment } from '@app/config';
import { httpLogOptions } from './http-log.options';

export interface LoggingOptions {
  /** Where the JSON lines go instead of stdout (tests read them). */
  stream?: DestinationStream;
}

/** pino through Nest: one JSON line per request, and every Nest log line as JSON too. */
@Module({})
export class LoggingModule {
  static forRoot(options: LoggingOptions = {}): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService<Environment, true>) => {
            const http = httpLogOptions(config.get('LOG_LEVEL', { infer: true }));
            if (options.stream) return { pinoHttp: [http, options.stream] };
            return { pinoHttp: prettyWhenInteractive() ? { ...http, transport: { target: 'pino-pretty', options: { singleLine: true } } } : http };
          },
        }),
      ],
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

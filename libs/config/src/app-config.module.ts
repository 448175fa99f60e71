import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { Environment, validateEnvironment } from './environment';

/**
 * Typed access to the validated environment: `config.get('CASES_ALIAS', { infer: true })`.
 * Inject this rather than ConfigService: the same instance, with the types spelt once.
 */
export abstract class AppConfigService extends ConfigService<Environment, true> {}

/** Settings given in code win over the process environment (tests use this). */
export type EnvironmentOverrides = Partial<Record<keyof Environment, string>>;

@Module({})
export class AppConfigModule {
  static forRoot(overrides: EnvironmentOverrides = {}): DynamicModule {
    return {
      module: AppConfigModule,
      global: true,
      providers: [{ provide: AppConfigService, useExisting: ConfigService }],
      exports: [AppConfigService],
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validate: (raw) => validateEnvironment({ ...raw, ...overrides }),
        }),
      ],
    };
  }
}

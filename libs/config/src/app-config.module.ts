import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { Environment, validateEnvironment } from './environment';

/** Typed access to the validated environment: `config.get('CASES_ALIAS', { infer: true })`. */
export type AppConfig = ConfigService<Environment, true>;

/** Settings given in code win over the process environment (tests use this). */
export type EnvironmentOverrides = Partial<Record<keyof Environment, string>>;

@Module({})
export class AppConfigModule {
  static forRoot(overrides: EnvironmentOverrides = {}): DynamicModule {
    return {
      module: AppConfigModule,
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

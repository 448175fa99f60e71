import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsInt, IsString, IsUrl, Matches, Max, Min, ValidateIf, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** Every setting the apps read, with its default. Validated once at boot. */
export class Environment {
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  ELASTICSEARCH_URL = 'http://127.0.0.1:9200';

  /** The alias the api reads and the ingest CLI swaps. Tests use their own. */
  @Matches(/^[a-z0-9][a-z0-9_-]*$/, { message: 'CASES_ALIAS must be a lowercase Elasticsearch alias name' })
  CASES_ALIAS = 'cases';

  @Transform(toInt) @IsInt() @Min(100) @Max(60_000)
  ELASTICSEARCH_TIMEOUT_MS = 5_000;

  /** How long the api may answer a repeated query from memory; 0 turns the cache off. */
  @Transform(toInt) @IsInt() @Min(0) @Max(3_600)
  CACHE_TTL_SECONDS = 30;

  @Transform(toInt) @IsInt() @Min(0) @Max(65_535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsString() @Matches(/\S/)
  OPERATOR_NAME = 'UAP Case Archive';

  @IsUrl({ require_tld: false, require_protocol: true })
  OPERATOR_SITE = 'https://uap-archive.example.org';

  @IsEmail({ require_tld: false })
  CONTACT_EMAIL = 'contact@uap-archive.example.org';

  /**
   * The public address of the api (e.g. https://api.example.org), used for the links and ids in
   * the Atom feed. Empty: the address the request came to, which a proxy may have rewritten.
   */
  @ValidateIf((env: Environment) => env.PUBLIC_BASE_URL !== '')
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'PUBLIC_BASE_URL must be an http(s) URL' })
  PUBLIC_BASE_URL = '';

  /** The built explorer (apps/web) served at `/`; relative paths are from the working directory. */
  @IsString() @Matches(/\S/)
  WEB_ROOT = 'dist/web';
}

/**
 * Reads and checks the environment; throws one error naming every bad variable, so a
 * misconfigured deployment fails at boot instead of on its first request.
 */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const known = Object.keys(new Environment());
  const given = Object.fromEntries(Object.entries(raw).filter(([key, value]) => known.includes(key) && value !== ''));
  const environment = plainToInstance(Environment, given, { exposeDefaultValues: true });
  const errors = validateSync(environment);
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return environment;
}

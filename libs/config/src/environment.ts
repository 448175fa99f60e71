import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsInt, IsString, IsUrl, Matches, Max, Min, validateSync } from 'class-validator';

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

  /**
   * How long the api may answer a repeated query from memory; 0 turns the cache off. Entries are
   * keyed on the index the alias points at, so a re-index shows at once whatever this says.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(86_400)
  CACHE_TTL_SECONDS = 300;

  /**
   * Timeout of each read the api sends to Elasticsearch. Kept under a second so that a query
   * never answered before gets its 503 in under a second when Elasticsearch stops answering.
   */
  @Transform(toInt) @IsInt() @Min(100) @Max(60_000)
  SEARCH_TIMEOUT_MS = 800;

  /** How often each api replica asks which index the alias points at (its cache generation). */
  @Transform(toInt) @IsInt() @Min(100) @Max(60_000)
  ALIAS_REFRESH_MS = 1_000;

  /** Full records per Elasticsearch page while streaming /api/cases/export. */
  @Transform(toInt) @IsInt() @Min(1) @Max(10_000)
  EXPORT_PAGE_SIZE = 500;

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

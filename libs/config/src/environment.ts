import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsInt, IsString, isURL, IsUrl, Matches, Max, Min, ValidateBy, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** The node URLs in ELASTICSEARCH_URL, which may name several nodes of one cluster, separated by commas. */
export function elasticsearchNodes(url: string): string[] {
  return url.split(',').map((node) => node.trim());
}

const IsNodeUrlList = () =>
  ValidateBy({
    name: 'isNodeUrlList',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        elasticsearchNodes(value).every((node) => isURL(node, { require_tld: false, protocols: ['http', 'https'], require_protocol: true })),
      defaultMessage: () => 'ELASTICSEARCH_URL must be an http(s) URL, or several separated by commas (nodes of one cluster)',
    },
  });

/** Every setting the apps read, with its default. Validated once at boot. */
export class Environment {
  /** One node, or several nodes of the same cluster (`http://es1:9200,http://es2:9200`); the client spreads requests and fails over. */
  @IsNodeUrlList()
  ELASTICSEARCH_URL = 'http://127.0.0.1:9200';

  /** The alias the api reads and the ingest CLI swaps. Tests use their own. */
  @Matches(/^[a-z0-9][a-z0-9_-]*$/, { message: 'CASES_ALIAS must be a lowercase Elasticsearch alias name' })
  CASES_ALIAS = 'cases';

  @Transform(toInt) @IsInt() @Min(100) @Max(60_000)
  ELASTICSEARCH_TIMEOUT_MS = 5_000;

  /** Replica copies of each index the ingest CLI builds; `auto`: one when the cluster has more than one data node, else none. */
  @Transform(toInt)
  @ValidateBy({
    name: 'isReplicaSetting',
    validator: {
      validate: (value: unknown) => value === 'auto' || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5),
      defaultMessage: () => 'CASES_REPLICAS must be auto or a whole number from 0 to 5',
    },
  })
  CASES_REPLICAS: number | 'auto' = 'auto';

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

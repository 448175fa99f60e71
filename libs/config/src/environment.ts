import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  isURL,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  validateSync,
} from 'class-validator';

/** Digits from the environment become a number; anything else stays as given, so the check names it. */
export const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** The node URLs in ELASTICSEARCH_URL, which may name several nodes of one cluster, separated by commas. */
export function elasticsearchNodes(url: string): string[] {
  return url.split(',').map((node) => node.trim());
}

/** A whole number from min to max; digits in the environment's text become the number. */
function IntegerSetting(min: number, max: number): PropertyDecorator {
  // Applied in the order stacked decorators would be (bottom up), so messages come in the same order.
  return (target, property) => {
    for (const decorate of [Max(max), Min(min), IsInt(), Transform(toInt)]) decorate(target, property);
  };
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

  /** The alias of the government-document pages (issue 34), read by the api and swapped by `ingest documents`. */
  @Matches(/^[a-z0-9][a-z0-9_-]*$/, { message: 'DOCUMENTS_ALIAS must be a lowercase Elasticsearch alias name' })
  DOCUMENTS_ALIAS = 'documents';

  /**
   * A corpus folder in the `ufo-files-archive-ocr/v1` format that `npm start` (and the tests)
   * index into DOCUMENTS_ALIAS before the api starts. Empty: nothing is indexed, and the document
   * endpoints answer with an empty archive and say so.
   */
  @IsString()
  DOCUMENTS_DIR = '';

  @IntegerSetting(100, 60_000)
  ELASTICSEARCH_TIMEOUT_MS = 5_000;

  /**
   * How long the api may answer a repeated query from memory; 0 turns the cache off. Entries are
   * keyed on the index the alias points at, so a re-index shows at once whatever this says.
   */
  @IntegerSetting(0, 86_400)
  CACHE_TTL_SECONDS = 300;

  /**
   * Timeout of each read the api sends to Elasticsearch. Kept under a second so that a query
   * never answered before gets its 503 in under a second when Elasticsearch stops answering.
   */
  @IntegerSetting(100, 60_000)
  SEARCH_TIMEOUT_MS = 800;

  /** How often each api replica asks which index the alias points at (its cache generation). */
  @IntegerSetting(100, 60_000)
  ALIAS_REFRESH_MS = 1_000;

  /** Full records per Elasticsearch page while streaming /api/cases/export. */
  @IntegerSetting(1, 10_000)
  EXPORT_PAGE_SIZE = 500;

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

  @IntegerSetting(0, 65_535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsString()
  @Matches(/\S/)
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

  /** Where the operator's MCP server (apps/mcp) answers, e.g. https://mcp.example.org/mcp; /llms.txt names it when set. */
  @ValidateIf((env: Environment) => env.MCP_PUBLIC_URL !== '')
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'MCP_PUBLIC_URL must be an http(s) URL' })
  MCP_PUBLIC_URL = '';

  /** The built explorer (apps/web) served at `/`; relative paths are from the working directory. */
  @IsString()
  @Matches(/\S/)
  WEB_ROOT = 'dist/web';

  /** Requests a client without a key may make per quota window (counted per client address). */
  @IntegerSetting(1, 1_000_000)
  QUOTA_REQUESTS = 300;

  /** The quota window, shared by keyless clients and every key. */
  @IntegerSetting(1, 86_400)
  QUOTA_WINDOW_SECONDS = 60;

  /**
   * Operator-issued keys, as JSON: `[{"name": "...", "sha256": "<hex of the key>", "quota": 5000}]`.
   * Only hashes are configured, so a leaked config file leaks no usable key.
   */
  @IsOptional()
  @IsString()
  API_KEYS: string | undefined = undefined;

  /** A file holding the same JSON as API_KEYS (both may be used; names must be unique). */
  @IsOptional()
  @IsString()
  API_KEYS_FILE: string | undefined = undefined;

  /** Redis or Valkey shared by the replicas for quota counters; without it each replica counts alone. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['redis', 'rediss'], require_protocol: true })
  REDIS_URL: string | undefined = undefined;

  /**
   * Which proxies may set X-Forwarded-For: `true` (any), a hop count, or a comma-separated list of
   * addresses/CIDRs. Empty: the client address is the socket's, and X-Forwarded-For is ignored.
   */
  @IsOptional()
  @Matches(/^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
    message: 'TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses/CIDRs',
  })
  TRUST_PROXY: string | undefined = undefined;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Whether /metrics and /ready answer anyone who asks (they hold no secret: request counts and
   * engine state). `false`: both are a 404, for a deployment that keeps them to itself.
   */
  @IsIn(['true', 'false'], { message: 'EXPOSE_OPERATIONS must be true or false' })
  EXPOSE_OPERATIONS = 'true';

  /**
   * The secret that signs list cursors (HMAC-SHA256), so a cursor the api did not issue is a 400.
   * Replicas behind one address must share it. Unset: a random key per process, and cursors then
   * last until that process restarts.
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CURSOR_KEY must be at least 32 characters (e.g. openssl rand -base64 32)' })
  CURSOR_KEY: string | undefined = undefined;
}

/** Fastify's `trustProxy` option from TRUST_PROXY. */
export function trustProxyOption(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Reads and checks the environment; throws one error naming every bad variable, so a
 * misconfigured deployment fails at boot instead of on its first request.
 */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  return validateSettings(Environment, raw);
}

/** The same check for any settings class whose properties are variable names with defaults (the MCP server's too). */
export function validateSettings<T extends object>(Settings: new () => T, raw: Record<string, unknown>): T {
  const known = Object.keys(new Settings());
  const given = Object.fromEntries(Object.entries(raw).filter(([key, value]) => known.includes(key) && value !== ''));
  const settings = plainToInstance(Settings, given, { exposeDefaultValues: true });
  const errors = validateSync(settings);
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return settings;
}

/** The validated process environment with overrides on top, for the few settings needed before Nest boots. */
export function loadEnvironment(overrides: Record<string, string | undefined> = {}): Environment {
  return validateEnvironment({ ...process.env, ...overrides });
}

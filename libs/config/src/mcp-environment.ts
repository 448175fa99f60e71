import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateIf } from 'class-validator';
import { toInt, validateSettings } from './environment';

const HTTP_URL = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };

/** The MCP server's settings (apps/mcp), validated once at boot like the api's. */
export class McpEnvironment {
  /** The public api the server is a client of; `npm start` serves it on port 3000. */
  @IsUrl(HTTP_URL, { message: 'API_BASE_URL must be an http(s) URL, e.g. http://localhost:3000' })
  API_BASE_URL = 'http://127.0.0.1:3000';

  /**
   * The api's address as results cite it (case links). Empty: API_BASE_URL. Set it when that is an
   * address only the server can reach (http://api:3000 inside docker compose).
   */
  @ValidateIf((env: McpEnvironment) => env.PUBLIC_API_URL !== '')
  @IsUrl(HTTP_URL, { message: 'PUBLIC_API_URL must be an http(s) URL' })
  PUBLIC_API_URL = '';

  /** An operator-issued key for a higher quota, sent as X-API-Key; without one the keyless quota applies. */
  @IsOptional()
  @Matches(/^\S+$/, { message: 'API_KEY must be one word with no spaces' })
  API_KEY: string | undefined = undefined;

  /** `http`: Streamable HTTP on MCP_PORT (a service); `stdio`: one client over stdin/stdout (desktop apps spawn it). */
  @IsIn(['http', 'stdio'], { message: 'MCP_TRANSPORT must be http or stdio' })
  MCP_TRANSPORT: 'http' | 'stdio' = 'http';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65_535)
  MCP_PORT = 3001;

  @IsString()
  MCP_HOST = '0.0.0.0';

  /** How long one request to the api may take before the tool reports it as unavailable. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120_000)
  API_TIMEOUT_MS = 10_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';
}

/** The validated process environment with overrides on top (tests pass theirs). */
export function loadMcpEnvironment(overrides: Partial<Record<keyof McpEnvironment, string>> = {}): McpEnvironment {
  return validateSettings(McpEnvironment, { ...process.env, ...overrides });
}

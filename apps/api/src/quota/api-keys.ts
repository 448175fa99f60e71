import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** One operator-issued key: only the SHA-256 of the key is ever configured. */
export interface ApiKeyEntry {
  name: string;
  sha256: string;
  quota: number;
}

/** What a presented key must look like before it is even looked up (e.g. `openssl rand -hex 32`). */
export const API_KEY_FORMAT = /^[A-Za-z0-9._~+/=-]{16,256}$/;
/** Key names appear in the RateLimit-Policy header as a quoted string, so they stay plain. */
const KEY_NAME_FORMAT = /^[A-Za-z0-9._-]{1,64}$/;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Parses the operator's JSON list; throws one error naming every bad entry, so boot fails clearly. */
export function parseApiKeys(json: string, source: string): ApiKeyEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new Error(`${source} must be a JSON array of {"name", "sha256", "quota"}`);
  const problems: string[] = [];
  const entries = parsed.map((raw, i) => {
    const entry = (raw ?? {}) as Partial<ApiKeyEntry>;
    if (typeof entry.name !== 'string' || !KEY_NAME_FORMAT.test(entry.name))
      problems.push(`${source}[${i}].name must be 1-64 letters, digits, '.', '_' or '-'`);
    if (typeof entry.sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(entry.sha256))
      problems.push(`${source}[${i}].sha256 must be the 64-hex-digit SHA-256 of the key`);
    if (!Number.isInteger(entry.quota) || (entry.quota as number) < 1) problems.push(`${source}[${i}].quota must be an integer of 1 or more`);
    return { name: String(entry.name), sha256: String(entry.sha256).toLowerCase(), quota: Number(entry.quota) };
  });
  if (problems.length > 0) throw new Error(`Invalid API keys:\n  ${problems.join('\n  ')}`);
  return entries;
}

/** The keys from API_KEYS and API_KEYS_FILE together, indexed by hash. */
export class ApiKeyRegistry {
  private readonly byHash = new Map<string, ApiKeyEntry>();
  /**
   * Keys already found, by the text presented: a known key is hashed once, not on every request.
   * Only issued keys are held (an unknown key is never stored), so this stays as small as the registry.
   */
  private readonly found = new Map<string, ApiKeyEntry>();

  constructor(entries: ApiKeyEntry[]) {
    for (const entry of entries) {
      if ([...this.byHash.values()].some((known) => known.name === entry.name))
        throw new Error(`Invalid API keys: the name ${entry.name} is used twice`);
      if (this.byHash.has(entry.sha256)) throw new Error(`Invalid API keys: ${entry.name} has the same hash as another key`);
      this.byHash.set(entry.sha256, entry);
    }
  }

  static load(settings: { API_KEYS?: string; API_KEYS_FILE?: string }): ApiKeyRegistry {
    const entries: ApiKeyEntry[] = [];
    if (settings.API_KEYS) entries.push(...parseApiKeys(settings.API_KEYS, 'API_KEYS'));
    if (settings.API_KEYS_FILE) {
      let text: string;
      try {
        text = readFileSync(settings.API_KEYS_FILE, 'utf8');
      } catch (error) {
        throw new Error(`API_KEYS_FILE ${settings.API_KEYS_FILE} cannot be read: ${(error as Error).message}`);
      }
      entries.push(...parseApiKeys(text, 'API_KEYS_FILE'));
    }
    return new ApiKeyRegistry(entries);
  }

  get size(): number {
    return this.byHash.size;
  }

  find(key: string): ApiKeyEntry | undefined {
    const known = this.found.get(key);
    if (known) return known;
    const entry = this.byHash.get(sha256Hex(key));
    // Bounded all the same, should clients present the same keys with many different paddings.
    if (entry && this.found.size < 16 * this.byHash.size) this.found.set(key, entry);
    return entry;
  }
}

import type { estypes } from '@elastic/elasticsearch';
// The index layout lives in elastic/ as plain JSON, so operators can read it without TypeScript.
import settings from '../../../elastic/index/cases.settings.json';
import mappings from '../../../elastic/index/cases.mappings.json';

export const CASE_INDEX_SETTINGS = settings as estypes.IndicesIndexSettings;
export const CASE_INDEX_MAPPINGS = mappings as estypes.MappingTypeMapping;

/** Each ingest run writes a fresh index named after the alias and the moment it started. */
export function concreteIndexName(alias: string, startedAt: Date): string {
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*$/, '').toLowerCase();
  return `${alias}-${stamp}-${startedAt.getUTCMilliseconds().toString().padStart(3, '0')}`;
}

/** Indices this alias owns: `<alias>-<yyyymmdd>-<hhmmss>-<ms>`. */
export function isIndexOfAlias(alias: string, index: string): boolean {
  // Alias names are limited to [a-z0-9_-] (see Environment), so they need no escaping here.
  return new RegExp(`^${alias}-\\d{8}-\\d{6}-\\d{3}$`).test(index);
}

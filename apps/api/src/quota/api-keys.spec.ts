import { spawnSync } from 'node:child_process';
import { ApiKeyRegistry, parseApiKeys, sha256Hex } from './api-keys';

const KEY = 'a-long-enough-key-123456';

describe('API keys', () => {
  it('finds a key by the SHA-256 of what the client sends, whatever the configured hex case', () => {
    const registry = new ApiKeyRegistry(
      parseApiKeys(JSON.stringify([{ name: 'acme', sha256: sha256Hex(KEY).toUpperCase(), quota: 10 }]), 'API_KEYS'),
    );
    expect(registry.find(KEY)).toEqual({ name: 'acme', sha256: sha256Hex(KEY), quota: 10 });
    expect(registry.find(`${KEY}x`)).toBeUndefined();
  });

  it('names every bad entry in one error', () => {
    expect(() => parseApiKeys('[{"name":"bad name","sha256":"123","quota":1.5}]', 'API_KEYS_FILE')).toThrow(
      /API_KEYS_FILE\[0\]\.name[\s\S]*API_KEYS_FILE\[0\]\.sha256[\s\S]*API_KEYS_FILE\[0\]\.quota/,
    );
    expect(() => parseApiKeys('{"name":"x"}', 'API_KEYS')).toThrow(/must be a JSON array/);
    expect(() => parseApiKeys('not json', 'API_KEYS')).toThrow(/API_KEYS is not valid JSON/);
  });

  it('refuses two keys with one name or one hash', () => {
    const entry = { name: 'acme', sha256: sha256Hex(KEY), quota: 1 };
    expect(() => new ApiKeyRegistry([entry, { ...entry, sha256: sha256Hex('other-key-0000000000') }])).toThrow(/acme is used twice/);
    expect(() => new ApiKeyRegistry([entry, { ...entry, name: 'other' }])).toThrow(/same hash/);
  });

  it('accepts the hash the recipe in docs/operations.md prints (printf %s "$key" | sha256sum)', () => {
    const run = spawnSync('sh', ['-c', 'printf %s "$KEY" | sha256sum | cut -d" " -f1'], { env: { ...process.env, KEY }, encoding: 'utf8' });
    if (run.status !== 0) return; // no sha256sum on this system: nothing to compare
    expect(run.stdout.trim()).toBe(sha256Hex(KEY));
  });
});

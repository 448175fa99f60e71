import { isDecodablePath, requestTargetAsPath } from './client-errors';

describe('requestTargetAsPath', () => {
  it('keeps a path as it is', () => {
    expect(requestTargetAsPath('/api/cases?q=x')).toBe('/api/cases?q=x');
  });

  it('reads the path of an absolute-form target, whatever the letter case of its scheme', () => {
    expect(requestTargetAsPath('http://example.org/api/stats')).toBe('/api/stats');
    expect(requestTargetAsPath('HTTP://example.org:80/api/cases?limit=1')).toBe('/api/cases?limit=1');
    expect(requestTargetAsPath('https://example.org')).toBe('/');
  });

  it('makes anything else an ordinary path', () => {
    expect(requestTargetAsPath('*')).toBe('/*');
    expect(requestTargetAsPath('api/cases')).toBe('/api/cases');
  });
});

describe('isDecodablePath', () => {
  it('accepts plain and well-encoded paths, whatever the query string holds', () => {
    expect(isDecodablePath('/api/cases/abc')).toBe(true);
    expect(isDecodablePath('/api/cases/%E7%BD%97?q=%zz')).toBe(true);
  });

  it('refuses stray percent signs and bytes that are not UTF-8', () => {
    for (const path of ['/%zz', '/api/%', '/%E0%A4%A', '/%C0%80', '/%ED%A0%80']) expect(isDecodablePath(path)).toBe(false);
  });
});

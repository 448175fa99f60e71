import { z } from 'zod';
import { suggestInput } from './suggest.tool';

const parse = (args: unknown) => z.object(suggestInput).parse(args);

describe('suggest arguments', () => {
  it('take the typed text, trimmed, and an optional limit', () => {
    expect(parse({ q: ' Rendlesham Fo ' })).toEqual({ q: 'Rendlesham Fo' });
    expect(parse({ q: '罗斯威', limit: 10 })).toEqual({ q: '罗斯威', limit: 10 });
  });

  it('are refused with the argument named outside what GET /api/suggest takes', () => {
    expect(() => parse({})).toThrow(/q/);
    expect(() => parse({ q: '  ' })).toThrow(/q/);
    expect(() => parse({ q: 'x'.repeat(101) })).toThrow(/q/);
    for (const limit of [0, 11, 2.5]) expect(() => parse({ q: 'UFO', limit })).toThrow(/limit/);
  });
});

import { joinJson } from './join-json';

describe('joinJson', () => {
  it('joins JSON texts with a separator, between a prefix and a suffix', () => {
    expect(joinJson([Buffer.from('{"a":1}'), Buffer.from('"雷达"')], ',', '[', ']').toString('utf8')).toBe('[{"a":1},"雷达"]');
    expect(joinJson([], '\n', '', '\n').toString('utf8')).toBe('\n');
  });

  it('writes into the room it is given, asking for exactly the bytes it needs', () => {
    const room = Buffer.alloc(64, '#');
    const allocate = jest.fn((length: number) => room.subarray(3, 3 + length));
    const joined = joinJson([Buffer.from('"é"'), Buffer.from('2')], ', ', '{"a":[', ']}', allocate);
    expect(allocate).toHaveBeenCalledWith(Buffer.byteLength('{"a":["é", 2]}'));
    expect(joined.toString('utf8')).toBe('{"a":["é", 2]}');
    expect(room.toString('utf8')).toBe(`###{"a":["é", 2]}${'#'.repeat(64 - 3 - Buffer.byteLength('{"a":["é", 2]}'))}`);
  });
});

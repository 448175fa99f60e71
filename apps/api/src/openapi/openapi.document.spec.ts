import { toOpenApi31Schemas } from './openapi.document';

describe('toOpenApi31Schemas', () => {
  it('turns nullable into a JSON Schema type list, at any depth', () => {
    expect(
      toOpenApi31Schemas({
        properties: { lat: { type: 'number', nullable: true, minimum: -90 }, nested: { items: { type: 'string', nullable: false } } },
      }),
    ).toEqual({ properties: { lat: { type: ['number', 'null'], minimum: -90 }, nested: { items: { type: 'string' } } } });
  });

  it('wraps a nullable reference or enum in anyOf with null', () => {
    expect(toOpenApi31Schemas({ $ref: '#/components/schemas/X', nullable: true })).toEqual({
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
    expect(toOpenApi31Schemas({ enum: ['a'], nullable: true })).toEqual({ anyOf: [{ enum: ['a', null] }, { type: 'null' }] });
  });
});

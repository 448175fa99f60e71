import 'reflect-metadata';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { Transform } from 'class-transformer';
import { MAX_LIMIT } from '@app/cases';
import { CaseListQueryDto } from '../cases/case-list-query.dto';
import { InvalidParametersError } from '../errors/api-error';
import { createQueryValidationPipe } from './query-validation.pipe';

const pipe = createQueryValidationPipe();
const asQuery = (metatype: new () => object) => ({ type: 'query' as const, metatype, data: undefined });
const parsed = (query: Record<string, unknown>) => Object.assign(Object.create(null) as object, query);

function problemsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParametersError);
    return (error as InvalidParametersError).problems;
  }
  throw new Error('expected a 400');
}

describe('QueryValidationPipe', () => {
  it('turns a query into its DTO: transformed, unknown parameters stripped', () => {
    const dto = pipe.transform(parsed({ type: 'military, radar', limit: '20', utm_source: 'x' }), asQuery(CaseListQueryDto));
    expect(dto).toBeInstanceOf(CaseListQueryDto);
    expect({ ...(dto as object) }).toEqual({ type: 'military,radar', limit: 20 });
  });

  it('reports each bad parameter once, with the first rule it broke', () => {
    expect(problemsOf(() => pipe.transform(parsed({ limit: 'ten', type: ['radar', 'military'] }), asQuery(CaseListQueryDto)))).toEqual([
      { parameter: 'limit', message: `limit must be an integer of 0 or more (at most ${MAX_LIMIT} are returned)` },
      { parameter: 'type', message: 'type must be given once' },
    ]);
  });

  it('never lets a query string name the prototype', () => {
    const query = parsed({ __proto__: ['a'], constructor: 'x', prototype: 'y', sort: 'oldest' });
    const dto = pipe.transform(query, asQuery(CaseListQueryDto)) as CaseListQueryDto;
    expect(Object.getPrototypeOf(dto)).toBe(CaseListQueryDto.prototype);
    expect({ ...dto }).toEqual({ sort: 'oldest' });
  });

  it('treats a missing query as an empty one', () => {
    expect({ ...(pipe.transform(undefined, asQuery(CaseListQueryDto)) as object) }).toEqual({});
  });

  it('leaves path parameters and other built-in types as they are', () => {
    expect(pipe.transform('1947-roswell', { type: 'param', metatype: String, data: 'id' })).toBe('1947-roswell');
    const raw = parsed({ a: '1' });
    expect(pipe.transform(raw, { type: 'query', metatype: Object, data: undefined })).toBe(raw);
  });

  it('sees the rules of a class defined after the rules were first gathered', () => {
    class LaterDto {
      @IsOptional()
      @IsIn(['a', 'b'], { message: 'pick must be a or b' })
      @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
      @IsString({ message: 'pick must be given once' })
      pick?: string;
    }
    expect({ ...(pipe.transform(parsed({ pick: ' a ' }), asQuery(LaterDto)) as object) }).toEqual({ pick: 'a' });
    expect(problemsOf(() => pipe.transform(parsed({ pick: 'c' }), asQuery(LaterDto)))).toEqual([
      { parameter: 'pick', message: 'pick must be a or b' },
    ]);
  });
});

import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError, type ValidatorOptions } from 'class-validator';
import { InvalidParametersError } from '../errors/api-error';

/**
 * class-validator's options: unknown parameters are stripped (and so ignored), and each rejected
 * parameter is reported once, with the first rule it broke.
 */
const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: false,
  forbidUnknownValues: false,
  stopAtFirstError: true,
  validationError: { target: false },
};

/** Keys a query string may name that must never reach class-transformer (they would rewire the instance). */
const PROTOTYPE_KEYS = ['__proto__', 'prototype', 'constructor'];

/**
 * The query DTOs (`@Query() query: SomeDto`) are class-transformer'd and class-validator'd, and
 * a bad parameter is a 400 naming it. Nothing else is validated: path parameters (`@Param('id')`)
 * reach the handler as the text they are.
 *
 * The same steps and options as Nest's ValidationPipe with `transform`, run synchronously: every
 * rule of the query DTOs is synchronous, and Nest's pipe awaited several promises per request and
 * walked the value for cases a query string never has (sparse arrays, binary values, nested objects).
 */
export class QueryValidationPipe implements PipeTransform {
  transform(value: unknown, { type, metatype }: ArgumentMetadata): unknown {
    if (type !== 'query' || !metatype || !isDtoClass(metatype)) return value;
    // Fastify's query string parser gives an object of strings and arrays of strings.
    const query = (value ?? {}) as Record<string, unknown>;
    for (const key of PROTOTYPE_KEYS) if (Object.hasOwn(query, key)) delete query[key];
    const entity = plainToInstance(metatype, query) as object;
    const errors = validateSync(entity, VALIDATOR_OPTIONS);
    if (errors.length > 0) throw toInvalidParameters(errors);
    return entity;
  }
}

export function createQueryValidationPipe(): QueryValidationPipe {
  return new QueryValidationPipe();
}

/** A class of our own, not a built-in type a parameter may be declared as (String, Number, Object...). */
function isDtoClass(metatype: NonNullable<ArgumentMetadata['metatype']>): metatype is new () => object {
  return ![String, Boolean, Number, Array, Object, Buffer, Date].includes(metatype as never);
}

function toInvalidParameters(errors: ValidationError[]): InvalidParametersError {
  return new InvalidParametersError(
    errors.map((error) => ({
      parameter: error.property,
      message: Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`,
    })),
  );
}

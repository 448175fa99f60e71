import { ValidationError, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { InvalidParametersError } from '../errors/api-error';

/**
 * class-validator over query DTOs: unknown parameters are stripped (and so ignored), every
 * rejected parameter is reported by name.
 */
export function createQueryValidationPipe(): ValidationPipe {
  return new SyncValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    exceptionFactory: (errors: ValidationError[]) =>
      new InvalidParametersError(
        errors.map((error) => ({
          parameter: error.property,
          message: Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`,
        })),
      ),
  });
}

/**
 * Every rule of the query DTOs is synchronous, so the pipe runs class-validator's validateSync:
 * the same checks and errors without a promise per property, which every request paid.
 */
class SyncValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  protected override validate(object: object, validatorOptions?: ValidatorOptions): ValidationError[] {
    return validateSync(object, validatorOptions);
  }
}

import { ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidParametersError } from '../errors/api-error';

/**
 * class-validator over query DTOs: unknown parameters are stripped (and so ignored), every
 * rejected parameter is reported by name.
 */
export function createQueryValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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

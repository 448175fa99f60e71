/** The error object every failed response carries, inside the usual envelope. */
export interface ApiError {
  status: number;
  code: string;
  message: string;
  [extra: string]: unknown;
}

/** One rejected query parameter: its name, what was wrong, and what is allowed. */
export interface ParameterProblem {
  parameter: string;
  message: string;
}

/** Thrown by validation; the exception filter turns it into a 400. */
export class InvalidParametersError extends Error {
  constructor(readonly problems: ParameterProblem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'InvalidParametersError';
  }
}

/**
 * An error that knows the response it stands for (status, code, extra headers); the exception
 * filter sends it unchanged. Quotas, keys and readiness use it, so the filter needs no branch each.
 */
export abstract class ApiProblem extends Error {
  readonly headers: Record<string, string> = {};
  abstract toApiError(): ApiError;
}

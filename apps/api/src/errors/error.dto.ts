import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EnvelopeDto } from '../response/envelope.dto';

/**
 * Every error body: the envelope plus `error` with the HTTP status, a stable machine-readable code
 * and a human-readable message. One class per status, so each documents its own code and extras.
 */
class ErrorDto {
  @ApiProperty({ type: 'integer' }) status: number;
  @ApiProperty() code: string;
  @ApiProperty() message: string;
}

export class ParameterProblemDto {
  @ApiProperty({ description: 'The query parameter.' }) parameter: string;
  @ApiProperty({ description: 'What was wrong and what it accepts.' }) message: string;
}

class InvalidParameterErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [400] }) declare status: number;
  @ApiProperty({ enum: ['invalid_parameter'] }) declare code: string;
  @ApiProperty({ type: [ParameterProblemDto] }) parameters: ParameterProblemDto[];
}
export class InvalidParameterResponseDto extends EnvelopeDto {
  @ApiProperty({ type: InvalidParameterErrorDto }) error: InvalidParameterErrorDto;
}

class InvalidApiKeyErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [401] }) declare status: number;
  @ApiProperty({ enum: ['invalid_api_key'] }) declare code: string;
}
export class InvalidApiKeyResponseDto extends EnvelopeDto {
  @ApiProperty({ type: InvalidApiKeyErrorDto }) error: InvalidApiKeyErrorDto;
}

class NotFoundErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [404] }) declare status: number;
  @ApiProperty({ enum: ['case_not_found', 'document_not_found', 'page_not_found', 'not_found'] }) declare code: string;
  @ApiPropertyOptional({ description: 'The case or document id asked for (case_not_found, document_not_found, page_not_found).' }) id?: string;
  @ApiPropertyOptional({ type: 'integer', description: 'How many pages the document has (page_not_found).' }) pageCount?: number;
}
export class NotFoundResponseDto extends EnvelopeDto {
  @ApiProperty({ type: NotFoundErrorDto }) error: NotFoundErrorDto;
}

class MethodNotAllowedErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [405] }) declare status: number;
  @ApiProperty({ enum: ['method_not_allowed'] }) declare code: string;
}
export class MethodNotAllowedResponseDto extends EnvelopeDto {
  @ApiProperty({ type: MethodNotAllowedErrorDto }) error: MethodNotAllowedErrorDto;
}

class RateLimitedErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [429] }) declare status: number;
  @ApiProperty({ enum: ['rate_limited'] }) declare code: string;
  @ApiProperty({ description: 'The quota policy: keyless, or the name of the API key.' }) policy: string;
  @ApiProperty({ type: 'integer', description: 'Requests allowed per window.' }) quota: number;
  @ApiProperty({ type: 'integer', description: 'Seconds until the quota resets (as Retry-After).' }) retryAfter: number;
}
export class RateLimitedResponseDto extends EnvelopeDto {
  @ApiProperty({ type: RateLimitedErrorDto }) error: RateLimitedErrorDto;
}

class InternalErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [500] }) declare status: number;
  @ApiProperty({ enum: ['internal_error'] }) declare code: string;
  @ApiProperty({ description: 'The request id (also the X-Request-Id header); the server log repeats it.' }) errorId: string;
}
export class InternalErrorResponseDto extends EnvelopeDto {
  @ApiProperty({ type: InternalErrorDto }) error: InternalErrorDto;
}

class UnavailableErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', enum: [503] }) declare status: number;
  @ApiProperty({ enum: ['service_unavailable', 'not_ready'] }) declare code: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'not_ready: each readiness check and its state.' })
  checks?: Record<string, unknown>;
}
export class UnavailableResponseDto extends EnvelopeDto {
  @ApiProperty({ type: UnavailableErrorDto }) error: UnavailableErrorDto;
}

import { ApiProperty } from '@nestjs/swagger';
import { API_VERSION } from './response-envelope';

/** The fields every response body carries, success or error. */
export class EnvelopeDto {
  @ApiProperty({ type: 'integer', enum: [API_VERSION], description: 'Always 1.' }) version: number;
  @ApiProperty({ description: "Public-domain sources; the organised bilingual presentation is the operator's, free with attribution." })
  license: string;
}

/** What a service returns for a response DTO: its shape without the envelope, which the response wing adds; ResponseCache checks payloads against it. */
export type Payload<T extends EnvelopeDto> = Omit<T, keyof EnvelopeDto>;

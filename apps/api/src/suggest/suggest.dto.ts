import { ApiProperty } from '@nestjs/swagger';
import { CASE_ID_FORMAT } from '@app/cases';
import { EnvelopeDto } from '../response/envelope.dto';

export class SuggestionDto {
  @ApiProperty({ pattern: CASE_ID_FORMAT.source, example: '1980-rendlesham-forest' }) id: string;
  @ApiProperty({
    description: 'The completed title or place name, in the language it matched.',
    example: 'Rendlesham Forest: "unexplained lights" outside RAF Woodbridge',
  })
  text: string;
  @ApiProperty({ enum: ['title', 'place'], description: 'Whether text is the case title or its place name.' }) field: 'title' | 'place';
  @ApiProperty({ enum: ['en', 'zh'], description: 'The language matched (zh: Simplified Chinese, also for Traditional input).' })
  language: 'en' | 'zh';
  @ApiProperty({ description: "The case's title in that language (for a place name, which case it is)." }) title: string;
}

export class SuggestResponseDto extends EnvelopeDto {
  @ApiProperty({ description: 'The text the suggestions complete, as searched (trimmed).' }) q: string;
  @ApiProperty({ type: [SuggestionDto], maxItems: 10, description: 'Most relevant first; empty when nothing starts with the text.' })
  suggestions: SuggestionDto[];
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Did you mean: when nothing completes the text, the text with its misspelt words corrected, if that completes something; otherwise null.',
    example: null,
  })
  suggestion: string | null;
}

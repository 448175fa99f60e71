import { MAX_KEYWORD_LENGTH } from '@app/cases';
import { z } from 'zod';

/** An optional `q` of words, held to the api's rule for `q` (trimmed, not empty, at most MAX_KEYWORD_LENGTH). */
export const keywordsArgument = (description: string) => z.string().trim().min(1).max(MAX_KEYWORD_LENGTH).optional().describe(description);

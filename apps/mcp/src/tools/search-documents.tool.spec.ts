import { z } from 'zod';
import { MAX_DOCUMENT_LIMIT } from '@app/documents';
import { searchDocumentsInput, toDocumentQuery } from './search-documents.tool';

const parse = (args: unknown) => z.object(searchDocumentsInput).parse(args);

describe('search_documents arguments', () => {
  it('become the api query string: lists comma-separated, q trimmed, the default limit filled', () => {
    expect(toDocumentQuery(parse({}))).toEqual({ limit: 10 });
    expect(
      toDocumentQuery(
        parse({ q: ' Lubbock lights ', collection: ['national-archives-uap-bulk', 'fbi-vault-ufo'], release: [1, 2], kind: 'document', offset: 20 }),
      ),
    ).toEqual({
      limit: 10,
      q: 'Lubbock lights',
      collection: 'national-archives-uap-bulk,fbi-vault-ufo',
      release: '1,2',
      kind: 'document',
      offset: 20,
    });
  });

  it('are refused with the argument named outside what GET /api/documents takes', () => {
    expect(() => parse({ limit: MAX_DOCUMENT_LIMIT + 1 })).toThrow(/limit/);
    expect(() => parse({ collection: ['mufon'] })).toThrow(/collection/);
    expect(() => parse({ kind: 'video' })).toThrow(/kind/);
    expect(() => parse({ caseId: 'Not A Case' })).toThrow(/caseId/);
    expect(() => parse({ offset: -1 })).toThrow(/offset/);
  });
});

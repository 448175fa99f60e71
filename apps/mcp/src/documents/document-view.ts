/** Where a document page is, for programs (its JSON), for citing it, and the government's own file. */
export interface DocumentPageLinks {
  /** The page's JSON in the api. */
  url: string;
  /** Its citation (CSL-JSON; format=bibtex or ris for the others). */
  cite: string;
}

export function documentPageLinks(publicApiUrl: string, id: string, page: number): DocumentPageLinks {
  const base = `${publicApiUrl.replace(/\/+$/, '')}/api/documents/${encodeURIComponent(id)}`;
  return { url: `${base}/pages/${page}`, cite: `${base}/cite?page=${page}` };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The api's highlighted text (HTML-escaped, the matches in `<mark>`, for a web page) as plain text
 * for a model, the matches in **bold** as Markdown writes them.
 */
export function plainHighlight(html: string): string {
  return html
    .replace(/<\/?mark>/g, '**')
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (entity, hex?: string, decimal?: string, name?: string) => {
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      if (decimal) return String.fromCodePoint(Number(decimal));
      return ENTITIES[name!.toLowerCase()] ?? entity;
    });
}

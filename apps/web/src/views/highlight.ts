export interface HighlightPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Splits a fragment from `highlight=true` into plain and matched text. The api escapes the case
 * text as HTML (`encoder: html`) and marks matches with `<em>`; only those marks are honoured,
 * every other character comes back as text, so nothing in a record can become markup.
 */
export function highlightParts(fragment: string): HighlightPart[] {
  return fragment
    .split(/(<em>.*?<\/em>)/)
    .filter((part) => part !== '')
    .map((part) => {
      const marked = part.startsWith('<em>') && part.endsWith('</em>');
      return { text: decodeEntities((marked ? part.slice(4, -5) : part).replace(/<[^>]*>/g, '')), marked };
    });
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

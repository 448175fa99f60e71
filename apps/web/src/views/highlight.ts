export interface HighlightPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Splits a highlighted fragment into plain and matched text. The api escapes the text as HTML
 * (`encoder: html`) and marks matches with one tag: `<em>` in a case list's `highlight=true`,
 * `<mark>` in the documents' snippets and pages. Only that tag is honoured; every other character
 * comes back as text, so nothing in a record or a page can become markup.
 */
export function highlightParts(fragment: string, tag: 'em' | 'mark' = 'em'): HighlightPart[] {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  return fragment
    .split(new RegExp(`(${open}[\\s\\S]*?${close})`))
    .filter((part) => part !== '')
    .map((part) => {
      const marked = part.startsWith(open) && part.endsWith(close);
      return { text: decodeEntities((marked ? part.slice(open.length, -close.length) : part).replace(/<[^>]*>/g, '')), marked };
    });
}

/** The parts as DOM nodes: matches in `<mark>`, the rest as text nodes (never parsed as HTML). */
export function highlightNodes(fragment: string, tag: 'em' | 'mark' = 'em'): Node[] {
  return highlightParts(fragment, tag).map((part) => {
    if (!part.marked) return document.createTextNode(part.text);
    const mark = document.createElement('mark');
    mark.textContent = part.text;
    return mark;
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

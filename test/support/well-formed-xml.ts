import { XMLValidator } from 'fast-xml-parser';

/**
 * Whether `text` is well-formed XML 1.0: fast-xml-parser's validator for the structure, plus the
 * Char production it does not check (a feed reader's parser refuses a control character, U+FFFE
 * or U+FFFF, or a lone surrogate anywhere in the document). Answers true or what is wrong.
 */
export function wellFormedXml(text: string): true | string {
  const structure = XMLValidator.validate(text);
  if (structure !== true) return JSON.stringify(structure.err);
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const allowed =
      code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
    if (!allowed) return `a character XML 1.0 forbids: U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return true;
}

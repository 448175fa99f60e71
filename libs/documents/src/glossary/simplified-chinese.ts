// The same Traditional-to-Simplified table the cases' analyzers use (one source for the fact).
import table from '../../../../elastic/index/zh-traditional-to-simplified.json';

const SIMPLIFIED = new Map(
  (table as string[]).map((rule) => {
    const [from, to] = rule.split('=>').map((side) => side.trim());
    return [from, to];
  }),
);

/** Traditional characters as Simplified, character by character (the glossary is Simplified). */
export function toSimplified(text: string): string {
  return [...text].map((char) => SIMPLIFIED.get(char) ?? char).join('');
}

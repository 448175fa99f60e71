// citation-js ships no types: the part of its public API the citations use (https://citation.js.org/api/0.7/).
declare module '@citation-js/core' {
  /** A list of CSL-JSON items, and their renderings by the registered output plugins. */
  export class Cite {
    constructor(data: unknown);
    /** The items as CSL-JSON. */
    data: Record<string, unknown>[];
    /** `name` is a registered output format ('bibtex', 'ris', 'data'); ris takes `{ format: 'object' }` for its tag records. */
    format(name: string, options?: Record<string, unknown>): unknown;
  }
}

declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';

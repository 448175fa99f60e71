import { CITE_FORMATS, type CiteFormat } from '../api/documents-client';
import { h } from '../dom/h';
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';

/**
 * "Cite this …: BibTeX · CSL-JSON · RIS": one link per format to the api's citation endpoint,
 * each saved (`download`) under `<name>.<extension>` rather than opened.
 */
export function citeLinks(label: MessageKey, name: string, urlFor: (format: CiteFormat) => string): HTMLElement {
  return h(
    'p',
    { class: 'cite' },
    t(label),
    t('wordSpace'),
    CITE_FORMATS.map(({ format, label: formatLabel, extension }, index) => [
      index > 0 && ' · ',
      h(
        'a',
        { href: urlFor(format), download: `${name}.${extension}`, 'data-format': format, 'aria-label': t('citeAs', { format: formatLabel }) },
        formatLabel,
      ),
    ]),
  );
}

import type { Environment } from './environment';

/** The attribution notice every response body carries (see the interface spec). */
export function licenseNotice(env: Pick<Environment, 'OPERATOR_NAME' | 'OPERATOR_SITE' | 'CONTACT_EMAIL'>): string {
  return (
    'Source records are public-domain government material. ' +
    `The organized, bilingual presentation is copyright ${env.OPERATOR_NAME}. ` +
    `Free to use with attribution and a link to ${env.OPERATOR_SITE}; ` +
    `for commercial use or higher volume, contact ${env.CONTACT_EMAIL}.`
  );
}

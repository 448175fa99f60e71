import { licenseNotice, type AppConfigService, type Environment } from '@app/config';

export const API_VERSION = 1;

/** A body inside the envelope. */
export type Enveloped<T extends object> = { version: number; license: string } & T;

/** The settings the envelope's license notice and link are made of. */
export type EnvelopeSettings = Pick<Environment, 'OPERATOR_NAME' | 'OPERATOR_SITE' | 'CONTACT_EMAIL'>;

/** Builds the `{version, license, ...}` wrapper shared by successes and errors. */
export class ResponseEnvelope {
  readonly license: string;
  /** For bodies that cannot carry the notice (the NDJSON export): an RFC 8288 link to the operator's terms. */
  readonly licenseLink: string;

  constructor(settings: EnvelopeSettings) {
    this.licenseLink = `<${settings.OPERATOR_SITE}>; rel="license"`;
    this.license = licenseNotice(settings);
  }

  static fromConfig(config: AppConfigService): ResponseEnvelope {
    return new ResponseEnvelope({
      OPERATOR_NAME: config.get('OPERATOR_NAME', { infer: true }),
      OPERATOR_SITE: config.get('OPERATOR_SITE', { infer: true }),
      CONTACT_EMAIL: config.get('CONTACT_EMAIL', { infer: true }),
    });
  }

  wrap<T extends object>(body: T): Enveloped<T> {
    return { version: API_VERSION, license: this.license, ...body };
  }

  /** An error body: the envelope around `error` (an ApiError; see errors/). */
  error<E extends object>(error: E): { version: number; license: string; error: E } {
    return this.wrap({ error });
  }
}

import { Injectable } from '@nestjs/common';
import { licenseNotice, AppConfigService } from '@app/config';

export const API_VERSION = 1;

/** Builds the `{version, license, ...}` wrapper shared by successes and errors. */
@Injectable()
export class ResponseEnvelope {
  readonly license: string;
  /** For bodies that cannot carry the notice (the NDJSON export): an RFC 8288 link to the operator's terms. */
  readonly licenseLink: string;

  constructor(config: AppConfigService) {
    this.licenseLink = `<${config.get('OPERATOR_SITE', { infer: true })}>; rel="license"`;
    this.license = licenseNotice({
      OPERATOR_NAME: config.get('OPERATOR_NAME', { infer: true }),
      OPERATOR_SITE: config.get('OPERATOR_SITE', { infer: true }),
      CONTACT_EMAIL: config.get('CONTACT_EMAIL', { infer: true }),
    });
  }

  wrap<T extends object>(body: T): { version: number; license: string } & T {
    return { version: API_VERSION, license: this.license, ...body };
  }

  /** An error body: the envelope around `error` (an ApiError; see errors/). */
  error<E extends object>(error: E): { version: number; license: string; error: E } {
    return this.wrap({ error });
  }
}

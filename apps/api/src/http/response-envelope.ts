import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment, licenseNotice } from '@app/config';
import type { ApiError } from './api-error';

export const API_VERSION = 1;

/** Builds the `{version, license, ...}` wrapper shared by successes and errors. */
@Injectable()
export class ResponseEnvelope {
  readonly license: string;
  /** For bodies that cannot carry the notice (the NDJSON export): an RFC 8288 link to the operator's terms. */
  readonly licenseLink: string;

  constructor(config: ConfigService<Environment, true>) {
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

  error(error: ApiError): { version: number; license: string; error: ApiError } {
    return this.wrap({ error });
  }
}

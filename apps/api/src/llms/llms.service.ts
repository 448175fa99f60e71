import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Environment } from '@app/config';
import { MAX_LIMIT } from '@app/cases';
import { MAX_RESULT_WINDOW } from '@app/search';
import { CachedBody } from '../response/cached-body';
import { ResponseEnvelope } from '../response/response-envelope';
import { buildLlmsTxt } from './llms-txt.builder';

@Injectable()
export class LlmsService {
  private document: OpenAPIObject | undefined;
  private readonly publicBaseUrl: string;

  constructor(
    private readonly config: ConfigService<Environment, true>,
    private readonly envelope: ResponseEnvelope,
  ) {
    this.publicBaseUrl = config.get('PUBLIC_BASE_URL', { infer: true }).replace(/\/+$/, '');
  }

  /** The served OpenAPI document, given once at boot: it is built from the controllers after the app exists. */
  describe(document: OpenAPIObject): void {
    this.document = document;
  }

  /** The guide for a request that came to `origin` (PUBLIC_BASE_URL wins), with its ETag. */
  render(origin: string, full: boolean): CachedBody {
    if (!this.document) throw new Error('LlmsService.describe() was not called at boot');
    const text = buildLlmsTxt(
      {
        document: this.document,
        baseUrl: this.publicBaseUrl || origin,
        license: this.envelope.license,
        quota: {
          requests: this.config.get('QUOTA_REQUESTS', { infer: true }),
          windowSeconds: this.config.get('QUOTA_WINDOW_SECONDS', { infer: true }),
        },
        paging: { maxLimit: MAX_LIMIT, maxWindow: MAX_RESULT_WINDOW },
        contactEmail: this.config.get('CONTACT_EMAIL', { infer: true }),
        mcpUrl: this.config.get('MCP_PUBLIC_URL', { infer: true }),
      },
      full,
    );
    return new CachedBody(Buffer.from(text));
  }
}

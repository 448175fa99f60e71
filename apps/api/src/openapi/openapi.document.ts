import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_VERSION } from '../response/response-envelope';

type Schema = Record<string, unknown>;

/**
 * @nestjs/swagger writes OpenAPI 3.0 schema keywords; 3.1 uses JSON Schema 2020-12, where
 * `nullable` means nothing. Rewrites `nullable: true` into a type list (`["number", "null"]`) or
 * an `anyOf` with null (for `$ref`s and `allOf`s), everywhere in the document.
 */
export function toOpenApi31Schemas<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => toOpenApi31Schemas(item)) as T;
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Schema;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, toOpenApi31Schemas(value)])) as Schema;
  if (nullable !== true) return converted as T;
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] } as T;
  if (Array.isArray(converted.enum) && !converted.enum.includes(null)) converted.enum = [...converted.enum, null];
  return { anyOf: [converted, { type: 'null' }] } as T;
}

/** The API's OpenAPI 3.1 document, generated from the controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('UAP Case Archive API')
    .setDescription(
      'An open, read-only JSON API over a bilingual (zh/en) archive of UAP case records from public-domain government records. ' +
        `Every body carries version ${API_VERSION} and a license notice; errors use the same envelope with an error object. ` +
        'No key is needed: every client gets a keyless quota per address. Operators can issue API keys with higher quotas, sent as X-API-Key or Authorization: Bearer.',
    )
    .setVersion(String(API_VERSION))
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Optional operator-issued key with a higher quota.' }, 'apiKey')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The same optional key, as a bearer token.' }, 'bearer')
    // Optional, not required: the empty requirement means "no key" is acceptable everywhere.
    .addSecurityRequirements({})
    .addSecurityRequirements('apiKey')
    .addSecurityRequirements('bearer')
    .build();
  return toOpenApi31Schemas(SwaggerModule.createDocument(app, config));
}

/** Serves the document at /api/openapi.json and Swagger UI at /api/docs; returns it for /llms.txt. */
export function setupOpenApi(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/openapi.json',
    yamlDocumentUrl: 'api/openapi.yaml',
    customSiteTitle: 'UAP Case Archive API',
  });
  return document;
}

export * from './archive-api';
export type { components, operations, paths } from './generated/openapi';
export { caseTypeValues, credibilityValues, locationPrecisionValues } from './generated/openapi';
/** The orders GET /api/cases takes as `sort`. */
export { pathsApiCasesGetParametersQuerySortValues as caseSortValues } from './generated/openapi';
/** The kinds GET /api/documents takes as `kind`. */
export { pathsApiDocumentsGetParametersQueryKindValues as documentKindValues } from './generated/openapi';
/** The ways GET /api/documents can fold copies of one page (`collapse`). */
export { pathsApiDocumentsGetParametersQueryCollapseValues as documentCollapseValues } from './generated/openapi';

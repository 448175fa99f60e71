export * from './archive-api';
export type { components, operations, paths } from './generated/openapi';
export { caseTypeValues, credibilityValues, locationPrecisionValues } from './generated/openapi';

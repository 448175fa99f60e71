export * from './case.enums';
export * from './case.types';
export * from './case-list.limits';
export * from './validation/case-record.dto';
export * from './validation/validate-cases';
export * from './revisions/case-revisions';
export * from './releases/pursue-releases';

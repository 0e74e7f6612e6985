export * from './submission-options.ts';
export * from './submission-draft.ts';
export * from './submission-schemas.ts';
export * from './submission-row.ts';

export * from './compare-selection.ts';
export * from './compare-rows.ts';

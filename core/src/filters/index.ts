export * from './filter-state.ts';
export * from './url-codec.ts';
export * from './item-rules.ts';

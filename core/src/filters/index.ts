export * from './filter-state.ts';
export * from './url-codec.ts';
export * from './item-rules.ts';
export * from './active-filters.ts';
export * from './search-result.ts';
export * from './partial-fill.ts';
export * from './search-text.ts';
export * from './search-args.ts';

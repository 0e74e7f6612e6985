export * from './item-history.ts';
export * from './word-diff.ts';

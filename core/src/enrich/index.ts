export * from './signals.ts';
export * from './link-check.ts';
export * from './run-enrich.ts';
export * from './rpc-store.ts';
export * from '../sources/http.ts';

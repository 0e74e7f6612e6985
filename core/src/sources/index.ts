export * from './source-fetch.ts';
export * from './harvest-item.ts';
export * from './domain-maps.ts';
export * from './openalex/index.ts';
export * from './crossref/index.ts';
export * from './github/index.ts';

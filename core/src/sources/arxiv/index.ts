export * from './atom.ts';
export * from './client.ts';
export * from './map-entry.ts';

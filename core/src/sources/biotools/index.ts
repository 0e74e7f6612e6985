export * from './client.ts';
export * from './map-tool.ts';
export * from './map-publications.ts';

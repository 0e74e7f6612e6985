export * from './client.ts';
export * from './map-tool.ts';

export * from './client.ts';
export * from './map-work.ts';

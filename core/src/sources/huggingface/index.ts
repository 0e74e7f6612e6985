export * from './client.ts';
export * from './map-repo.ts';

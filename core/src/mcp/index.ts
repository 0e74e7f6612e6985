export * from './catalog-client.ts';
export * from './catalog-tools.ts';
export * from './sciai-mcp-server.ts';
export { SearchCatalogInput, CompareItemsInput, MAX_PAGE_SIZE } from './tool-schemas.ts';

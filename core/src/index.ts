export * from './routes.ts';
export * from './format.ts';
export * from './domains.ts';
export * from './content.ts';
export * from './catalog/catalog-item.ts';

export * from './routes.ts';
export * from './format.ts';
export * from './domains.ts';
export * from './content.ts';
export * from './catalog/catalog-item.ts';
export * from './catalog/synthetic.ts';
export * from './browse-query.ts';
export * from './content-labels.ts';

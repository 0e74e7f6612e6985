export * from './catalog-item.ts';
export * from './item-markdown.ts';
export * from './markdown-text.ts';
export * from './catalog-record.ts';
export * from './import-ready-csv.ts';
export * from './llms-txt.ts';
export * from './embed-snippet.ts';
export * from './data-licenses.ts';

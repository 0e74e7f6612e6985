export * from './export-item.ts';
export * from './csv.ts';
export * from './json.ts';
export * from './bibtex.ts';
export * from './ris.ts';
export * from './library-export.ts';

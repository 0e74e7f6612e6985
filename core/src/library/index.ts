export * from './library-item.ts';
export * from './library-rules.ts';

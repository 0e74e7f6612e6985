export * from './review-rules.ts';
export * from './review-schemas.ts';
export * from './review-input.ts';
export * from './review-validation.ts';
export * from './review-text.ts';
export * from './review-seo.ts';
export * from './review-summary.ts';
export * from './review-reply-rules.ts';

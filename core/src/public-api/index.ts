export { API_EXAMPLES, curlCommand, SEARCH_EXAMPLE_BODY, type ApiExample } from './api-examples.ts';
export { EXAMPLE_ANSWER_SCHEMAS, SearchItemsArgumentsSchema } from './api-schemas.ts';
export { buildPublicOpenApiDocument, type PublicApiLimits } from './openapi-document.ts';

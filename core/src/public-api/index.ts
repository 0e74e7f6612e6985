export { API_EXAMPLES, curlCommand, SEARCH_EXAMPLE_BODY, type ApiExample } from './api-examples.ts';
export {
  buildPublicOpenApiDocument,
  EXAMPLE_ANSWER_SCHEMAS,
  SearchItemsArgumentsSchema,
  type PublicApiLimits,
} from './openapi-document.ts';

/**
 * `@paxman/contract/openapi`: the OpenAPI 3.0 / 3.1 adapter.
 */
export { OPENAPI_FORMAT, adaptOpenApi, contractToOpenApi, isOpenApiSource, openApiAdapter } from './openapi-adapter.js';

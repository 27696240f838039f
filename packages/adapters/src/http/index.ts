/**
 * `@fuel/adapters/http`: the API client over `fetch` and the gateway ports built on it.
 * @module
 */
export { newActionKey } from "./actionKey.ts";
export { gatewaysOver } from "./gateways.ts";
export { queryOf } from "./query.ts";
export { createHttpClient, type HttpClientOptions } from "./HttpClient.ts";
export { createDeskClient, type DeskClientOptions } from "./deskClient.ts";
export { createDocuments, type DocumentsOptions } from "./documents.ts";

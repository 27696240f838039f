import type { Schema } from "effect";
import { CustomerApi } from "./CustomerApi.ts";
import { DeskApi } from "./Desk.ts";
import { DeskActsApi } from "./DeskActs.ts";
import { DeskAdminApi } from "./DeskAdmin.ts";
import { DeskPlacesApi } from "./DeskPlaces.ts";
import type { Endpoint } from "./Endpoint.ts";
import { DeskInvoicesApi } from "./DeskInvoices.ts";
import { InvoicesApi } from "./Invoices.ts";
import { Empty } from "./Primitives.ts";

/**
 * The wire contract as one table (DESIGN.md §2, §5): the customer's and sandbox's endpoints
 * ({@link CustomerApi}) and the staff desk's (issue 26). The server decodes requests and encodes
 * answers with these schemas, and docs/api.md and the OpenAPI file are generated from the table.
 * @module
 */

/** The wire contract, keyed by a camelCase name per endpoint. */
export const Api = {
  ...CustomerApi,
  // ----- the staff desk (issue 26): src/api/Desk.ts
  ...DeskApi,
  // the desk's cashier and distributor acts: src/api/DeskActs.ts
  ...DeskActsApi,
  // the admin's stations: src/api/DeskPlaces.ts
  ...DeskPlacesApi,
  // the admin's people (staff, invite codes, the blacklist): src/api/DeskAdmin.ts
  ...DeskAdminApi,
  // invoices, the customer's and the desk's (issue 35): src/api/Invoices.ts
  ...InvoicesApi,
  ...DeskInvoicesApi,
} as const;

/** The name of an endpoint in {@link Api}. */
export type ApiName = keyof typeof Api;

/** The entry of the endpoint named `K`. */
export type ApiEndpoint<K extends ApiName = ApiName> = (typeof Api)[K];

/** The decoded request of the endpoint named `K`. */
export type RequestOf<K extends ApiName> = ApiEndpoint<K>["request"]["Type"];

/** The JSON request of the endpoint named `K`, as sent. */
export type RequestEncodedOf<K extends ApiName> = ApiEndpoint<K>["request"]["Encoded"];

/** The decoded answer data of the endpoint named `K`. */
export type ResponseOf<K extends ApiName> = ApiEndpoint<K>["response"]["Type"];

/** The JSON answer data of the endpoint named `K`, as sent. */
export type ResponseEncodedOf<K extends ApiName> = ApiEndpoint<K>["response"]["Encoded"];

/** Every endpoint of {@link Api}, in table order. */
export const ApiList: ReadonlyArray<ApiEndpoint> = Object.values(Api);

/** The names of {@link Api}'s endpoints, in table order. */
export const ApiNames: ReadonlyArray<ApiName> = Object.keys(Api) as ApiName[];

const byRoute: ReadonlyMap<string, Endpoint> = new Map(ApiList.map((e) => [`${e.method} ${e.path}`, e as Endpoint]));

/**
 * The endpoint answering `method` `path`, or undefined. The path is matched exactly (case
 * included: `/api/order/resetQR`), after dropping a query string or fragment. `HEAD` finds the
 * GET entry.
 */
export const findEndpoint = (method: string, path: string): Endpoint | undefined => {
  const m = method.toUpperCase();
  const p = path.replace(/[?#].*$/s, "");
  return byRoute.get(`${m === "HEAD" ? "GET" : m} ${p}`);
};

/** Whether an endpoint takes no payload (its request is `Empty`): no body to send, no query to read. */
export const isNoPayload = (e: Endpoint): boolean => e.request === (Empty as Schema.Top);

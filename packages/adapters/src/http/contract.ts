import { CustomerApi, type CustomerApiName } from "@fuel/domain/api";
import { decodeWith, type Route } from "./decodeWith.ts";

/**
 * The part of the app's HTTP client that needs the wire contract: the customer's endpoint table
 * (not the staff desk's: issue 26) and effect's `Schema` decoder (together about 24 KB gzip). {@link createHttpClient} loads this module on
 * demand (`import("./contract.ts")`), so the app's first chunk does not carry every endpoint's
 * schema; the browser fetches it while the first screen starts.
 */

/** Method and path of an endpoint of the contract, and whether sending it twice is harmless (a read). */
export const routeOf = (name: CustomerApiName): Route => CustomerApi[name];

/** The `data` of a success answer decoded with the endpoint's answer schema, or why it does not match. */
export const decodeAnswer = (name: CustomerApiName, data: unknown) => decodeWith(CustomerApi[name].response, data);

import { Api, type ApiName } from "@fuel/domain/api";
import { decodeWith, type Route } from "./decodeWith.ts";

/**
 * The staff desk's contract (issue 26): the whole endpoint table, the desk's own endpoints
 * included. Only the desk's bundle loads it (`createHttpClient({ contract: () =>
 * import("./deskContract.ts") })`); the customer's app loads ./contract.ts.
 */

export const routeOf = (name: ApiName): Route => Api[name];

export const decodeAnswer = (name: ApiName, data: unknown) => decodeWith(Api[name].response, data);

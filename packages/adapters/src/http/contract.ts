import { Api, type ApiName } from "@fuel/domain/api";
import { Cause, Exit, Option, Result, Schema } from "effect";

/**
 * The part of the HTTP client that needs the wire contract: the endpoint table and effect's
 * `Schema` decoder (together about 30 KB gzip). {@link createHttpClient} loads this module on
 * demand (`import("./contract.ts")`), so the app's first chunk does not carry every endpoint's
 * schema; the browser fetches it while the first screen starts.
 */

/** Method and path of an endpoint of the contract, and whether sending it twice is harmless (a read). */
export const routeOf = (name: ApiName): { readonly method: "GET" | "POST"; readonly path: string; readonly idempotent?: true } => Api[name];

/** The `data` of a success answer decoded with the endpoint's answer schema, or why it does not match. */
export const decodeAnswer = (name: ApiName, data: unknown): Result.Result<unknown, string> => {
  const decoded = Schema.decodeUnknownExit(Api[name].response as Schema.Codec<unknown, unknown>)(data);
  if (Exit.isSuccess(decoded)) return Result.succeed(decoded.value);
  const error = Option.getOrUndefined(Cause.findErrorOption(decoded.cause));
  return Result.fail(Schema.isSchemaError(error) ? error.message : "the answer does not match the contract");
};

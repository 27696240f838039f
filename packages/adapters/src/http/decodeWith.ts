import { Cause, Exit, Option, Result, Schema } from "effect";

/** Method and path of an endpoint, and whether sending it twice is harmless (a read). */
export interface Route {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly idempotent?: true;
}

/** The `data` of a success answer decoded with an endpoint's answer schema, or why it does not match. */
export const decodeWith = (response: Schema.Top, data: unknown): Result.Result<unknown, string> => {
  const decoded = Schema.decodeUnknownExit(response as Schema.Codec<unknown, unknown>)(data);
  if (Exit.isSuccess(decoded)) return Result.succeed(decoded.value);
  const error = Option.getOrUndefined(Cause.findErrorOption(decoded.cause));
  return Result.fail(Schema.isSchemaError(error) ? error.message : "the answer does not match the contract");
};

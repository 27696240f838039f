import { Api, examples, type ApiName, type RequestEncodedOf, type ResponseOf } from "@fuel/domain/api";
import { Effect, Schema } from "effect";
import type { ApiCaller, CallOptions } from "../ports/Api.ts";
import type { ApiError } from "../ports/errors.ts";

/**
 * An in-memory {@link ApiCaller} for store tests: every endpoint answers its contract example
 * unless a test scripts it (`on`, `fail`), and every call is recorded. Build the gateway ports on
 * it with `gatewaysOver`, exactly as the app builds them on the HTTP client.
 */

export type Handler<K extends ApiName> = (input: RequestEncodedOf<K>, options: CallOptions | undefined) => Effect.Effect<ResponseOf<K>, ApiError>;

export interface RecordedCall {
  readonly name: ApiName;
  readonly input: unknown;
  readonly options: CallOptions | undefined;
}

const exampleAnswer = <K extends ApiName>(name: K): ResponseOf<K> =>
  Schema.decodeUnknownSync(Api[name].response as Schema.Codec<unknown, unknown>)(examples[name].response) as ResponseOf<K>;

export class ScriptedApi implements ApiCaller {
  readonly calls: RecordedCall[] = [];
  readonly #handlers = new Map<ApiName, Handler<ApiName>>();

  /** Scripts an endpoint: a function of the input, or one answer for every call. */
  on<K extends ApiName>(name: K, answer: Handler<K> | ResponseOf<K>): this {
    const handler: Handler<K> = typeof answer === "function" ? (answer as Handler<K>) : () => Effect.succeed(answer);
    this.#handlers.set(name, handler as unknown as Handler<ApiName>);
    return this;
  }

  /** Scripts an endpoint to fail with `error` on every call. */
  fail<K extends ApiName>(name: K, error: ApiError): this {
    return this.on(name, () => Effect.fail(error));
  }

  /** The calls made to one endpoint, in order. */
  callsTo(name: ApiName): RecordedCall[] {
    return this.calls.filter((c) => c.name === name);
  }

  call<K extends ApiName>(name: K, input: RequestEncodedOf<K>, options?: CallOptions): Effect.Effect<ResponseOf<K>, ApiError> {
    return Effect.suspend(() => {
      this.calls.push({ name, input, options });
      const handler = this.#handlers.get(name) as Handler<K> | undefined;
      return handler === undefined ? Effect.succeed(exampleAnswer(name)) : handler(input, options);
    });
  }
}

import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { Api, ApiNames, examples, type Endpoint } from "../../src/api/index.ts";

const decodes = (schema: Schema.Top, input: unknown): boolean =>
  Result.isSuccess(Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input));

describe("examples", () => {
  it("there is exactly one example per endpoint", () => {
    expect(Object.keys(examples).sort()).toEqual([...ApiNames].sort());
  });

  for (const name of ApiNames) {
    const endpoint: Endpoint = Api[name];
    const example = examples[name];

    it(`${endpoint.method} ${endpoint.path}: the example request decodes`, () => {
      const result = Schema.decodeUnknownResult(endpoint.request as Schema.Codec<unknown, unknown>)(example.request);
      expect(Result.isSuccess(result), String(Result.isFailure(result) ? result.failure : "")).toBe(true);
    });

    it(`${endpoint.method} ${endpoint.path}: the example answer decodes`, () => {
      const result = Schema.decodeUnknownResult(endpoint.response as Schema.Codec<unknown, unknown>)(example.response);
      expect(Result.isSuccess(result), String(Result.isFailure(result) ? result.failure : "")).toBe(true);
    });

    it(`${endpoint.method} ${endpoint.path}: the example answer survives a JSON round trip and re-encodes to itself`, () => {
      const wire = JSON.parse(JSON.stringify(example.response)) as unknown;
      const codec = endpoint.response as Schema.Codec<unknown, unknown>;
      const decoded = Schema.decodeUnknownSync(codec)(wire);
      expect(Schema.encodeUnknownSync(codec)(decoded)).toEqual(wire);
    });
  }

  it("a request with unknown extra fields still decodes, without them", () => {
    const body = { ...examples.orderDetail.request, injected: "x" };
    expect(decodes(Api.orderDetail.request, body)).toBe(true);
    expect(Schema.decodeUnknownSync(Api.orderDetail.request)(body)).toEqual({ order_id: 5001 });
  });
});

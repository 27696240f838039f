import { Api, ApiNames, examples, type ApiName } from "@fuel/domain/api";
import { Effect, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { NotActivated, offline, ServerRefused } from "../../src/ports/errors.ts";
import { ScriptedApi } from "../../src/testing/ScriptedApi.ts";

const decodedExample = (name: ApiName): unknown =>
  Schema.decodeUnknownSync(Api[name].response as Schema.Codec<unknown, unknown>)(examples[name].response);

const callExample = (api: ScriptedApi, name: ApiName) => api.call(name, examples[name].request as never);

describe("ScriptedApi", () => {
  it.each(ApiNames.map((name) => [name]))("unscripted, %s answers its decoded contract example", async (name) => {
    const api = new ScriptedApi();
    expect(await Effect.runPromise(callExample(api, name))).toEqual(decodedExample(name));
  });

  it("every endpoint of the contract has a default answer", async () => {
    const api = new ScriptedApi();
    const answers = await Effect.runPromise(Effect.forEach(ApiNames, (name) => Effect.exit(callExample(api, name))));
    expect(answers.every((exit) => exit._tag === "Success")).toBe(true);
    expect(api.calls.map((c) => c.name)).toEqual([...ApiNames]);
  });

  it("on with a value answers it to every call of that endpoint, and only that endpoint", async () => {
    const version = { version: "v9", label: "scripted" };
    const api = new ScriptedApi().on("version", version);
    expect(await Effect.runPromise(api.call("version", {}))).toEqual(version);
    expect(await Effect.runPromise(api.call("version", {}))).toEqual(version);
    expect(await Effect.runPromise(api.call("webInfo", {}))).toEqual(decodedExample("webInfo"));
  });

  it("on with a function answers from the input and the call options", async () => {
    const api = new ScriptedApi().on("paymentQueryResult", (input, options) =>
      Effect.succeed({ order_status: input.order_id === 7 ? 2 : 1, paid: options?.idempotencyKey === "k" }),
    );
    expect(await Effect.runPromise(api.call("paymentQueryResult", { order_id: 7 }, { idempotencyKey: "k" }))).toEqual({ order_status: 2, paid: true });
    expect(await Effect.runPromise(api.call("paymentQueryResult", { order_id: 8 }))).toEqual({ order_status: 1, paid: false });
  });

  it("a later on replaces the earlier script of the same endpoint", async () => {
    const api = new ScriptedApi().on("isBlacklist", 1).on("isBlacklist", 0);
    expect(await Effect.runPromise(api.call("isBlacklist", { phone: "13700137000" }))).toBe(0);
  });

  it("fail makes every call of that endpoint fail with the error", async () => {
    const refused = new ServerRefused({ message: "enter a correct phone number", status: 400, tag: "PhoneInvalid" });
    const api = new ScriptedApi().fail("sendSms", refused);
    expect(await Effect.runPromise(Effect.flip(api.call("sendSms", { phone: "1" })))).toBe(refused);
    expect(await Effect.runPromise(Effect.flip(api.call("sendSms", { phone: "2" })))).toBe(refused);
    expect(await Effect.runPromise(api.call("logout", {}))).toBeNull();
  });

  it("a later fail or on replaces an earlier failure script", async () => {
    const api = new ScriptedApi().fail("userInfo", new NotActivated({ message: "not activated" }));
    expect((await Effect.runPromise(Effect.flip(api.call("userInfo", {}))))._tag).toBe("NotActivated");
    api.on("userInfo", () => Effect.fail(offline()));
    expect((await Effect.runPromise(Effect.flip(api.call("userInfo", {}))))._tag).toBe("Offline");
  });

  it("calls are recorded in order with their input and options", async () => {
    const api = new ScriptedApi();
    await Effect.runPromise(api.call("cityList", {}));
    await Effect.runPromise(api.call("orderCreate", examples.orderCreate.request, { idempotencyKey: "key-1" }));
    await Effect.runPromise(api.call("cityStations", { city: "广州市" }));
    expect(api.calls).toEqual([
      { name: "cityList", input: {}, options: undefined },
      { name: "orderCreate", input: examples.orderCreate.request, options: { idempotencyKey: "key-1" } },
      { name: "cityStations", input: { city: "广州市" }, options: undefined },
    ]);
  });

  it("failed calls are recorded too", async () => {
    const api = new ScriptedApi().fail("activate", new ServerRefused({ message: "invalid invite code", status: 400, tag: undefined }));
    await Effect.runPromise(Effect.exit(api.call("activate", { code: "NOPE" })));
    expect(api.calls).toEqual([{ name: "activate", input: { code: "NOPE" }, options: undefined }]);
  });

  it("callsTo lists one endpoint's calls, in order", async () => {
    const api = new ScriptedApi();
    await Effect.runPromise(api.call("orderDetail", { order_id: 1 }));
    await Effect.runPromise(api.call("webInfo", {}));
    await Effect.runPromise(api.call("orderDetail", { order_id: 2 }));
    expect(api.callsTo("orderDetail").map((c) => c.input)).toEqual([{ order_id: 1 }, { order_id: 2 }]);
    expect(api.callsTo("orderCancel")).toEqual([]);
  });

  it("a call is recorded when its effect runs, not when it is built", async () => {
    const api = new ScriptedApi();
    const call = api.call("version", {});
    expect(api.calls).toEqual([]);
    await Effect.runPromise(call);
    await Effect.runPromise(call);
    expect(api.callsTo("version")).toHaveLength(2);
  });
});

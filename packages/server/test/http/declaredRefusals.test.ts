import { Api, refusalsOf } from "@fuel/domain/api";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandler } from "../../src/http/errorHandler.ts";
import { declaredTags, refusalTag } from "../../src/http/refusalAnswers.ts";
import { refuse } from "../../src/refusals/Refusal.ts";
import { checkDeclaredRefusals, takeUndeclaredRefusals } from "../helpers/refusalCheck.ts";

describe("the contract's refusal lists", () => {
  it("an endpoint's declared tags are its own refusals' and those of its access", () => {
    const tags = declaredTags(Api.orderCreate);
    for (const tag of ["TooManyUnpaidOrders", "AmountAboveLimit", "Unauthorized", "Blacklisted", "NotActivated", "DatabaseUnavailable"]) expect(tags.has(tag), tag).toBe(true);
    expect(tags.has("QrUnknown")).toBe(false);
  });

  it("a refusal whose key is not its tag is declared by its tag (LoginFailed_password answers LoginFailed)", () => {
    expect(refusalTag("LoginFailed_password")).toBe("LoginFailed");
    expect(declaredTags(Api.login).has("LoginFailed")).toBe(true);
  });

  it("every refusal the contract lists is in the catalogue once per endpoint", () => {
    for (const e of Object.values(Api)) expect(new Set(refusalsOf(e)).size, e.path).toBe(refusalsOf(e).length);
  });

  it("the tests' hook records a refusal its endpoint does not declare, and only that", async () => {
    const app = Fastify();
    installErrorHandler(app);
    checkDeclaredRefusals(app);
    app.get(Api.version.path, async () => {
      throw refuse("QrUnknown");
    });
    app.post(Api.orderDetail.path, async () => {
      throw refuse("OrderNotFound");
    });
    await app.inject({ method: "POST", url: Api.orderDetail.path });
    expect(takeUndeclaredRefusals()).toEqual([]);
    const refused = await app.inject({ method: "GET", url: Api.version.path });
    expect(refused.statusCode).toBe(404);
    expect(takeUndeclaredRefusals()).toEqual([expect.stringContaining("GET /api/version answered x-error-tag QrUnknown")]);
    await app.close();
  });
});

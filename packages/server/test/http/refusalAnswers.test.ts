import { Validation } from "@fuel/domain";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { refusalAnswer } from "../../src/http/refusalAnswers.ts";
import { orRefuse, refusalOf, refuse } from "../../src/refusals/Refusal.ts";

/** The one table from a use case's refusal to its HTTP answer (src/http/refusalAnswers.ts). */
describe("refusalAnswer", () => {
  it("answers a listed reason with its status, its catalogue text and the reason as x-error-tag", () => {
    expect(refusalAnswer(refuse("OrderNotFound"))).toEqual({ status: 404, message: "order not found", headers: { "x-error-tag": "OrderNotFound" } });
  });

  it("answers a reason the table does not list as a broken input rule: 400", () => {
    expect(refusalAnswer(refuse("RefundReasonMissing")).status).toBe(400);
  });

  it("fills the text's values from the refusal's data", () => {
    expect(refusalAnswer(refuse("TooManyUnpaidOrders", { max: 5 })).message).toBe("you have 5 unpaid orders: pay or cancel one first");
  });

  it("sends the text's values as x-error-params (URI-encoded JSON), so the app can word it in Chinese (issue 22)", () => {
    const headers = refusalAnswer(refuse("OrderCreationsLimited", { minutes: 7 })).headers;
    expect(JSON.parse(decodeURIComponent(headers["x-error-params"] ?? ""))).toEqual({ minutes: 7 });
    // Latin-1 only in a header: a Chinese value travels encoded.
    const station = refusalAnswer(refuse("InviteCodeWrong", { tel: "客服 400-800-8888" })).headers["x-error-params"] ?? "";
    expect(station).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(decodeURIComponent(station))).toEqual({ tel: "客服 400-800-8888" });
  });

  it("sends no x-error-params without values or without a tag", () => {
    expect(refusalAnswer(refuse("OrderNotFound")).headers).not.toHaveProperty("x-error-params");
    expect(refusalAnswer(refuse("SiteSettingsMissing", { x: 1 })).headers).not.toHaveProperty("x-error-params");
    // Values the text does not name stay on the server.
    expect(refusalAnswer(refuse("OrderNotFound", { order_id: 5 })).headers).not.toHaveProperty("x-error-params");
  });

  it("sends a refusal's tagged problem_list too, though its text does not name it (issue 26: the desk words each problem)", () => {
    const headers = refusalAnswer(refuse("StationInvalid", { problems: "city is empty", problem_list: '[{"key":"StationFieldEmpty","params":{"field":"city"}}]', other: 1 })).headers;
    expect(JSON.parse(decodeURIComponent(headers["x-error-params"] ?? ""))).toEqual({
      problems: "city is empty",
      problem_list: '[{"key":"StationFieldEmpty","params":{"field":"city"}}]',
    });
  });

  it("sends the shared tag the table names for several texts", () => {
    expect(refusalAnswer(refuse("LoginFailed_captcha")).headers["x-error-tag"]).toBe("LoginFailed");
    expect(refusalAnswer(refuse("LoginFailed_password")).headers["x-error-tag"]).toBe("LoginFailed");
  });

  it("sends no x-error-tag for a reason the table marks untagged", () => {
    expect(refusalAnswer(refuse("SiteSettingsMissing"))).toEqual({
      status: 503,
      message: "site settings are not configured yet, try again later",
      headers: {},
    });
  });

  it("turns retryAfterSeconds into whole seconds of retry-after, at least 1", () => {
    expect(refusalAnswer(refuse("ServerBusy", undefined, 2.1)).headers["retry-after"]).toBe("3");
    expect(refusalAnswer(refuse("ServerBusy", undefined, 0)).headers["retry-after"]).toBe("1");
  });

  it("the card page's preconditions (issue 13) are conflicts with the account's state: 409 with their own tag, never 401/403/422", () => {
    const cases = [
      [new Validation.OfficialAccountRequired(), "the official account is upgrading, please try again later"],
      [new Validation.OfficialAccountNotFollowed(), "follow our official account first to top up this card"],
      [new Validation.CardIdRequired(), "card id is missing"],
    ] as const;
    for (const [error, message] of cases) {
      expect(refusalAnswer(refusalOf(error))).toEqual({ status: 409, message, headers: { "x-error-tag": error._tag } });
    }
  });

  it("the card page's 10000-yuan limit is a broken input rule: 400 ContactDistributor", () => {
    expect(refusalAnswer(refusalOf(new Validation.ContactDistributor({ limitYuan: 10_000 })))).toEqual({
      status: 400,
      message: "amounts over 10000 yuan: please contact your distributor",
      headers: { "x-error-tag": "ContactDistributor", "x-error-params": encodeURIComponent(JSON.stringify({ limitYuan: 10_000 })) },
    });
  });

  it("keeps a domain error's own tag and data", () => {
    const answer = refusalAnswer(refusalOf(new Validation.AmountAboveLimit({ limitYuan: 5000, page: "cardPurchase" })));
    expect(answer).toEqual({ status: 400, message: "single amount cannot exceed 5000 yuan", headers: { "x-error-tag": "AmountAboveLimit" } });
  });
});

describe("orRefuse", () => {
  it("gives back a rule's success", () => {
    expect(orRefuse(Result.succeed(7))).toBe(7);
  });

  it("throws a rule's failure as a refusal for its catalogue key", () => {
    expect(() => orRefuse(Validation.validatePhone("123"))).toThrow(expect.objectContaining({ reason: "PhoneInvalid", domainTag: "PhoneInvalid" }));
  });
});

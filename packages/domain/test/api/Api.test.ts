import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import * as ApiModule from "../../src/api/index.ts";
import { Api, ApiList, ApiNames, Empty, findEndpoint, isNoPayload, type Endpoint } from "../../src/api/index.ts";

describe("the endpoint table", () => {
  it("every path starts with /api/", () => {
    for (const e of ApiList) expect(e.path, e.summary).toMatch(/^\/api\//);
  });

  it("every method + path is unique", () => {
    const routes = ApiList.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("ApiList holds every entry of Api, in table order", () => {
    expect(ApiList).toEqual(ApiNames.map((name) => Api[name]));
    expect(ApiList.length).toBe(Object.keys(Api).length);
  });

  it("every endpoint has a one-line summary", () => {
    for (const e of ApiList) {
      expect(e.summary.length).toBeGreaterThan(0);
      expect(e.summary).not.toContain("\n");
    }
  });

  it("GET endpoints take no body: Empty, or a query struct (sandbox SMS, sandbox geocode)", () => {
    const gets = ApiList.filter((e) => e.method === "GET");
    expect(gets.map((e) => e.path).sort()).toEqual(
      ["/api/desk/audit", "/api/desk/blacklist", "/api/desk/invites", "/api/desk/invoices", "/api/desk/invoices/export", "/api/desk/invoices/pdf", "/api/desk/me", "/api/desk/orders", "/api/desk/orders/detail", "/api/desk/orders/export", "/api/desk/queue", "/api/desk/settings", "/api/desk/staff", "/api/desk/stations", "/api/desk/stations/export", "/api/invoice/list", "/api/invoice/pdf", "/api/invoice/titles", "/api/ready", "/api/recharge/cardlist", "/api/sandbox/geocode", "/api/sandbox/sms", "/api/station/citylist", "/api/user/info", "/api/version", "/api/webinfo/read"].sort(),
    );
    const withQuery = ["/api/desk/audit", "/api/desk/invites", "/api/desk/invoices", "/api/desk/invoices/export", "/api/desk/invoices/pdf", "/api/invoice/pdf", "/api/desk/orders", "/api/desk/orders/detail", "/api/desk/orders/export", "/api/desk/stations/export", "/api/sandbox/geocode", "/api/sandbox/sms"];
    for (const e of gets) if (!withQuery.includes(e.path)) expect(isNoPayload(e)).toBe(true);
  });

  it("every GET endpoint is idempotent: the app may send it again after a 503", () => {
    for (const e of ApiList.filter((x) => x.method === "GET")) expect(e.idempotent, e.path).toBe(true);
  });

  it("the idempotent POSTs are the reads and the one-code look-up; no write that changes state is marked", () => {
    const posts = ApiNames.filter((name) => Api[name].method === "POST" && Api[name].idempotent === true);
    expect(posts.sort()).toEqual(
      ["cityStations", "deskLookup", "invoiceDetail", "isBlacklist", "kepaiQrCode", "orderDetail", "orderList", "paymentQueryResult", "rechargeCardsByPhone", "rechargeCardsByTeam"].sort(),
    );
  });

  it("keeps the spec's spellings", () => {
    expect(Api.isBlacklist.path).toBe("/api/balcklist/isBlacklist");
    expect(Api.orderResetQr.path).toBe("/api/order/resetQR");
    expect(Api.rechargeCardsByPhone.path).toBe("/api/recharge/getRechargeCardByPhone");
  });

  it("every sandbox endpoint and the payment notification are public", () => {
    for (const e of ApiList.filter((x) => x.path.startsWith("/api/sandbox/"))) expect(e.access).toBe("none");
    expect(Api.paymentNotify.access).toBe("none");
    expect(Api.paymentFyNotify.access).toBe("none");
    expect(Api.invoiceNotify.access).toBe("none");
  });

  it("orders, payments and recharge need an activated account", () => {
    for (const e of ApiList) {
      if (/^\/api\/(order|payment|paymentfy|kepai|recharge|rechargeorder)\//.test(e.path) && !e.path.endsWith("/notify")) {
        expect(e.access, e.path).toBe("activated");
      }
    }
  });

  it("spec §7's paths are all in the table", () => {
    const spec = [
      "GET /api/user/info",
      "GET /api/webinfo/read",
      "GET /api/version",
      "POST /api/login",
      "POST /api/sendsms",
      "POST /api/wechatauth",
      "POST /api/bindphone",
      "POST /api/logout",
      "POST /api/check_captcha",
      "POST /api/setpassword",
      "POST /api/user/resetpassword",
      "POST /api/balcklist/isBlacklist",
      "POST /api/activacode/check",
      "GET /api/station/citylist",
      "POST /api/station/current_city_list",
      "POST /api/order/create",
      "POST /api/order/list",
      "POST /api/order/detail",
      "POST /api/order/cancel",
      "POST /api/order/resetQR",
      "POST /api/payment/query",
      "POST /api/paymentfy/query",
      "POST /api/payment/query_result",
      "POST /api/kepai/getqrcode",
      "GET /api/recharge/cardlist",
      "POST /api/recharge/getcardnumbyteam",
      "POST /api/recharge/getRechargeCardByPhone",
      "POST /api/rechargeorder/create",
    ];
    for (const route of spec) {
      const [method, path] = route.split(" ") as [string, string];
      expect(findEndpoint(method, path), route).toBeDefined();
    }
  });
});

describe("findEndpoint", () => {
  it("finds an entry by method and exact path", () => {
    expect(findEndpoint("POST", "/api/order/create")).toBe(Api.orderCreate);
    expect(findEndpoint("get", "/api/version")).toBe(Api.version);
  });

  it("ignores a query string", () => {
    expect(findEndpoint("GET", "/api/sandbox/sms?phone=13800138000")).toBe(Api.sandboxSms);
  });

  it("answers GET's entry for HEAD", () => {
    expect(findEndpoint("HEAD", "/api/version")).toBe(Api.version);
  });

  it("is undefined for an unknown path or the wrong method", () => {
    expect(findEndpoint("GET", "/api/order/create")).toBeUndefined();
    expect(findEndpoint("POST", "/api/nope")).toBeUndefined();
    expect(findEndpoint("POST", "/api/order/resetqr")).toBeUndefined();
  });
});

describe("exports", () => {
  it("every schema export is a schema, and Empty decodes {}", () => {
    const schemas = Object.entries(ApiModule).filter(([, v]) => Schema.isSchema(v));
    expect(schemas.length).toBeGreaterThan(40);
    expect(Schema.decodeUnknownSync(Empty)({})).toEqual({});
  });

  it("every request and answer schema turns into a JSON Schema document (for docs/api.md and OpenAPI)", () => {
    for (const e of ApiList as ReadonlyArray<Endpoint>) {
      expect(() => Schema.toJsonSchemaDocument(e.request), e.path).not.toThrow();
      expect(() => Schema.toJsonSchemaDocument(e.response), e.path).not.toThrow();
    }
  });
});

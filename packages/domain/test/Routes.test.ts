import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_LIST_TABS } from "../src/Order.ts";
import {
  guard,
  INVOICE_TITLES_PATH,
  INVOICES_PATH,
  invoiceApplyPath,
  invoicePath,
  invoiceTitlePath,
  matchRoute,
  orderDetailPath,
  orderListPath,
  rechargeOrderDetailPath,
  ROUTES,
} from "../src/Routes.ts";

const anonymous = { token: null, activated: false };
const signedIn = { token: "t", activated: false };
const activated = { token: "t", activated: true };

describe("Routes table (spec §2)", () => {
  it("lists the spec's 30 paths plus /recharge/2 and issue 35's five invoice pages, each once", () => {
    expect(ROUTES).toHaveLength(36);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(36);
  });
  it("keeps alive exactly /stationlist, /citylist and /testStationlist", () => {
    expect(ROUTES.filter((r) => r.keepAlive).map((r) => r.path).sort()).toEqual(["/citylist", "/stationlist", "/testStationlist"]);
  });
  it("shows the tab bar on the three tab pages and on the card page, the home after sign-in (issue 13)", () => {
    expect(ROUTES.filter((r) => r.tabBar).map((r) => r.path).sort()).toEqual(["/personal", "/recharge", "/recharge/1/:card_num", "/recharge/2", "/recharge2", "/rechargeStationList"]);
  });
  it("matches patterns, trailing slashes and query strings", () => {
    expect(matchRoute("/orderDetail/42")?.path).toBe("/orderDetail/:id");
    expect(matchRoute("/orderDetail/2/42")?.path).toBe("/orderDetail/2/:id");
    expect(matchRoute("/recharge2/")?.path).toBe("/recharge2");
    expect(matchRoute("/paycallback/?sub_mch_id=1&out_trade_no=2&check_code=3")?.path).toBe("/paycallback");
    expect(matchRoute("/recharge/1/1234567")?.path).toBe("/recharge/1/:card_num");
    expect(matchRoute("/nowhere")).toBeUndefined();
  });
  it("issue 35: the invoice pages need an activated customer, and their addresses match their routes", () => {
    for (const path of [INVOICES_PATH, invoicePath(41), invoiceApplyPath([5001, 5007]), INVOICE_TITLES_PATH, invoiceTitlePath(), invoiceTitlePath(3)]) {
      expect(matchRoute(path)?.auth).toBe(true);
      expect(guard(path, anonymous)).toEqual({ _tag: "Redirect", to: "/login" });
      expect(guard(path, signedIn)).toEqual({ _tag: "Redirect", to: "/activated" });
      expect(guard(path, activated)).toEqual({ _tag: "Allow" });
    }
    expect(invoiceApplyPath([5001, 5007])).toBe("/invoiceApply?order_ids=5001,5007");
    expect(matchRoute(invoicePath(41))?.path).toBe("/invoice/:id");
    expect(invoiceTitlePath(3)).toBe("/invoiceTitle?title_id=3");
  });
});

describe("Routes.guard (spec §2)", () => {
  it("with a token, / and /login go to /recharge/2", () => {
    expect(guard("/", activated)).toEqual({ _tag: "Redirect", to: "/recharge/2" });
    expect(guard("/login", signedIn)).toEqual({ _tag: "Redirect", to: "/recharge/2" });
  });
  it("a protected route without a token goes to /login", () => {
    expect(guard("/orderlist", anonymous)).toEqual({ _tag: "Redirect", to: "/login" });
    expect(guard("/orderDetail/9", { token: "", activated: true })).toEqual({ _tag: "Redirect", to: "/login" });
  });
  it("a protected route with a token but no activation goes to /activated", () => {
    expect(guard("/personal", signedIn)).toEqual({ _tag: "Redirect", to: "/activated" });
  });
  it("an activated customer may open protected routes", () => {
    expect(guard("/personal", activated)).toEqual({ _tag: "Allow" });
  });
  it("public routes are open to everyone", () => {
    for (const p of ["/stationlist", "/citylist", "/bindPhone", "/activated", "/login", "/coupons"]) {
      expect(guard(p, anonymous)).toEqual({ _tag: "Allow" });
    }
  });
  it("every auth route redirects an anonymous visitor to /login", () => {
    for (const r of ROUTES.filter((x) => x.auth)) {
      expect(guard(r.path.replace(/:\w+/g, "1"), anonymous)).toEqual({ _tag: "Redirect", to: "/login" });
    }
  });
});

describe("Routes.orderListPath (spec §2 /orderlist tabs)", () => {
  it("opens the order list on a tab through the tab parameter", () => {
    expect(orderListPath("unpaid")).toBe("/orderlist?tab=unpaid");
  });

  it("is an address of the /orderlist route for every tab", () => {
    for (const tab of ORDER_LIST_TABS) expect(matchRoute(orderListPath(tab))?.path).toBe("/orderlist");
  });
});

describe("Routes' path builders", () => {
  it("build addresses their own route matches, for any order id", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(matchRoute(orderDetailPath(id))?.path).toBe("/orderDetail/:id");
        expect(matchRoute(rechargeOrderDetailPath(id))?.path).toBe("/orderDetail/2/:id");
      }),
    );
  });
});

import { ServerRefused } from "@fuel/adapters/ports";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import LoginPage from "../../src/pages/LoginPage.tsx";
import WechatLoginPage from "../../src/pages/WechatLoginPage.tsx";
import { OAUTH_STATE_KEY } from "../../src/stores/SignInStore.ts";
import { renderPage, testRoot } from "../support/render.tsx";

const where = () => screen.getByTestId("location").textContent;

describe("/login", () => {
  it("shows only the authorization button, under the app's name and what it does", () => {
    renderPage(<LoginPage />, { path: "/login" });
    expect(screen.getByRole("heading", { name: "Fuel" })).toBeTruthy();
    expect(screen.getByText("Discounted diesel at stations near you, one-key fuel orders and fuel card top-ups.")).toBeTruthy();
    expect(within(screen.getByRole("main")).getAllByRole("button").map((b) => b.textContent)).toEqual(["Sign in with WeChat"]);
  });

  it("tapping the button goes to /wechatlogin", async () => {
    renderPage(<LoginPage />, { path: "/login" });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with WeChat" }));
    expect(where()).toBe("/wechatlogin");
  });

  it("the button submits a plain GET form to /wechatlogin, so it works from the prerendered HTML before the app's script arrives", () => {
    renderPage(<LoginPage />, { path: "/login" });
    const button = screen.getByRole("button", { name: "Sign in with WeChat" }) as HTMLButtonElement;
    expect(button.type).toBe("submit");
    expect(button.form?.getAttribute("action")).toBe("/wechatlogin");
    expect(button.form?.method).toBe("get");
  });

  it("speaks Chinese to a Chinese customer", () => {
    renderPage(<LoginPage />, { path: "/login", root: testRoot({ locale: "zh-CN" }) });
    expect(screen.getByRole("button", { name: "微信授权登录" })).toBeTruthy();
    expect(screen.getByText("查看附近油站的优惠柴油价格，一键加油，油卡充值。")).toBeTruthy();
  });
});

describe("/wechatlogin", () => {
  it("without a code, says it is opening the authorization and leaves for it", async () => {
    const root = testRoot();
    renderPage(<WechatLoginPage />, { path: "/wechatlogin", root });
    expect(screen.getByText("Opening WeChat authorization…")).toBeTruthy();
    await waitFor(() => expect((root.ports.browser as unknown as { visited: string[] }).visited).toHaveLength(1));
  });

  it("with a code and the kept state, exchanges it: an unbound phone lands on /bindPhone", async () => {
    const root = testRoot();
    root.ports.tabValues.set(OAUTH_STATE_KEY, "s1");
    renderPage(<WechatLoginPage />, { path: "/wechatlogin?code=c1&state=s1", root });
    await waitFor(() => expect(where()).toBe("/bindPhone"));
    expect(root.ports.api.callsTo("wechatAuth")).toHaveLength(1);
  });

  it("a different state goes back to /login with the refusal", async () => {
    const root = testRoot();
    root.ports.tabValues.set(OAUTH_STATE_KEY, "s1");
    renderPage(<WechatLoginPage />, { path: "/wechatlogin?code=c1&state=other", root });
    await waitFor(() => expect(where()).toBe("/login"));
    expect(root.notices.latest?.text).toBe("This sign-in link has expired or did not come from this app. Please sign in again.");
  });

  it("a refused code shows why, with a button to sign in again (en and zh-CN)", async () => {
    for (const locale of ["en", "zh-CN"] as const) {
      const root = testRoot({ locale });
      root.ports.tabValues.set(OAUTH_STATE_KEY, "s1");
      root.ports.api.fail("wechatAuth", new ServerRefused({ message: "invalid authorization code, authorize again", status: 400, tag: "OauthCodeRejected_unknown" }));
      const view = renderPage(<WechatLoginPage />, { path: "/wechatlogin?code=c1&state=s1", root });
      // The server's tag names the catalogue's text: the customer reads it in their own language.
      const why = locale === "en" ? "invalid authorization code, authorize again" : "授权码无效，请重新授权";
      expect(await screen.findByRole("alert")).toHaveProperty("textContent", why);
      const again = locale === "en" ? "Sign in again" : "重新登录";
      await userEvent.click(screen.getByRole("button", { name: again }));
      expect((root.ports.browser as unknown as { visited: string[] }).visited).toHaveLength(1);
      view.unmount();
    }
  });
});

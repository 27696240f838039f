import { offline } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { act, fireEvent, screen } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import ContactPage from "../../src/pages/ContactPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

const withPhones = (tel1: string, tel2: string | null, locale: "en" | "zh-CN" = "en") => {
  const root = testRoot({ locale });
  root.ports.api.on("webInfo", { ...examples.webInfo.response, tel1, tel2 });
  return root;
};

describe("/contact", () => {
  it("service phone 1 and 2 are tel: links (en)", async () => {
    renderPage(<ContactPage />, { root: withPhones("400-800-6688", "020-38886688"), path: "/contact" });
    const one = await screen.findByRole("link", { name: /Service phone 1/ });
    expect(one.getAttribute("href")).toBe("tel:4008006688");
    expect(one.textContent).toContain("400-800-6688");
    expect(screen.getByRole("link", { name: /Service phone 2/ }).getAttribute("href")).toBe("tel:02038886688");
  });

  it("service phones are named in Chinese (zh-CN)", async () => {
    renderPage(<ContactPage />, { root: withPhones("400-800-6688", "020-38886688", "zh-CN"), path: "/contact" });
    expect(await screen.findByRole("link", { name: /客服电话1/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /客服电话2/ })).toBeTruthy();
  });

  it("without a second phone only phone 1 shows", async () => {
    renderPage(<ContactPage />, { root: withPhones("400-800-6688", null), path: "/contact" });
    await screen.findByRole("link", { name: /Service phone 1/ });
    expect(screen.queryByRole("link", { name: /Service phone 2/ })).toBeNull();
  });

  it("shows a busy skeleton while the settings load", () => {
    const root = testRoot();
    root.ports.api.on("webInfo", () => Effect.never);
    const { container } = renderPage(<ContactPage />, { root, path: "/contact" });
    expect(container.querySelector("[aria-busy=true]")).not.toBeNull();
  });

  it("a failed load says why, and Retry loads again (zh-CN)", async () => {
    const root = testRoot({ locale: "zh-CN" });
    root.ports.api.fail("webInfo", offline());
    renderPage(<ContactPage />, { root, path: "/contact" });
    expect((await screen.findByRole("alert")).textContent).toBe("网络不可用，请检查网络连接");
    root.ports.api.on("webInfo", examples.webInfo.response);
    fireEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByRole("link", { name: /客服电话1/ })).toBeTruthy();
  });

  it("a failed load shown in Chinese reads in English once the language is switched, without loading again", async () => {
    const root = testRoot({ locale: "zh-CN" });
    root.ports.api.fail("webInfo", offline());
    renderPage(<ContactPage />, { root, path: "/contact" });
    expect((await screen.findByRole("alert")).textContent).toBe("网络不可用，请检查网络连接");
    act(() => root.i18n.setLocale("en"));
    expect(screen.getByRole("alert").textContent).toBe("network unavailable, check your connection");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(root.ports.api.callsTo("webInfo")).toHaveLength(1);
  });
});

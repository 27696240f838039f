import type { Messages } from "@fuel/domain";
import { examples, type WebInfo } from "@fuel/domain/api";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FollowUsPopup } from "../../src/components/FollowUsPopup.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

const T = {
  en: {
    qr: "QR code of our official account",
    search: "Search for the official account “Fuel Deals” in the messaging app and follow it.",
    orSearch: "You can also search for “Fuel Deals” in the messaging app.",
    any: "Search for our official account in the messaging app and follow it; the service phone on 'Contact us' can tell you its name.",
  },
  "zh-CN": {
    qr: "公众号二维码",
    search: "在微信中搜索公众号「Fuel Deals」并关注。",
    orSearch: "也可在微信搜索「Fuel Deals」。",
    any: "请在微信中搜索我们的公众号并关注；公众号名称可在「联系我们」拨打客服电话询问。",
  },
} as const satisfies Record<Messages.Locale, Record<string, string>>;

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const popupWith = (locale: Messages.Locale, settings: Partial<WebInfo>) => {
  const root = testRoot({ locale });
  root.ports.api.on("webInfo", { ...examples.webInfo.response, ...settings });
  renderPage(<FollowUsPopup visible onClose={() => {}} />, { root, path: "/personal" });
};

describe.each(["en", "zh-CN"] as const)("the follow-us overlay in %s (issue 25)", (locale) => {
  const t = T[locale];

  it("shows the QR image the operator set (a data URL), with the account's name to search for", async () => {
    popupWith(locale, { follow_qrcode: PNG, follow_account_name: "Fuel Deals" });
    const img = (await screen.findByRole("img", { name: t.qr })) as HTMLImageElement;
    expect(img.getAttribute("src")).toBe(PNG);
    expect(screen.getByText(t.orSearch)).toBeTruthy();
  });

  it("shows an image URL as set", async () => {
    popupWith(locale, { follow_qrcode: "https://cdn.example.com/follow.png", follow_account_name: null });
    expect(((await screen.findByRole("img", { name: t.qr })) as HTMLImageElement).getAttribute("src")).toBe("https://cdn.example.com/follow.png");
  });

  it("with no image set says how to follow: search for the account by its name", async () => {
    popupWith(locale, { follow_qrcode: null, follow_account_name: "Fuel Deals" });
    expect((await screen.findByText(t.search)).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("with neither image nor name (an older server) still says how to follow, never a blank", async () => {
    const { follow_qrcode: _q, follow_account_name: _n, ...older } = examples.webInfo.response;
    const root = testRoot({ locale });
    root.ports.api.on("webInfo", older);
    renderPage(<FollowUsPopup visible onClose={() => {}} />, { root, path: "/personal" });
    expect(await screen.findByText(t.any)).toBeTruthy();
  });
});

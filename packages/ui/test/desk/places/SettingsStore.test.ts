import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { exampleWebInfo, FOLLOW_QRCODE_MAX_LENGTH, type WebInfo } from "@fuel/domain/api";
import { describe, expect, it, vi } from "vitest";
import { describeDeskError } from "../../../src/desk/stores/deskMessages.ts";
import { SettingsStore } from "../../../src/desk/stores/places/SettingsStore.ts";
import { refusalProblemText } from "../../../src/desk/stores/places/refusalProblems.ts";
import { deskStores } from "../support/renderDesk.tsx";
import { imageFile } from "./files.ts";

const loaded = async (settings: WebInfo | null, locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ locale });
  stores.api.on("deskSettings", { settings });
  const store = new SettingsStore(stores.ports, stores.i18n, stores.notices);
  await store.fetch();
  return { stores, store };
};

describe("the site settings at the desk (issue 26)", () => {
  it("shows the saved settings, prices in yuan", async () => {
    const { store } = await loaded(exampleWebInfo);
    expect(store.load.kind).toBe("loaded");
    expect(store.fields).toMatchObject({ price_0_now: "7.30", price_0_nation: "8.20", price_0_xuni: "7.11", tel1: "400-800-1234", tel2: "", follow_account_name: "Fuel Deals" });
    expect(store.qrcode).toBe(exampleWebInfo.follow_qrcode);
  });

  it("sends only what changed, prices in cents, an emptied optional text as none", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    store.set("price_0_now", "6.89");
    store.set("tel1", " 400-800-9999 ");
    store.set("follow_account_name", "");
    stores.api.on("deskSettingsSave", { settings: { ...exampleWebInfo, price_0_now: 689, tel1: "400-800-9999", follow_account_name: null } });
    expect(await store.save()).toBe(true);
    expect(stores.api.callsTo("deskSettingsSave")[0]?.input).toEqual({ price_0_now: 689, tel1: "400-800-9999", follow_account_name: null });
    expect(store.fields.price_0_now).toBe("6.89");
    expect(stores.notices.latest).toMatchObject({ text: "Settings saved. Customers see them now.", kind: "success" });
  });

  it("nothing changed sends nothing", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    expect(await store.save()).toBe(false);
    expect(stores.api.callsTo("deskSettingsSave")).toHaveLength(0);
    expect(stores.notices.latest?.text).toBe("Nothing to save: no field was changed.");
  });

  it("before any settings exist the form is empty, every price is asked for, and the first save sends every field", async () => {
    const { stores, store } = await loaded(null);
    expect(store.saved).toBeNull();
    expect(store.fields.price_0_now).toBe("");
    expect(await store.save()).toBe(false);
    expect(Object.keys(store.errors).sort()).toEqual(["price_0_nation", "price_0_now", "price_0_original", "price_0_shiti", "price_0_xuni"]);
    expect(describeDeskError(store.errors.price_0_now!, stores.i18n)).toBe("enter the price in yuan, e.g. 7.45");
    for (const [field, value] of [
      ["price_0_now", "7.3"],
      ["price_0_original", "8"],
      ["price_0_nation", "8.2"],
      ["price_0_xuni", "7.11"],
      ["price_0_shiti", "7.11"],
      ["tel1", "400-800-1234"],
    ] as const)
      store.set(field, value);
    await store.save();
    expect(stores.api.callsTo("deskSettingsSave")[0]?.input).toEqual({
      price_0_now: 730,
      price_0_original: 800,
      price_0_nation: 820,
      price_0_xuni: 711,
      price_0_shiti: 711,
      virtual_common_num: "",
      entity_common_num: "",
      tel1: "400-800-1234",
      recharge_tip: "",
      recharge_shiti_tip: "",
      tel2: null,
      follow_account_name: null,
      follow_qrcode: null,
      invoice_window_days: 30,
      recharge_invoice: "at_consumption",
    });
  });

  it("the invoice settings show the domain's defaults when never set, and only a change is sent (issue 35)", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    expect(store.fields.invoice_window_days).toBe("30");
    expect(store.rechargeInvoice).toBe("at_consumption");
    store.set("invoice_window_days", " 60 ");
    store.setRechargeInvoice("at_topup");
    stores.api.on("deskSettingsSave", { settings: { ...exampleWebInfo, invoice_window_days: 60, recharge_invoice: "at_topup" } });
    expect(await store.save()).toBe(true);
    expect(stores.api.callsTo("deskSettingsSave")[0]?.input).toEqual({ invoice_window_days: 60, recharge_invoice: "at_topup" });
    expect(store.fields.invoice_window_days).toBe("60");
    expect(store.rechargeInvoice).toBe("at_topup");
  });

  it.each(["0", "367", "30.5", "thirty", ""])("a window of %j days is refused at its field, as the contract bounds it (1 to 366)", async (typed) => {
    const { stores, store } = await loaded(exampleWebInfo, "zh-CN");
    store.set("invoice_window_days", typed);
    expect(await store.save()).toBe(false);
    expect(describeDeskError(store.errors.invoice_window_days!, stores.i18n)).toBe("请输入 1 到 366 之间的整数天数");
    expect(stores.api.callsTo("deskSettingsSave")).toHaveLength(0);
  });

  it("a card prefix that is not digits is refused at its field (CardNumber.isPrefix)", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    store.set("entity_common_num", "10-0011");
    expect(await store.save()).toBe(false);
    expect(describeDeskError(store.errors.entity_common_num!, stores.i18n)).toBe("digits only, at most 25");
    expect(stores.api.callsTo("deskSettingsSave")).toHaveLength(0);
  });

  it("the server's refusal lists its problems; the form keeps what was typed", async () => {
    const { stores, store } = await loaded(exampleWebInfo, "zh-CN");
    store.set("tel1", "400");
    stores.api.fail("deskSettingsSave", new ServerRefused({ message: "", status: 400, tag: "SettingsInvalid", params: { problems: "follow_qrcode must be an https:// URL or a data:image/...;base64, image" } }));
    expect(await store.save()).toBe(false);
    expect(store.refusal).toEqual([{ line: undefined, text: "follow_qrcode must be an https:// URL or a data:image/...;base64, image" }]);
    expect(store.fields.tel1).toBe("400");
  });

  it("a chosen PNG is previewed and sent as a data URL; removing and keeping go back and forth", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    await store.chooseQr(imageFile("qr.png", "image/png", 2_000));
    expect(store.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(store.qrChanged).toBe(true);
    store.keepQr();
    expect(store.qrcode).toBe(exampleWebInfo.follow_qrcode);
    store.removeQr();
    await store.save();
    expect(stores.api.callsTo("deskSettingsSave")[0]?.input).toEqual({ follow_qrcode: null });
  });

  it("an image too large for the setting is refused before it is read, with its size and the limit", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    const read = vi.fn(() => Promise.resolve(""));
    await store.chooseQr({ name: "photo.jpg", type: "image/jpeg", size: 300_000, read });
    expect(read).not.toHaveBeenCalled();
    expect(describeDeskError(store.qrProblem!, stores.i18n)).toBe("photo.jpg is 293 KB; the QR image may be at most 43 KB. Use a smaller PNG (a QR code is usually 2–10 KB).");
    expect(store.qrcode).toBe(exampleWebInfo.follow_qrcode);
    // Just over: the data URL would be one character too long.
    const bytes = Math.floor(((FOLLOW_QRCODE_MAX_LENGTH - "data:image/png;base64,".length) * 3) / 4) + 3;
    await store.chooseQr(imageFile("edge.png", "image/png", bytes));
    expect(store.qrProblem?._tag).toBe("desk.places.qrTooLarge");
  });

  it("a file that is not a PNG or JPEG is refused", async () => {
    const { stores, store } = await loaded(exampleWebInfo);
    await store.chooseQr(imageFile("qr.gif", "image/gif", 1_000));
    expect(describeDeskError(store.qrProblem!, stores.i18n)).toBe("qr.gif is not a PNG or JPEG image.");
  });

  it.each(["image/gif", "image/jpeg"])("a file labelled PNG whose bytes are another format (%s) is refused by the server's rule, before sending", async (format) => {
    const { stores, store } = await loaded(exampleWebInfo, "zh-CN");
    await store.chooseQr(imageFile("renamed.png", "image/png", 1_000, format));
    expect(describeDeskError(store.qrProblem!, stores.i18n)).toBe("renamed.png 不是 PNG 或 JPEG 图片。");
    expect(store.qrcode).toBe(exampleWebInfo.follow_qrcode);
  });

  it.each(["en", "zh-CN"] as const)("a card price above the pump price is refused before sending, listed as the server lists it, quoted in yuan (%s)", async (locale) => {
    const { stores, store } = await loaded(exampleWebInfo, locale);
    store.set("price_0_xuni", "8.50");
    expect(await store.save()).toBe(false);
    expect(stores.api.callsTo("deskSettingsSave")).toHaveLength(0);
    expect(store.refusal).toEqual([
      { line: undefined, key: "SettingsCardPriceAboveOriginal", params: { field: "price_0_xuni", price: "¥8.50", other: "price_0_original", original: "¥8.00" } },
    ]);
    expect(refusalProblemText(store.refusal![0]!, stores.i18n)).toBe(
      locale === "en"
        ? "price_0_xuni (¥8.50/L) is above price_0_original (¥8.00/L): a top-up would cost more than its amount"
        : "虚拟卡价格（¥8.50/升）高于油站价（¥8.00/升）：充值实付将超过充值金额",
    );
    // Lowered to the pump price, it is sent.
    store.set("price_0_xuni", "8.00");
    stores.api.on("deskSettingsSave", { settings: { ...exampleWebInfo, price_0_xuni: 800 } });
    expect(await store.save()).toBe(true);
    expect(store.refusal).toBeUndefined();
  });

  it("a load without network is shown to retry; a save without network changes nothing", async () => {
    const stores = deskStores();
    stores.api.fail("deskSettings", new Offline({}));
    const store = new SettingsStore(stores.ports, stores.i18n, stores.notices);
    await store.fetch();
    expect(store.load.kind).toBe("failed");
    stores.api.on("deskSettings", { settings: exampleWebInfo });
    await store.fetch();
    store.set("tel1", "400-1");
    stores.api.fail("deskSettingsSave", new Offline({}));
    expect(await store.save()).toBe(false);
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.saved?.tel1).toBe("400-800-1234");
  });
});

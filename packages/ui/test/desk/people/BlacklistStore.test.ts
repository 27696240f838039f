import { Offline } from "@fuel/adapters/ports";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { BlacklistStore } from "../../../src/desk/stores/people/BlacklistStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const blacklistStore = (options: Parameters<typeof deskStores>[0] = {}) => {
  const stores = deskStores(options);
  return { stores, store: new BlacklistStore(stores.ports, stores.i18n, stores.notices) };
};

describe("the admin's blacklist (issue 26)", () => {
  it.each(["139 0000 1111", "+86 139-0000-1111", "0086 13900001111", "１３９００００１１１１"])("a pasted %j is read as the phone it names", (typed) => {
    const { store } = blacklistStore();
    store.setPhone(typed);
    expect(store.checkedPhone()).toBe("13900001111");
    expect(store.phoneProblemText).toBeUndefined();
  });

  it.each(["", "139 0000 11", "+1 415 555 0100", "2390000111x"])("%j is no phone: refused in words before sending", (typed) => {
    const { stores, store } = blacklistStore({ locale: "zh-CN" });
    store.setPhone(typed);
    expect(store.checkedPhone()).toBeUndefined();
    expect(store.phoneProblemText).toBe("请输入正确的手机号");
    expect(stores.api.callsTo("deskBlacklistAdd")).toHaveLength(0);
  });

  it("adds the read phone, keeps the list ascending and empties the field", async () => {
    const { stores, store } = blacklistStore();
    await store.load();
    store.setPhone("139 0000 1111");
    const phone = store.checkedPhone() ?? "";
    expect(await store.add(phone)).toBe(true);
    expect(stores.api.callsTo("deskBlacklistAdd")[0]?.input).toEqual({ phone: "13900001111" });
    expect(store.phones).toEqual(["13800138000", "13900001111"]);
    expect(store.phoneText).toBe("");
    expect(stores.notices.latest?.text).toBe("13900001111 is blacklisted.");
  });

  it("a phone already on the list is said to be so", async () => {
    const { stores, store } = blacklistStore();
    stores.api.on("deskBlacklistAdd", { changed: false });
    await store.load();
    await store.add("13800138000");
    expect(store.phones).toEqual(["13800138000"]);
    expect(stores.notices.latest?.text).toBe("13800138000 was on the blacklist already.");
  });

  it("removes a phone", async () => {
    const { stores, store } = blacklistStore();
    await store.load();
    expect(await store.remove("13800138000")).toBe(true);
    expect(stores.api.callsTo("deskBlacklistRemove")[0]?.input).toEqual({ phone: "13800138000" });
    expect(store.phones).toEqual([]);
  });

  it("a change without network says so and changes nothing", async () => {
    const { stores, store } = blacklistStore();
    stores.api.on("deskBlacklistRemove", () => Effect.fail(new Offline({ path: "/api/desk/blacklist/remove" })));
    await store.load();
    expect(await store.remove("13800138000")).toBe(false);
    expect(store.phones).toEqual(["13800138000"]);
    expect(store.changeProblemText).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.changing).toBeUndefined();
  });

  it("one change at a time", async () => {
    const { stores, store } = blacklistStore();
    await store.load();
    const first = store.add("13900001111");
    expect(await store.remove("13800138000")).toBe(false);
    await first;
    expect(stores.api.callsTo("deskBlacklistRemove")).toHaveLength(0);
  });
});

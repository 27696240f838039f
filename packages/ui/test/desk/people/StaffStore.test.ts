import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { StaffStore } from "../../../src/desk/stores/people/StaffStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const refusal = (tag: string, status = 409) => new ServerRefused({ message: tag, status, tag });

const staffStore = (options: Parameters<typeof deskStores>[0] = {}) => {
  const stores = deskStores(options);
  return { stores, store: new StaffStore(stores.ports, stores.i18n, stores.notices) };
};

describe("the admin's staff accounts (issue 26)", () => {
  it("lists every account with a cashier's stations by name", async () => {
    const { store } = staffStore();
    await store.load();
    expect(store.staff?.map((m) => m.name)).toEqual(["li.cashier"]);
    expect(store.stationTitle(12)).toBe("Huangpu East Station");
    expect(store.stationTitle(99)).toBe("station 99");
  });

  it("a list that cannot load says why and keeps nothing made up", async () => {
    const { stores, store } = staffStore();
    stores.api.on("deskStaffList", () => Effect.fail(new Offline({ path: "/api/desk/staff" })));
    await store.load();
    expect(store.staff).toBeUndefined();
    expect(store.loadProblemText).toBe("No network: nothing was changed. Try again when you are back online.");
  });

  it("a name against the domain's rule is refused before anything is sent", async () => {
    const { stores, store } = staffStore();
    await store.load();
    for (const name of ["", "a", "has space", "x".repeat(33), "名字"]) {
      store.setName(name);
      expect(await store.add()).toBe(false);
      expect(store.nameProblemText).toBe("a staff name has 2 to 32 letters, digits, '.', '_' or '-'");
    }
    expect(stores.api.callsTo("deskStaffAdd")).toHaveLength(0);
  });

  it("a taken name is the server's refusal in words, and no password is shown", async () => {
    const { stores, store } = staffStore({ locale: "zh-CN" });
    stores.api.fail("deskStaffAdd", refusal("StaffNameTaken"));
    await store.load();
    store.setName("li.cashier");
    expect(await store.add()).toBe(false);
    expect(store.addProblemText).toBe("该员工名已存在");
    expect(store.issued).toBeUndefined();
  });

  it("adding a cashier sends its stations, shows the one-time password once and reloads the list", async () => {
    const { stores, store } = staffStore();
    await store.load();
    store.setName("li.cashier");
    store.setRole("cashier");
    store.setStations([12, 15]);
    expect(await store.add()).toBe(true);
    expect(stores.api.callsTo("deskStaffAdd")[0]?.input).toEqual({ name: "li.cashier", role: "cashier", stations: [12, 15] });
    expect(store.issued).toEqual({ name: "li.cashier", password: "hK7pQ2wXz9rT4mNb", why: "added" });
    expect(store.draft.name).toBe("");
    expect(stores.api.callsTo("deskStaffList")).toHaveLength(2);
    store.dismissIssued();
    expect(store.issued).toBeUndefined();
  });

  it("another role is added without stations", async () => {
    const { stores, store } = staffStore();
    await store.load();
    store.setName("wang.settles");
    store.setStations([12]);
    store.setRole("distributor");
    await store.add();
    expect(stores.api.callsTo("deskStaffAdd")[0]?.input).toEqual({ name: "wang.settles", role: "distributor" });
  });

  it("a second tap while adding sends nothing more", async () => {
    const { stores, store } = staffStore();
    await store.load();
    store.setName("li.cashier");
    const first = store.add();
    expect(await store.add()).toBe(false);
    await first;
    expect(stores.api.callsTo("deskStaffAdd")).toHaveLength(1);
  });

  it.each([
    ["StaffCannotDisableSelf", "you cannot disable your own account"],
    ["StaffLastAdmin", "the last enabled admin cannot be disabled"],
  ])("disabling refused by the server (%s) is said at that account and changes nothing", async (tag, words) => {
    const { stores, store } = staffStore();
    stores.api.fail("deskStaffDisable", refusal(tag));
    await store.load();
    expect(await store.disable("li.cashier")).toBe(false);
    expect(store.actProblemText("li.cashier")).toBe(words);
    expect(store.actProblemText("someone.else")).toBeUndefined();
    expect(store.staff?.[0]?.disabled).toBe(false);
    expect(store.acting).toBeUndefined();
  });

  it("disables and enables an account, saying so", async () => {
    const { stores, store } = staffStore();
    await store.load();
    expect(await store.disable("li.cashier")).toBe(true);
    expect(stores.api.callsTo("deskStaffDisable")[0]?.input).toEqual({ name: "li.cashier" });
    expect(store.staff?.[0]?.disabled).toBe(true);
    expect(stores.notices.latest?.text).toBe("li.cashier is disabled.");
    expect(await store.enable("li.cashier")).toBe(true);
    expect(store.staff?.[0]?.disabled).toBe(false);
    expect(stores.notices.latest?.text).toBe("li.cashier is enabled again.");
  });

  it("an act that changed nothing says so", async () => {
    const { stores, store } = staffStore();
    stores.api.on("deskStaffEnable", { changed: false });
    await store.load();
    await store.enable("li.cashier");
    expect(stores.notices.latest?.text).toBe("Nothing changed: li.cashier was so already.");
  });

  it("a reset shows the new one-time password the same way", async () => {
    const { stores, store } = staffStore();
    stores.api.on("deskStaffList", { staff: [{ name: "li.cashier", role: "cashier", stations: [12], disabled: false, must_change_password: false, created_at: "2024-11-26T09:00:00+08:00" }] });
    await store.load();
    expect(await store.reset("li.cashier")).toBe(true);
    expect(store.issued).toEqual({ name: "li.cashier", password: "Zq8vW3nRt6YpK2mA", why: "reset" });
    expect(store.staff?.[0]?.must_change_password).toBe(true);
  });

  it("one act at a time", async () => {
    const { stores, store } = staffStore();
    await store.load();
    const first = store.reset("li.cashier");
    expect(store.isActing("li.cashier")).toBe(true);
    expect(await store.disable("li.cashier")).toBe(false);
    await first;
    expect(stores.api.callsTo("deskStaffDisable")).toHaveLength(0);
  });
});

import { Offline } from "@fuel/adapters/ports";
import type { AuditRow } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { AuditStore } from "../../../src/desk/stores/records/AuditStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const row = (id: number): AuditRow => ({ id, at: "2026-11-27T09:30:00+08:00", staff: "ana", address: "203.0.113.7", act: "signIn", subject: "ana", before: null, after: null });

describe("the audit log at the desk (issue 26)", () => {
  it("loads the newest page with no filter", async () => {
    const stores = deskStores();
    const store = new AuditStore(stores.ports, stores.i18n);
    await store.load();
    expect(stores.api.callsTo("deskAudit")[0]?.input).toEqual({});
    expect(store.rows?.map((r) => r.id)).toEqual([7]);
    expect(store.hasMore).toBe(false);
  });

  it("applies the filters: the staff name trimmed, the act, whole China days with the last day included", async () => {
    const stores = deskStores();
    const store = new AuditStore(stores.ports, stores.i18n);
    store.setStaff(" ana ");
    store.setAct("settle");
    store.setFrom("2026-11-01");
    store.setTo("2026-11-27");
    await store.apply();
    expect(stores.api.callsTo("deskAudit")[0]?.input).toEqual({
      staff: "ana",
      act: "settle",
      from: "2026-11-01T00:00:00+08:00",
      to: "2026-11-27T23:59:59.999+08:00",
    });
  });

  it("the CSV link asks for the applied filters as CSV, not what is still being typed", async () => {
    const stores = deskStores();
    const store = new AuditStore(stores.ports, stores.i18n);
    store.setAct("redeem");
    store.setFrom("2026-11-02");
    await store.apply();
    store.setStaff("not.applied");
    const url = new URL(store.csvHref, "https://desk.example");
    expect(url.pathname).toBe("/api/desk/audit");
    expect(Object.fromEntries(url.searchParams)).toEqual({ act: "redeem", from: "2026-11-02T00:00:00+08:00", format: "csv" });
    await store.clear();
    expect(store.csvHref).toBe("/api/desk/audit?format=csv");
  });

  it("a first day after the last is refused before any call", async () => {
    const stores = deskStores();
    const store = new AuditStore(stores.ports, stores.i18n);
    store.setFrom("2026-11-27");
    store.setTo("2026-11-01");
    await store.apply();
    expect(store.problemText).toBe("the first day is after the last");
    expect(stores.api.callsTo("deskAudit")).toHaveLength(0);
  });

  it("pages on with the last page's next_before_id and the same filters, appending", async () => {
    const stores = deskStores();
    let page = 0;
    stores.api.on("deskAudit", () => {
      page += 1;
      return Effect.succeed(page === 1 ? { rows: [row(300), row(299)], next_before_id: 299 } : { rows: [row(298)], next_before_id: null });
    });
    const store = new AuditStore(stores.ports, stores.i18n);
    store.setAct("signIn");
    await store.apply();
    expect(store.hasMore).toBe(true);
    await store.more();
    expect(stores.api.callsTo("deskAudit").map((call) => call.input)).toEqual([{ act: "signIn" }, { act: "signIn", before_id: 299 }]);
    expect(store.rows?.map((r) => r.id)).toEqual([300, 299, 298]);
    expect(store.hasMore).toBe(false);
  });

  it("no network on the first page shows no rows and says so; on the next page the rows shown stay", async () => {
    const stores = deskStores();
    stores.api.fail("deskAudit", new Offline({ path: "/api/desk/audit" }));
    const store = new AuditStore(stores.ports, stores.i18n);
    await store.load();
    expect(store.rows).toBeUndefined();
    expect(store.problemText).toBe("No network: nothing was changed. Try again when you are back online.");

    stores.api.on("deskAudit", { rows: [row(5)], next_before_id: 5 });
    await store.load();
    stores.api.fail("deskAudit", new Offline({ path: "/api/desk/audit" }));
    await store.more();
    expect(store.rows?.map((r) => r.id)).toEqual([5]);
    expect(store.moreProblemText).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.hasMore).toBe(true);
  });
});

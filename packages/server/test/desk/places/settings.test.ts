import { describe, expect, it } from "vitest";
import { auditLog, siteSettings } from "../../../src/db/schema.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp } from "../../helpers/moneyApp.ts";
import { expectSuccess } from "../../identity/support.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "../support.ts";

/**
 * The admin's site settings at the desk (issue 26): a partial change, checked before anything is
 * written, customers see it at once, and the audit row holds the changed fields before and after.
 */

const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");

let booted: BootedApp;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted } = world));

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);
const admin = async () => (await signedInStaff(booted, "ada.admin", "admin")).cookie;
const webInfo = async () => expectSuccess<Record<string, unknown>>(await deskGet(booted, "/api/webinfo/read"));

describe("the admin's site settings at the desk", () => {
  it("reads the settings as /api/webinfo/read sends them", async () => {
    const cookie = await admin();
    const read = expectSuccess<{ settings: unknown }>(await deskGet(booted, "/api/desk/settings", { cookie }));
    expect(read.settings).toEqual(await webInfo());
  });

  it("a partial change keeps the other fields, shows on /api/webinfo/read at once, and is audited with before and after", async () => {
    const cookie = await admin();
    const old = await webInfo();
    const rowsBefore = (await audit()).length;
    const qr = "data:image/png;base64,iVBORw0KGgo=";
    const saved = expectSuccess<{ settings: Record<string, unknown> }>(
      await deskPost(booted, "/api/desk/settings", { price_0_now: 612, follow_qrcode: qr, follow_account_name: "Fuel Club" }, { cookie }),
    );
    expect(saved.settings).toMatchObject({ ...old, price_0_now: 612, follow_qrcode: qr, follow_account_name: "Fuel Club" });
    expect(await webInfo()).toMatchObject({ price_0_now: 612, follow_qrcode: qr, tel1: old.tel1 });
    const rows = (await audit()).slice(rowsBefore);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffName: "ada.admin",
      act: "settingChanged",
      subject: "site_settings",
      before: { price_0_now: old.price_0_now, follow_qrcode: old.follow_qrcode ?? null, follow_account_name: old.follow_account_name ?? null },
      after: { price_0_now: 612, follow_qrcode: qr, follow_account_name: "Fuel Club" },
    });
  });

  it("bad values are refused with every problem named (400 SettingsInvalid), nothing written, no audit row", async () => {
    const cookie = await admin();
    const before = await booted.db.select().from(siteSettings);
    const rowsBefore = (await audit()).length;
    const res = await deskPost(booted, "/api/desk/settings", { price_0_now: 600, entity_common_num: "10-01", follow_qrcode: "http://example.com/qr.png" }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([400, "SettingsInvalid"]);
    const message = res.json<{ message: string }>().message;
    expect(message).toContain("entity_common_num must be the digits");
    expect(message).toContain("follow_qrcode must be an https:// URL");
    for (const body of [{ price_0_now: -1 }, { price_0_shiti: 1.5 }, { tel1: 12 }, { follow_qrcode: `data:image/png;base64,${"A".repeat(60_001)}` }, "nope"]) {
      const bad = await deskPost(booted, "/api/desk/settings", body, { cookie });
      expect(bad.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await booted.db.select().from(siteSettings)).toEqual(before);
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("with no settings yet, the first save must name every price", async () => {
    const cookie = await admin();
    await booted.db.delete(siteSettings);
    booted.app.clearCatalogueCache();
    const partial = await deskPost(booted, "/api/desk/settings", { price_0_now: 600 }, { cookie });
    expect([partial.statusCode, tagOf(partial)]).toEqual([400, "SettingsInvalid"]);
    expect(expectSuccess<{ settings: unknown }>(await deskGet(booted, "/api/desk/settings", { cookie })).settings).toBeNull();
    const prices = { price_0_now: 600, price_0_nation: 700, price_0_original: 700, price_0_xuni: 650, price_0_shiti: 660 };
    expect(expectSuccess<{ settings: unknown }>(await deskPost(booted, "/api/desk/settings", prices, { cookie })).settings).toMatchObject(prices);
    expect(await webInfo()).toMatchObject(prices);
  });

  it("only an admin: distributor and cashier 403, no session 401, a POST without Origin 403; none audited", async () => {
    const distributor = (await signedInStaff(booted, "dee.distributor", "distributor")).cookie;
    const cashier = (await signedInStaff(booted, "cas.cashier", "cashier", [])).cookie;
    const rowsBefore = (await audit()).length;
    for (const cookie of [distributor, cashier]) {
      for (const res of [await deskGet(booted, "/api/desk/settings", { cookie }), await deskPost(booted, "/api/desk/settings", { price_0_now: 1 }, { cookie })]) {
        expect([res.statusCode, tagOf(res)]).toEqual([403, "StaffActionForbidden"]);
      }
    }
    for (const res of [await deskGet(booted, "/api/desk/settings"), await deskPost(booted, "/api/desk/settings", { price_0_now: 1 })]) {
      expect([res.statusCode, tagOf(res)]).toEqual([401, "StaffSignInRequired"]);
    }
    const cookie = await admin();
    const crossSite = await booted.app.inject({ method: "POST", url: "/api/desk/settings", headers: { "content-type": "application/json", cookie }, payload: JSON.stringify({ price_0_now: 1 }) });
    expect(crossSite.statusCode).toBe(403);
    expect((await webInfo()).price_0_now).not.toBe(1);
    expect((await audit()).slice(rowsBefore).filter((r) => r.act === "settingChanged")).toEqual([]);
  });
});

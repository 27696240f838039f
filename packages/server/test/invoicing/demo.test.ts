import { Invoice } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, users } from "../../src/db/schema.ts";
import { DEMO_STATIONS } from "../../src/seed/demoStations.ts";
import { DEMO_DRIVER_OPENID, seedDemoDriverIfNone } from "../../src/seed/demoInvoicing.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { expectSuccess, tokenFor } from "../identity/support.ts";
import { call } from "../orders/support.ts";
import { applied, customerGet, savedTitle } from "./support.ts";

/** Issue 35's demo data: stations of every invoice policy, and a driver with used orders to invoice at `npm start`. */

const NOW = Date.parse("2024-11-26T02:00:00Z");
let booted: BootedApp;
moneyTestSetUp(NOW, (w) => ({ booted } = w));

describe("the demo data", () => {
  it("every demo city has stations of all three policies, and customers read them", async () => {
    for (const city of new Set(DEMO_STATIONS.map((s) => s.city))) {
      expect(new Set(DEMO_STATIONS.filter((s) => s.city === city).map((s) => s.invoice_policy)), city).toEqual(new Set(Invoice.INVOICE_POLICIES));
      const listed = expectSuccess<Array<{ title: string; invoice_policy: string }>>(
        await booted.app.inject({ method: "POST", url: "/api/station/current_city_list", headers: { "content-type": "application/json" }, payload: JSON.stringify({ city }) }),
      );
      expect(new Set(listed.map((s) => s.invoice_policy))).toEqual(new Set(Invoice.INVOICE_POLICIES));
    }
  });

  it("the demo driver's used orders, within the window, merge into one request at the station that issues its own", async () => {
    expect(await seedDemoDriverIfNone(booted.db, new Date(NOW))).toBe(3);
    expect(await seedDemoDriverIfNone(booted.db, new Date(NOW))).toBe(0);
    const [driver] = await booted.db.select().from(users).where(eq(users.openid, DEMO_DRIVER_OPENID));
    const me = { id: driver!.id, token: await tokenFor(booted, driver!.id), phone: driver!.phone ?? "" };
    const mine = await booted.db.select().from(orders).where(eq(orders.userId, me.id)).orderBy(orders.id);
    expect(mine.map((o) => o.status)).toEqual([3, 3, 3]);
    const title = await savedTitle(booted, me);
    const id = await applied(booted, me, [mine[0]!.id, mine[1]!.id], title);
    expect(expectSuccess<{ issuer: string; line: { amount: number } }>(await call(booted, me, "/api/invoice/detail", { invoice_id: id }))).toMatchObject({
      issuer: "station",
      line: { amount: mine[0]!.amount + mine[1]!.amount },
    });
    const platform = await applied(booted, me, [mine[2]!.id], title);
    expect(expectSuccess<{ invoices: Array<{ invoice_id: number; issuer: string }> }>(await customerGet(booted, me, "/api/invoice/list")).invoices).toMatchObject([
      { invoice_id: platform, issuer: "platform" },
      { invoice_id: id, issuer: "station" },
    ]);
  });
});

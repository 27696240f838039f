import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../src/db/client.ts";
import { sandboxChannelOrders } from "../../../src/db/schema.ts";
import { ChannelUnavailable, type PaymentRequest } from "../../../src/payments/PaymentChannel.ts";
import { SandboxGateway } from "../../../src/payments/sandbox/SandboxGateway.ts";
import { SandboxClock } from "../../../src/providers/clock/Sandbox.ts";
import { openTestDatabase, type TestDatabase } from "../../helpers/database.ts";

/**
 * The sandbox channel's prepay (src/payments/sandbox/SandboxGateway.ts), the statement every
 * sandbox order creation makes: a real channel's rules for a merchant order number.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => resetDatabase(database.handle.db));

const at = Date.parse("2024-11-24T06:00:00Z");
const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  mchntOrderNo: "FO20241124140000000001",
  amountCents: 9162,
  description: "0# diesel",
  payerOpenid: "o-payer",
  expiresAt: new Date(at + 15 * 60_000),
  ...overrides,
});

describe("the sandbox channel's prepay", () => {
  it("a new merchant order number gets a prepay id and a NOTPAY ledger row with the amount, payer and pay window", async () => {
    const gateway = new SandboxGateway("wechat", database.handle.db, new SandboxClock(() => at));
    const prepayId = await gateway.createPrepay(request());
    expect(prepayId).toMatch(/^wx[0-9a-f]{32}$/);
    const rows = await database.handle.db.select().from(sandboxChannelOrders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "wechat",
      mchntOrderNo: "FO20241124140000000001",
      prepayId,
      amount: 9162,
      payerOpenid: "o-payer",
      expiresAt: new Date(at + 15 * 60_000),
      tradeState: "NOTPAY",
      createdAt: new Date(at),
    });
  });

  it("the same merchant order number again answers the same prepay id and writes nothing new", async () => {
    const gateway = new SandboxGateway("wechat", database.handle.db, new SandboxClock(() => at));
    const first = await gateway.createPrepay(request());
    expect(await gateway.createPrepay(request())).toBe(first);
    expect(await database.handle.db.select().from(sandboxChannelOrders)).toHaveLength(1);
  });

  it("the same merchant order number with another amount is refused, as a real channel refuses it (ORDER_NO_USED)", async () => {
    const gateway = new SandboxGateway("wechat", database.handle.db, new SandboxClock(() => at));
    await gateway.createPrepay(request());
    await expect(gateway.createPrepay(request({ amountCents: 9163 }))).rejects.toBeInstanceOf(ChannelUnavailable);
    const [row] = await database.handle.db.select().from(sandboxChannelOrders).where(eq(sandboxChannelOrders.mchntOrderNo, "FO20241124140000000001"));
    expect(row?.amount).toBe(9162);
  });

  it("each channel keeps its own ledger: one number on both channels is two orders", async () => {
    const clock = new SandboxClock(() => at);
    const wechat = await new SandboxGateway("wechat", database.handle.db, clock).createPrepay(request());
    const fy = await new SandboxGateway("fy", database.handle.db, clock).createPrepay(request({ amountCents: 100 }));
    expect(fy).not.toBe(wechat);
    expect(await database.handle.db.select().from(sandboxChannelOrders)).toHaveLength(2);
  });
});

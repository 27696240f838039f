import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import QueueScreen from "../../../src/desk/screens/QueueScreen.tsx";
import { openDialogs } from "../../support/dialogs.ts";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";
import { purchase, waiting } from "./waitingOrders.ts";

/** antd-mobile's dialog and popup take no pointer events while they slide in: the test taps as soon as they are there. */
const tapper = () => userEvent.setup({ pointerEventsCheck: 0 });

const open = (locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ role: "distributor", locale });
  stores.api.on("deskQueue", { orders: [waiting({ remark: "urgent: truck leaves at noon" }), purchase] });
  renderDesk(<QueueScreen />, { stores, path: "/desk/queue" });
  return stores;
};

/** The card of one waiting order, by the card it names (its title). */
const cardOf = async (title: string): Promise<HTMLElement> => {
  const heading = await screen.findByText(title);
  const item = heading.closest("li");
  if (item === null) throw new Error(`no row for ${title}`);
  return item;
};

describe("the distributor's queue screen (issue 26)", () => {
  it("shows each waiting order with card, type, team, amounts, phone, remark and how long it has waited", async () => {
    open();
    const row = within(await cardOf("1000113200001234567"));
    expect(row.getByText("Entity card")).toBeTruthy();
    expect(row.getByText("Pearl River Logistics")).toBeTruthy();
    // Issue 34: the station the customer chose for the top-up; a purchase chose none.
    expect(row.getByText("Futian Energy Station")).toBeTruthy();
    expect(row.getByText("¥500.00")).toBeTruthy();
    expect(row.getByText("¥453.13")).toBeTruthy();
    expect(row.getByRole("link", { name: "13912345678" }).getAttribute("href")).toBe("tel:13912345678");
    expect(row.getByText("urgent: truck leaves at noon")).toBeTruthy();
    expect(row.getByText("2026-11-27 08:20")).toBeTruthy();
    expect(row.getByText("waiting 1 h 40 min")).toBeTruthy();
    const bought = within(await cardOf("New virtual card"));
    expect(bought.getByText("Virtual card")).toBeTruthy();
    expect(bought.getByText("none chosen")).toBeTruthy();
    expect(screen.getByText("2 waiting, oldest payment first")).toBeTruthy();
  });

  it("an empty queue says nothing is waiting and offers a refresh (zh-CN)", async () => {
    const stores = deskStores({ role: "distributor", locale: "zh-CN" });
    stores.api.on("deskQueue", { orders: [] });
    renderDesk(<QueueScreen />, { stores, path: "/desk/queue" });
    expect(await screen.findByText("暂无待处理的订单。")).toBeTruthy();
    stores.api.on("deskQueue", { orders: [waiting()] });
    await tapper().click(screen.getByRole("button", { name: "刷新" }));
    expect(await screen.findByText("1000113200001234567")).toBeTruthy();
    expect(screen.getByText("油站").nextElementSibling?.textContent).toBe("Futian Energy Station");
  });

  it("a queue that cannot be read says why, with a retry", async () => {
    const stores = deskStores({ role: "distributor" });
    stores.api.on("deskQueue", () => Effect.fail(new Offline({ path: "/api/desk/queue" })));
    renderDesk(<QueueScreen />, { stores, path: "/desk/queue" });
    expect((await screen.findByRole("alert")).textContent).toBe("No network: nothing was changed. Try again when you are back online.");
    stores.api.on("deskQueue", { orders: [waiting()] });
    await tapper().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("1000113200001234567")).toBeTruthy();
  });

  it("'done' asks first, naming the card and the amount; confirmed, the row leaves the list", async () => {
    const stores = open();
    const user = tapper();
    await user.click(within(await cardOf("1000113200001234567")).getByRole("button", { name: "Done" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("¥500.00 is on card 1000113200001234567.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText("1000113200001234567")).toBeNull());
    expect(stores.api.callsTo("deskSettle")[0]?.input).toEqual({ order_id: 5002, result: "done" });
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
  });

  it("cancelling the confirmation settles nothing", async () => {
    const stores = open();
    const user = tapper();
    await user.click(within(await cardOf("1000113200001234567")).getByRole("button", { name: "Done" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
    expect(stores.api.callsTo("deskSettle")).toHaveLength(0);
    expect(screen.getByText("1000113200001234567")).toBeTruthy();
  });

  it("'reject' needs a reason; with one the order is rejected and leaves the list", async () => {
    const stores = open();
    const user = tapper();
    await user.click(within(await cardOf("New virtual card")).getByRole("button", { name: "Reject" }));
    const reason = await screen.findByLabelText("Reason");
    await user.click(screen.getByRole("button", { name: "Reject and refund" }));
    expect((await screen.findByRole("alert")).textContent).toBe("a rejection needs a reason");
    expect(stores.api.callsTo("deskSettle")).toHaveLength(0);
    await user.type(reason, "no such team");
    await user.click(screen.getByRole("button", { name: "Reject and refund" }));
    await waitFor(() => expect(screen.queryByText("New virtual card")).toBeNull());
    expect(stores.api.callsTo("deskSettle")[0]?.input).toEqual({ order_id: 5003, result: "rejected", reason: "no such team" });
  });

  it("a refusal is shown in words and the list is read again", async () => {
    const stores = open();
    stores.api.fail("deskSettle", new ServerRefused({ message: "", status: 409, tag: "RechargeRefundUnderWay" }));
    const user = tapper();
    await user.click(within(await cardOf("1000113200001234567")).getByRole("button", { name: "Done" }));
    stores.api.on("deskQueue", { orders: [purchase] });
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Done" }));
    expect((await screen.findByText("the customer asked for a refund of this order: it can no longer be settled", { selector: "[role=alert]" })).textContent).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("1000113200001234567")).toBeNull());
    expect(stores.api.callsTo("deskQueue")).toHaveLength(2);
  });
});

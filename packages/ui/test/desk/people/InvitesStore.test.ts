import { Offline } from "@fuel/adapters/ports";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { InvitesStore, type DeskInviteRow } from "../../../src/desk/stores/people/InvitesStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const invitesStore = (options: Parameters<typeof deskStores>[0] = {}) => {
  const stores = deskStores(options);
  return { stores, store: new InvitesStore(stores.ports, stores.i18n) };
};

const invite = (n: number): DeskInviteRow => ({ code: `CODE${n}`, created_at: "2024-11-26T09:00:00+08:00", redeemed_at: null, redeemed_by_phone: null });

/** 150 codes served 100 a page, as the server does. */
const paged = (total = 150) => {
  const all = Array.from({ length: total }, (_, i) => invite(i + 1));
  return (input: { readonly page?: number | string }) => {
    const page = Number(input.page ?? 1);
    return Effect.succeed({ invites: all.slice((page - 1) * 100, page * 100), total, page });
  };
};

describe("the admin's invite codes (issue 26)", () => {
  it.each(["", "0", "1001", "2.5", "-3", "ten", "1e3"])("a count of %j is refused before sending", async (text) => {
    const { stores, store } = invitesStore();
    store.setCount(text);
    expect(await store.create()).toBe(false);
    expect(store.countProblemText).toBe("enter a whole number from 1 to 1000");
    expect(stores.api.callsTo("deskInvitesCreate")).toHaveLength(0);
  });

  it("creates the counted codes, keeps them to copy and reloads the list from its first page", async () => {
    const { stores, store } = invitesStore({ locale: "zh-CN" });
    await store.load();
    store.setCount(" 1000 ");
    expect(await store.create()).toBe(true);
    expect(stores.api.callsTo("deskInvitesCreate")[0]?.input).toEqual({ count: 1000 });
    expect(store.created).toEqual(["7KQ3MZP9XA", "H4TW8NRC2E"]);
    expect(store.countText).toBe("");
    expect(stores.api.callsTo("deskInvites").map((c) => c.input)).toEqual([{ page: 1 }, { page: 1 }]);
    store.dismissCreated();
    expect(store.created).toBeUndefined();
  });

  it("a create without network says so and makes nothing up", async () => {
    const { stores, store } = invitesStore();
    stores.api.on("deskInvitesCreate", () => Effect.fail(new Offline({ path: "/api/desk/invites/create" })));
    store.setCount("3");
    expect(await store.create()).toBe(false);
    expect(store.created).toBeUndefined();
    expect(store.createProblemText).toBe("No network: nothing was changed. Try again when you are back online.");
  });

  it("pages: the first 100, then more below them until all are shown", async () => {
    const { stores, store } = invitesStore();
    stores.api.on("deskInvites", paged());
    await store.load();
    expect(store.pages?.invites).toHaveLength(100);
    expect(store.hasMore).toBe(true);
    await store.more();
    expect(store.pages?.invites).toHaveLength(150);
    expect(store.pages?.invites[100]?.code).toBe("CODE101");
    expect(store.hasMore).toBe(false);
    await store.more();
    expect(stores.api.callsTo("deskInvites").map((c) => c.input)).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it("a further page that fails keeps the codes shown and says why", async () => {
    const { stores, store } = invitesStore();
    stores.api.on("deskInvites", paged());
    await store.load();
    stores.api.on("deskInvites", () => Effect.fail(new Offline({ path: "/api/desk/invites" })));
    await store.more();
    expect(store.pages?.invites).toHaveLength(100);
    expect(store.moreProblemText).toBe("No network: nothing was changed. Try again when you are back online.");
  });
});

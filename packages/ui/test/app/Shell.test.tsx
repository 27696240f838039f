import { SessionEnded } from "@fuel/adapters/ports";
import { MemoryTokenStore } from "@fuel/adapters/testing";
import { Routes as RouteTable } from "@fuel/domain";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "../../src/router/index.tsx";
import { describe, expect, it } from "vitest";
import { Shell } from "../../src/app/Shell.tsx";
import { StoresProvider } from "../../src/stores/StoresContext.tsx";
import type { RootStore } from "../../src/stores/RootStore.ts";
import { testRoot } from "../support/render.tsx";

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

const shellAt = (path: string, root: RootStore = testRoot()) =>
  render(
    <StoresProvider root={root}>
      <MemoryRouter initialEntries={[path]}>
        <Shell />
        <Where />
      </MemoryRouter>
    </StoresProvider>,
  );

const signedOut = () => testRoot();
const notActivated = () => testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t", activated: false }) } });
const activated = () => testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t", activated: true }) } });

describe("the shell", () => {
  it("registers every route of spec §2: none falls to the not-found page", async () => {
    for (const route of RouteTable.ROUTES) {
      const path = route.path.replace(/:[a-z_]+/g, "7");
      const view = shellAt(path, activated());
      await screen.findByTestId("where");
      expect(screen.queryByText("Page not found"), path).toBeNull();
      view.unmount();
    }
    // 31 shells, each loading its page's chunk the first time: seconds on a loaded machine.
  }, 30_000);

  it("shows the not-found page for a path that is no route", async () => {
    shellAt("/no/such/page", signedOut());
    expect(await screen.findByText("Page not found")).toBeTruthy();
  });

  it("sends a signed-out customer from a protected route to /login (spec §2)", async () => {
    shellAt("/personal", signedOut());
    // The router navigates in a transition: the old location shows until the lazy page has loaded.
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/login"));
  });

  it("sends a signed-in customer without activation to /activated", async () => {
    shellAt("/orderlist", notActivated());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/activated"));
  });

  it("sends a signed-in customer from /login to /recharge/2", async () => {
    shellAt("/login", activated());
    // react-router navigates in a transition once the lazy card page has loaded.
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/recharge/2"));
  });

  it("moves the customer to /login when the session ends on a protected page", async () => {
    const root = activated();
    shellAt("/orderlist", root);
    expect(screen.getByTestId("where").textContent).toBe("/orderlist");
    const { act } = await import("@testing-library/react");
    act(() => root.session.ended(new SessionEnded({ message: "please sign in again", status: 401 })));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/login"));
  });

  it("shows the tab bar only on the routes whose tabBar flag is set", async () => {
    const view = shellAt("/personal", activated());
    const bar = await screen.findByRole("navigation");
    // Spec §2's tabs, in its order: card recharge, entity card, personal center.
    expect([...bar.querySelectorAll(".adm-tab-bar-item-title")].map((t) => t.textContent)).toEqual(["Card recharge", "Entity card", "Personal center"]);
    view.unmount();
    shellAt("/orderlist", activated());
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("titles the document per route, in the customer's language", async () => {
    const root = activated();
    shellAt("/orderlist", root);
    expect(document.title).toBe("My orders");
    const { act } = await import("@testing-library/react");
    act(() => root.i18n.setLocale("zh-CN"));
    expect(document.title).toBe("我的订单");
  });
});

import { offline } from "@fuel/adapters/ports";
import { FakeGeocoder, FakeGeolocation } from "@fuel/adapters/testing";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { Effect } from "effect";
import { MemoryRouter, useLocation } from "../../src/router/index.tsx";
import { describe, expect, it } from "vitest";
import { Shell } from "../../src/app/Shell.tsx";
import { StoresProvider } from "../../src/stores/StoresContext.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";
import { testRoot } from "../support/render.tsx";

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** The shell at /stationlist over fakes: Guangzhou located, its three stations. */
const shellAtStationList = (network = { up: true }) => {
  const root = testRoot({ ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
  root.ports.api.on("cityList", [{ city: "广州市", count: 3 }, { city: "深圳市", count: 0 }]);
  root.ports.api.on("cityStations", (input) => (network.up ? Effect.succeed(input.city === "广州市" ? guangzhouStations : []) : Effect.fail(offline("en"))));
  render(
    <StoresProvider root={root}>
      <MemoryRouter initialEntries={["/stationlist"]}>
        <Shell />
        <Where />
      </MemoryRouter>
    </StoresProvider>,
  );
  const go = async (path: string) => {
    act(() => root.navigation.go(path));
    await screen.findByText(path, { selector: "output" });
  };
  return { root, go };
};

/** Scrolls the window (happy-dom moves it but sends no event: the browser would). */
const scrollWindowTo = (top: number) => {
  window.scrollTo(0, top);
  fireEvent.scroll(window);
};

const keptWrapper = (path: string) => document.querySelector<HTMLElement>(`[data-kept-alive="${path}"]`);

describe("kept-alive pages (spec §2: /stationlist, /citylist, /testStationlist)", () => {
  it("a left kept-alive page stays mounted, hidden (display: none), and shows again with the same DOM and no new load", async () => {
    const { root, go } = shellAtStationList();
    const first = (await screen.findAllByRole("listitem"))[0]!;
    const loads = root.ports.api.callsTo("cityStations").length;

    await go("/register");
    const wrapper = keptWrapper("/stationlist")!;
    expect(wrapper.hidden).toBe(true);
    expect(wrapper.style.display).toBe("none");
    expect(first.isConnected).toBe(true);
    // Hidden from everyone: no station is offered to assistive technology or queries by role.
    expect(screen.queryAllByRole("listitem")).toEqual([]);

    await go("/stationlist");
    expect(wrapper.hidden).toBe(false);
    // display: contents: the wrapper has no box of its own, the page lays out as it did without it.
    expect(wrapper.style.display).toBe("contents");
    expect(within(wrapper).getAllByRole("listitem")[0]).toBe(first);
    expect(root.ports.api.callsTo("cityStations").length).toBe(loads);
  });

  it("comes back at its scroll position; another page's scrolling does not move it", async () => {
    const { go } = shellAtStationList();
    await screen.findAllByRole("listitem");
    scrollWindowTo(420);

    await go("/citylist");
    scrollWindowTo(90);
    await go("/register");
    // A newly opened page starts at its top, and the hidden lists do not take that for theirs.
    expect(window.scrollY).toBe(0);
    scrollWindowTo(15);

    await go("/stationlist");
    expect(window.scrollY).toBe(420);
    await go("/citylist");
    expect(window.scrollY).toBe(90);
    expect(keptWrapper("/stationlist")?.hidden).toBe(true);
    expect(keptWrapper("/citylist")?.hidden).toBe(false);
  });

  it("a list that failed to load is loaded again when the customer comes back (as <Activity> re-ran its effects)", async () => {
    const network = { up: false };
    const { root, go } = shellAtStationList(network);
    expect(await screen.findByText("Retry")).toBeTruthy();
    const failedLoads = root.ports.api.callsTo("cityStations").length;
    await go("/register");
    network.up = true;
    expect(root.ports.api.callsTo("cityStations").length).toBe(failedLoads);
    await go("/stationlist");
    expect((await screen.findAllByRole("listitem")).length).toBe(3);
    expect(root.ports.api.callsTo("cityStations").length).toBe(failedLoads + 1);
  });

  it("keeps each visited kept-alive page once, only the current one shown", async () => {
    const { go } = shellAtStationList();
    await screen.findAllByRole("listitem");
    await go("/citylist");
    await go("/testStationlist");
    await go("/stationlist");
    const wrappers = [...document.querySelectorAll<HTMLElement>("[data-kept-alive]")];
    expect(wrappers.map((w) => [w.dataset["keptAlive"], w.hidden])).toEqual([
      ["/stationlist", false],
      ["/citylist", true],
      ["/testStationlist", true],
    ]);
  });
});

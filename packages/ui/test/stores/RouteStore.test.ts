import { FakeGeocoder, FakeGeolocation, FakeRoutePlanner } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import { Distance } from "@fuel/domain";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";
import { routeStore } from "../../src/stores/RouteStore.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { shownFor } from "../support/failures.ts";

const rootAt = (geolocation = new FakeGeolocation(GUANGZHOU), routes = new FakeRoutePlanner()) => {
  const root = testRoot({ ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES), routes } });
  root.ports.api.on("cityList", [{ city: "广州市", count: 3 }, { city: "深圳市", count: 0 }]);
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
  return root;
};

describe("RouteStore", () => {
  it("plans the route from the device's position to the station", async () => {
    const root = rootAt();
    const route = root.use(routeStore);
    await route.open(3);
    expect(route.current._tag).toBe("Loaded");
    const value = route.current._tag === "Loaded" ? route.current.value : undefined;
    expect(value?.station.id).toBe(3);
    expect(value?.route.path).toEqual([GUANGZHOU, guangzhouStations[2]]);
    expect(value?.route.distanceMetres).toBe(Math.round(Distance.distanceMetres(GUANGZHOU, guangzhouStations[2]) ?? 0));
  });

  it("finds a station the list showed without asking the server again", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    const before = root.ports.api.calls.length;
    await root.use(routeStore).open(1);
    expect(root.ports.api.calls.length).toBe(before);
  });

  it("draws a route again with the network off once it was loaded", async () => {
    const routes = new FakeRoutePlanner();
    const root = rootAt(undefined, routes);
    await root.use(routeStore).open(3);
    root.ports.api.fail("cityStations", offline()).fail("cityList", offline());
    routes.failing = true;
    await root.use(routeStore).open(1);
    await root.use(routeStore).open(3);
    expect(root.use(routeStore).current._tag).toBe("Loaded");
  });

  it("a station that is nowhere is 'station not found'", async () => {
    const root = rootAt();
    await root.use(routeStore).open(999);
    expect(root.use(routeStore).current._tag).toBe("Failed");
    expect(shownFor(root.use(routeStore).current, root.i18n)).toBe("station not found");
  });

  it("without a position says 'failed to get location' and still knows the station", async () => {
    const root = rootAt(new FakeGeolocation("denied"));
    await root.use(routeStore).open(3);
    expect(root.use(routeStore).current._tag).toBe("Failed");
    expect(shownFor(root.use(routeStore).current, root.i18n)).toBe("failed to get location");
    expect(root.use(routeStore).station?.id).toBe(3);
  });

  it("a planner failure is said, and retry plans again", async () => {
    const routes = new FakeRoutePlanner();
    routes.failing = true;
    const root = rootAt(undefined, routes);
    await root.use(routeStore).open(3);
    expect(root.use(routeStore).current._tag).toBe("Failed");
    routes.failing = false;
    await root.use(routeStore).retry();
    expect(root.use(routeStore).current._tag).toBe("Loaded");
  });
});

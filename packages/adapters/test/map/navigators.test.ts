import { lngLatInChina } from "@fuel/domain/testing";
import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { amapNavigationUri, MapNavigator, type MessagingAppLocation } from "../../src/map/navigators.ts";
import { NavigationFailed, type Destination } from "../../src/ports/Map.ts";
import { failureOf } from "../support/failures.ts";

const futian: Destination = { longitude: 114.0579, latitude: 22.5431, name: "Futian Energy & Fuel #1", address: "88 Shennan Avenue" };

type OpenLocationOptions = Parameters<MessagingAppLocation["openLocation"]>[0];

describe("amapNavigationUri", () => {
  it("opens AMap's navigation page", () => {
    const url = new URL(amapNavigationUri(futian));
    expect(`${url.origin}${url.pathname}`).toBe("https://uri.amap.com/navigation");
  });

  it("carries to=lng,lat,name", () => {
    expect(new URL(amapNavigationUri(futian)).searchParams.get("to")).toBe("114.0579,22.5431,Futian Energy & Fuel #1");
  });

  it("encodes the name (no raw &, # or space in the URI)", () => {
    const uri = amapNavigationUri(futian);
    expect(uri).toContain(`to=114.0579,22.5431,${encodeURIComponent(futian.name)}`);
    expect(uri).not.toContain("Energy & Fuel");
    expect(uri).not.toContain("#");
  });

  it("drives (mode=car) with GCJ-02 coordinates (coordinate=gaode)", () => {
    const params = new URL(amapNavigationUri(futian)).searchParams;
    expect(params.get("mode")).toBe("car");
    expect(params.get("coordinate")).toBe("gaode");
  });

  it("for any name and position, `to` reads back as lng,lat,name and no other parameter is disturbed", () => {
    fc.assert(
      fc.property(lngLatInChina, fc.string({ unit: "grapheme", maxLength: 40 }), (p, name) => {
        const params = new URL(amapNavigationUri({ ...p, name })).searchParams;
        expect(params.get("to")).toBe(`${p.longitude},${p.latitude},${name}`);
        expect(params.get("mode")).toBe("car");
        expect(params.get("coordinate")).toBe("gaode");
      }),
    );
  });
});

describe("MapNavigator", () => {
  it("opens the AMap URI when there is no messaging app", async () => {
    const open = vi.fn<(url: string) => void>();
    await Effect.runPromise(new MapNavigator(open).navigateTo(futian));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(amapNavigationUri(futian));
  });

  it("opens the AMap URI when the messaging app's API is absent on this page", async () => {
    const open = vi.fn<(url: string) => void>();
    await Effect.runPromise(new MapNavigator(open, () => undefined).navigateTo(futian));
    expect(open).toHaveBeenCalledWith(amapNavigationUri(futian));
  });

  it("inside the messaging app, calls wx.openLocation with latitude, longitude, name, address and scale", async () => {
    const open = vi.fn<(url: string) => void>();
    const openLocation = vi.fn<(o: OpenLocationOptions) => void>();
    await Effect.runPromise(new MapNavigator(open, () => ({ openLocation })).navigateTo(futian));
    expect(openLocation).toHaveBeenCalledTimes(1);
    expect(openLocation.mock.calls[0]?.[0]).toMatchObject({ latitude: 22.5431, longitude: 114.0579, name: futian.name, address: "88 Shennan Avenue", scale: 16 });
  });

  it("inside the messaging app, does not open the URI", async () => {
    const open = vi.fn<(url: string) => void>();
    await Effect.runPromise(new MapNavigator(open, () => ({ openLocation: () => undefined })).navigateTo(futian));
    expect(open).not.toHaveBeenCalled();
  });

  it("a destination without an address gives openLocation an empty address", async () => {
    const openLocation = vi.fn<(o: OpenLocationOptions) => void>();
    await Effect.runPromise(new MapNavigator(() => undefined, () => ({ openLocation })).navigateTo({ longitude: 114, latitude: 22, name: "S" }));
    expect(openLocation.mock.calls[0]?.[0].address).toBe("");
  });

  it("when openLocation calls `fail`, the URI is opened instead", async () => {
    const open = vi.fn<(url: string) => void>();
    const openLocation = (o: OpenLocationOptions) => o.fail?.({ errMsg: "openLocation:fail" });
    await Effect.runPromise(new MapNavigator(open, () => ({ openLocation })).navigateTo(futian));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(amapNavigationUri(futian));
  });

  it("`open` throwing is NavigationFailed", async () => {
    const open = () => {
      throw new Error("popup blocked");
    };
    const error = await failureOf(new MapNavigator(open).navigateTo(futian));
    expect(error).toBeInstanceOf(NavigationFailed);
    expect(error.detail).toContain("popup blocked");
  });

  it("openLocation throwing is NavigationFailed", async () => {
    const openLocation = () => {
      throw new Error("permission value is offline verifying");
    };
    const error = await failureOf(new MapNavigator(() => undefined, () => ({ openLocation })).navigateTo(futian));
    expect(error._tag).toBe("NavigationFailed");
  });

  it("nothing is opened until the effect runs", () => {
    const open = vi.fn<(url: string) => void>();
    void new MapNavigator(open).navigateTo(futian);
    expect(open).not.toHaveBeenCalled();
  });
});

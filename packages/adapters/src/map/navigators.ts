import { Effect } from "effect";
import { NavigationFailed, type Destination, type Navigator } from "../ports/Map.ts";

/**
 * Handing over to turn-by-turn navigation. Inside the messaging app its own map (`wx.openLocation`)
 * opens in place; anywhere else the AMap navigation URI opens AMap (the app if installed, else its
 * web page), with our GCJ-02 coordinates declared as such.
 */

/** The messaging app's location API (the JS-SDK's `wx.openLocation`). */
export interface MessagingAppLocation {
  openLocation(options: {
    readonly latitude: number;
    readonly longitude: number;
    readonly name: string;
    readonly address: string;
    readonly scale: number;
    readonly fail?: (res: unknown) => void;
  }): void;
}

/** The AMap navigation URI for a destination (driving, GCJ-02 coordinates). */
export const amapNavigationUri = (d: Destination): string =>
  `https://uri.amap.com/navigation?to=${d.longitude},${d.latitude},${encodeURIComponent(d.name)}&mode=car&coordinate=gaode&callnative=1`;

export class MapNavigator implements Navigator {
  constructor(
    private readonly open: (url: string) => void,
    private readonly messagingApp?: () => MessagingAppLocation | undefined,
  ) {}

  navigateTo(destination: Destination): Effect.Effect<void, NavigationFailed> {
    return Effect.try({
      try: () => {
        const wx = this.messagingApp?.();
        if (wx !== undefined) {
          wx.openLocation({
            latitude: destination.latitude,
            longitude: destination.longitude,
            name: destination.name,
            address: destination.address ?? "",
            scale: 16,
            // The app's map failed to open: the web page still gets the customer there.
            fail: () => this.open(amapNavigationUri(destination)),
          });
          return;
        }
        this.open(amapNavigationUri(destination));
      },
      catch: (e) => new NavigationFailed({ detail: String(e) }),
    });
  }
}

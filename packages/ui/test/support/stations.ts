import type { Station } from "@fuel/domain/api";
import { examples } from "@fuel/domain/api";

/** A station of the contract's example shape, with the fields a test cares about changed. */
export const station = (fields: Partial<Station> & Pick<Station, "id">): Station => ({
  ...(examples.cityStations.response[0] as Station),
  city: "广州市",
  ...fields,
});

/** Guangzhou's centre (GCJ-02), where the tests' device stands. */
export const GUANGZHOU = { longitude: 113.2644, latitude: 23.1291 } as const;

/** Three Guangzhou stations: a far one listed first, a near one that sells no diesel, one in between. */
export const guangzhouStations: ReadonlyArray<Station> = [
  station({ id: 1, title: "白云机场高速加油站", address: "白云区机场路1962号", longitude: 113.2987, latitude: 23.2411, now_price: 708, original_price: 755, nation_price: 762 }),
  station({ id: 2, title: "越秀东风路加油站", address: "越秀区东风中路410号", longitude: 113.2712, latitude: 23.1326, sell_type: "92#;95#;98#" }),
  station({ id: 3, title: "天河北加油站", address: "天河区天河北路233号", longitude: 113.3312, latitude: 23.1452, now_price: 698, original_price: 745, nation_price: 762 }),
];

/** The geocoder's cities: the three seeded ones. */
export const CITY_CENTRES = [
  { city: "广州市", ...GUANGZHOU },
  { city: "深圳市", longitude: 114.0579, latitude: 22.5431 },
  { city: "东莞市", longitude: 113.7518, latitude: 23.0207 },
];

import type { Invoice } from "@fuel/domain";

/**
 * Demo catalogue loaded into an empty database so a newcomer sees a working product.
 * Coordinates are GCJ-02 (what Chinese maps use), near the real places named; prices are integer
 * cents per litre, realistic for diesel 0# in Guangdong: the national guide price 7.60-7.68, the
 * pump price 0.05-0.12 below it, ours 0.40-0.50 below the pump (0.45-0.62 below national). A few stations sell no diesel 0# and a few keep short or night hours, so the
 * "cannot buy diesel" and "closed" paths show up in a demo too. Issue 35: every city has stations
 * of all three invoice policies (most issue their own; the 4th of every 5 issues through the
 * platform's e-invoice provider, the 5th of every 5 issues none), so each notice shows up.
 */

export interface DemoStation {
  readonly city: string;
  readonly title: string;
  readonly address: string;
  readonly longitude: number;
  readonly latitude: number;
  readonly now_price: number;
  readonly nation_price: number;
  readonly original_price: number;
  readonly sell_type: string;
  readonly code_id: string;
  readonly tel: string;
  readonly business_start_time: string;
  readonly business_end_time: string;
  readonly invoice_policy: Invoice.InvoicePolicy;
}

/** Issue 35: the demo stations' invoice policies by their place in their city's list. */
export const demoInvoicePolicy = (i: number): Invoice.InvoicePolicy => (i % 5 === 3 ? "platform" : i % 5 === 4 ? "none" : "station");

export const DEMO_CITIES = ["广州市", "深圳市", "东莞市"] as const;

type Row = [title: string, address: string, lng: number, lat: number, now: number, original: number, nation: number, sell: string, start: string, end: string];

const rows: Record<(typeof DEMO_CITIES)[number], Row[]> = {
  "广州市": [
    ["中石化天河北加油站", "天河区天河北路233号", 113.3312, 23.1452, 717, 757, 762, "0#;92#;95#", "00:00", "24:00"],
    ["中石油黄埔大道加油站", "天河区黄埔大道西638号", 113.3525, 23.1268, 707, 754, 762, "0#;92#;95#;98#", "06:00", "23:00"],
    ["壳牌广园快速路加油站", "白云区广园中路318号", 113.2861, 23.1623, 708, 751, 762, "0#;92#;95#", "00:00", "24:00"],
    ["中石化番禺大道加油站", "番禺区番禺大道北555号", 113.3483, 23.0312, 706, 756, 762, "0#;92#", "00:00", "24:00"],
    ["中海油海珠新港加油站", "海珠区新港东路1088号", 113.3721, 23.1029, 707, 753, 762, "0#;92#;95#", "07:00", "22:00"],
    ["中石油白云机场高速加油站", "白云区机场路1962号", 113.2987, 23.2411, 708, 750, 762, "0#", "00:00", "24:00"],
    ["中石化黄埔港加油站", "黄埔区港前路531号", 113.4622, 23.0987, 706, 755, 762, "0#;92#;95#", "22:00", "06:00"],
    ["延长壳牌增城荔城加油站", "增城区荔城街府佑路98号", 113.8211, 23.2934, 707, 752, 762, "0#;92#", "06:00", "07:00"],
    ["中石化越秀东风路加油站", "越秀区东风中路410号", 113.2712, 23.1326, 716, 757, 762, "92#;95#;98#", "00:00", "24:00"],
    ["中石油南沙港快速加油站", "南沙区港前大道南162号", 113.6012, 22.7589, 706, 754, 762, "0#", "00:00", "24:00"],
    ["中化花都迎宾大道加油站", "花都区迎宾大道168号", 113.2298, 23.3921, 707, 751, 762, "0#;92#;95#", "06:30", "22:30"],
    ["中石化荔湾芳村加油站", "荔湾区花地大道中88号", 113.2368, 23.0873, 716, 756, 762, "0#;92#;95#", "00:00", "24:00"],
  ],
  "深圳市": [
    ["中石化深南大道加油站", "福田区深南大道6011号", 114.0452, 22.5401, 712, 759, 768, "0#;92#;95#", "00:00", "24:00"],
    ["中石油北环大道加油站", "南山区北环大道10092号", 113.9512, 22.5567, 713, 756, 768, "0#;92#;95#;98#", "00:00", "24:00"],
    ["壳牌宝安大道加油站", "宝安区宝安大道5010号", 113.8889, 22.5834, 711, 761, 768, "0#;92#;95#", "06:00", "23:00"],
    ["中石化龙岗大道加油站", "龙岗区龙岗大道6288号", 114.2518, 22.7213, 712, 758, 768, "0#;92#", "00:00", "24:00"],
    ["中海油盐田港加油站", "盐田区深盐路2088号", 114.2356, 22.5789, 721, 763, 768, "0#", "00:00", "24:00"],
    ["中石油布吉加油站", "龙岗区布吉路1036号", 114.1178, 22.6032, 711, 760, 768, "92#;95#", "00:00", "24:00"],
    ["中石化光明大道加油站", "光明区光明大道388号", 113.9354, 22.7489, 712, 757, 768, "0#;92#;95#", "22:00", "06:00"],
    ["中石化坪山大道加油站", "坪山区坪山大道2007号", 114.3462, 22.6901, 721, 762, 768, "0#;92#", "06:00", "07:00"],
    ["中石油蛇口港加油站", "南山区工业八路298号", 113.9198, 22.4923, 711, 759, 768, "0#;92#;95#", "00:00", "24:00"],
    ["中化罗湖沿河路加油站", "罗湖区沿河北路1002号", 114.1367, 22.5512, 712, 756, 768, "0#;92#;95#;98#", "07:00", "23:00"],
  ],
  "东莞市": [
    ["中石化东城大道加油站", "东城区东城大道219号", 113.7785, 23.0198, 713, 753, 760, "0#;92#;95#", "00:00", "24:00"],
    ["中石油莞太路加油站", "南城区莞太路168号", 113.7421, 22.9967, 703, 750, 760, "0#;92#", "00:00", "24:00"],
    ["壳牌虎门大道加油站", "虎门镇虎门大道88号", 113.6734, 22.8234, 712, 755, 760, "0#;92#;95#", "06:00", "23:00"],
    ["中石化长安振安路加油站", "长安镇振安中路301号", 113.8145, 22.8123, 702, 752, 760, "0#", "00:00", "24:00"],
    ["中石油松山湖加油站", "松山湖大道8号", 113.8832, 22.9256, 703, 749, 760, "92#;95#;98#", "00:00", "24:00"],
    ["中石化常平物流园加油站", "常平镇常东路128号", 114.0131, 22.9812, 712, 754, 760, "0#;92#", "22:00", "06:00"],
    ["中海油塘厦林村加油站", "塘厦镇林村莆心湖路6号", 114.0878, 22.8012, 702, 751, 760, "0#;92#;95#", "00:00", "24:00"],
    ["中石化麻涌港口加油站", "麻涌镇新沙港路18号", 113.5789, 23.0523, 703, 748, 760, "0#", "06:00", "07:00"],
  ],
};

const TELS: Record<(typeof DEMO_CITIES)[number], string> = { "广州市": "020", "深圳市": "0755", "东莞市": "0769" };

/** The 30 demo stations. */
export const DEMO_STATIONS: ReadonlyArray<DemoStation> = DEMO_CITIES.flatMap((city, ci) =>
  rows[city].map(([title, address, longitude, latitude, now, original, nation, sell, start, end], i) => ({
    city,
    title,
    address,
    longitude,
    latitude,
    now_price: now,
    original_price: original,
    nation_price: nation,
    sell_type: sell,
    code_id: `ST${String(ci + 1).padStart(2, "0")}${String(i + 1).padStart(3, "0")}`,
    tel: `${TELS[city]}-8${String(6_000_000 + ci * 1000 + i * 37).slice(-7)}`,
    business_start_time: start,
    business_end_time: end,
    invoice_policy: demoInvoicePolicy(i),
  })),
);

/** Site settings of spec §3 for the demo (prices in cents per litre). */
export const DEMO_SITE_SETTINGS = {
  price_0_now: 707,
  price_0_nation: 762,
  price_0_original: 752,
  // A card's price a litre is the site's own diesel price: 0.45 below the pump, 0.55 below national.
  // Spec §9's 4.61 is the card-purchase page's fixed figure (`Pricing.CARD_PURCHASE_PAGE`), not these.
  price_0_xuni: 707,
  price_0_shiti: 707,
  entity_common_num: "9000100",
  virtual_common_num: "9000200",
  tel1: "400-800-6688",
  tel2: "020-38886688",
  recharge_tip: "充值到账后可在合作油站使用，如有疑问请联系客服。",
  recharge_shiti_tip: "实体卡充值需在油站圈存后生效。",
} as const;

/**
 * The A-Z index of /citylist: each city under the initial of its name's pinyin. The catalogue
 * answers Chinese names ("广州市") without pinyin, so the initial comes from the platform's
 * Chinese collation (ICU's pinyin order, in every browser we run in): a city belongs to the last
 * letter whose boundary character sorts at or before its first character. No pinyin dictionary
 * ships to the phone (tens of KB for three cities).
 */

/** The first character (in pinyin order) of each initial; no pinyin syllable starts with I, U or V. */
const BOUNDARIES = "阿八嚓哒妸发旮哈讥咔垃痳拏噢妑七呥扨它穵夕丫帀";
const LETTERS = "ABCDEFGHJKLMNOPQRSTWXYZ";

/**
 * Collation reads a character by its most common sound; these city names start with a character
 * read otherwise there (重庆 is Chongqing, not Zhongqing).
 */
const CITY_READINGS: ReadonlyArray<readonly [prefix: string, initial: string]> = [
  ["重庆", "C"],
  ["长", "C"], // 长沙, 长春, 长治
  ["厦门", "X"],
  ["蚌埠", "B"],
  ["六安", "L"],
  ["乐山", "L"],
  ["朝阳", "C"],
  ["单县", "S"],
];

/** The fallback group for a name that is neither Latin nor ordered by pinyin here. */
export const OTHER = "#";

const collator = (() => {
  try {
    const c = new Intl.Collator("zh-CN-u-co-pinyin");
    return c.resolvedOptions().collation === "pinyin" || c.resolvedOptions().locale.startsWith("zh") ? c : undefined;
  } catch {
    return undefined;
  }
})();

/** The index letter of a city's name: "广州市" -> "G", "Shenzhen" -> "S", "9号" -> "#". */
export const cityInitial = (name: string): string => {
  const first = name.trim().charAt(0);
  if (/^[a-z]$/i.test(first)) return first.toUpperCase();
  const reading = CITY_READINGS.find(([prefix]) => name.trim().startsWith(prefix));
  if (reading !== undefined) return reading[1];
  if (collator === undefined || !/\p{Script=Han}/u.test(first)) return OTHER;
  let letter = OTHER;
  for (let i = 0; i < BOUNDARIES.length; i++) if (collator.compare(first, BOUNDARIES.charAt(i)) >= 0) letter = LETTERS.charAt(i);
  return letter;
};

/** Cities grouped by initial, groups A-Z then "#", cities in each group in pinyin order. */
export const groupByInitial = <C extends { readonly city: string }>(cities: ReadonlyArray<C>): ReadonlyArray<{ readonly initial: string; readonly cities: ReadonlyArray<C> }> => {
  const groups = new Map<string, C[]>();
  for (const c of cities) {
    const initial = cityInitial(c.city);
    groups.set(initial, [...(groups.get(initial) ?? []), c]);
  }
  const order = (a: string, b: string) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b));
  const byName = collator ?? new Intl.Collator();
  return [...groups.keys()].sort(order).map((initial) => ({
    initial,
    cities: [...(groups.get(initial) ?? [])].sort((a, b) => byName.compare(a.city, b.city)),
  }));
};

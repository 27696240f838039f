/**
 * The query string of a GET call (`?a=1&b=2`, keys in the input's order, undefined left out). Its
 * own module: the HTML's early script (ui/src/early) builds the same URL the client will send.
 */
export const queryOf = (input: unknown): string => {
  if (typeof input !== "object" || input === null) return "";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, String(v));
  const q = params.toString();
  return q === "" ? "" : `?${q}`;
};

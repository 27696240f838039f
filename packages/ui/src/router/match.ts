/** A route's path (`/orderDetail/:id`, `*`) against a pathname: its parameters, or undefined. */
export const matchPath = (pattern: string, pathname: string): Readonly<Record<string, string>> | undefined => {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const part = wanted[i] as string;
    if (part === "*") {
      params["*"] = given.slice(i).join("/");
      return params;
    }
    const value = given[i];
    if (value === undefined) return undefined;
    if (part.startsWith(":")) params[part.slice(1)] = decode(value);
    // Case-insensitive, as react-router matched: /StationList is /stationlist.
    else if (part.toLowerCase() !== value.toLowerCase()) return undefined;
  }
  return wanted.length === given.length ? params : undefined;
};

/**
 * How specific a pattern is, so the most specific matching route wins whatever the order of the
 * table (react-router's ranking): a static segment over a parameter, anything over a splat.
 */
export const rankOf = (pattern: string): number =>
  segmentsOf(pattern).reduce((score, part) => score + (part === "*" ? -2 : part.startsWith(":") ? 3 : 10), 0);

/** Segments without the empty ones a leading, trailing or doubled slash leaves. */
const segmentsOf = (path: string): string[] => path.split("/").filter((s) => s !== "");

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

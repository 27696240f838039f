import { useEffect, useState } from "react";

/** Where the desk's lists turn from a phone's cards into tables (a tablet held either way, a desktop). */
export const WIDE_QUERY = "(min-width: 768px)";

const wideNow = (): boolean => typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(WIDE_QUERY).matches;

/**
 * Whether the screen is wide enough for tables (768 px and over), following a rotation or a
 * resized window. Where the browser cannot tell (no matchMedia), a phone's cards: they read at
 * any width.
 */
export const useWide = (): boolean => {
  const [wide, setWide] = useState(wideNow);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(WIDE_QUERY);
    const changed = () => setWide(query.matches);
    changed();
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return wide;
};

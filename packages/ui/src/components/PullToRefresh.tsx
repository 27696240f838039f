import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useStores } from "../stores/StoresContext.tsx";
import type { UiKey } from "../i18n/catalogue.ts";
import "./PullToRefresh.css";

/** Where a pull stands; `idle` shows no head at all (0 height, no text). */
type Phase = "idle" | "pulling" | "canRelease" | "refreshing" | "complete";

const TEXT: Readonly<Record<Exclude<Phase, "idle">, UiKey>> = {
  pulling: "pullToRefreshPulling",
  canRelease: "pullToRefreshCanRelease",
  refreshing: "pullToRefreshRefreshing",
  complete: "pullToRefreshComplete",
};

// antd-mobile's figures, which the pages had before: customers' thumbs know them.
/** The head's height: where it is held while the refresh runs and its text stands. */
const HEAD_PX = 40;
/** A release with the head pulled further than this refreshes. */
const THRESHOLD_PX = 60;
/** The resistance's asymptote: the head never grows past this however far the finger goes. */
const MAX_PX = HEAD_PX * 5;
/** How long "Refreshed" stays before the head goes back. */
const COMPLETE_MS = 500;
/** The spring back's duration: keep in step with `.ptr-head.ptr-returning` in PullToRefresh.css. */
const RETURN_MS = 300;

/**
 * The finger's distance with resistance: about half of it at first, then less and less, never
 * past {@link MAX_PX} (antd-mobile's rubber band: ~171 px of finger reach the threshold).
 */
export const resisted = (distance: number): number => (distance <= 0 ? 0 : (distance * MAX_PX * 0.5) / (MAX_PX + 0.5 * distance));

/** The page, and every box between the touch and this component, is scrolled to its top. */
const atTop = (target: EventTarget | null, root: HTMLElement): boolean => {
  if (window.scrollY > 0) return false;
  for (let node = target instanceof Element ? target : null; node && node !== root; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return true;
};

interface PullToRefreshProps {
  /** Called once per release past the threshold; the head stays until it settles (fulfilled or not). */
  readonly onRefresh: () => Promise<unknown>;
  readonly children: ReactNode;
}

/**
 * Pull to refresh without antd-mobile's (issue 23: its react-spring and gesture library were ~27 KB
 * brotli before a list's first paint). Same figures and texts as antd-mobile's; the finger is
 * followed by writing the head's height directly (no render per touchmove) and the spring back is a
 * CSS transition, which `prefers-reduced-motion` turns off. Touch listeners are passive but for the
 * touchmove one, added non-passive only from a touchstart at the top until that touch ends, so the
 * browser scrolls everywhere else without waiting for this script. A rejected refresh returns the
 * head as a fulfilled one does: the stores say what failed their own way.
 */
export const PullToRefresh = observer(function PullToRefresh({ onRefresh, children }: PullToRefreshProps) {
  const { i18n } = useStores();
  const [phase, setPhase] = useState<Phase>("idle");
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  // The listeners live as long as the element: they read the latest callback through a ref.
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;

  useEffect(() => {
    const root = rootRef.current;
    const head = headRef.current;
    if (!root || !head) return;
    let alive = true;
    let current: Phase = "idle";
    /** A refresh or the spring back is under way: touches leave the head alone until it is idle. */
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let start: { readonly x: number; readonly y: number; readonly target: EventTarget | null } | undefined;
    let pulling = false;
    let height = 0;

    const enter = (next: Phase) => {
      current = next;
      setPhase(next);
    };
    const place = (px: number, animate: boolean) => {
      height = px;
      head.classList.toggle("ptr-returning", animate);
      head.style.height = `${px}px`;
    };
    const wait = (ms: number) => new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    const springBack = async () => {
      busy = true;
      place(0, true);
      await wait(RETURN_MS);
      if (!alive) return;
      head.classList.remove("ptr-returning");
      busy = false;
      enter("idle");
    };
    const refresh = async () => {
      busy = true;
      place(HEAD_PX, true);
      enter("refreshing");
      try {
        await refreshRef.current();
        if (!alive) return;
        enter("complete");
        await wait(COMPLETE_MS);
      } catch {
        // The store behind onRefresh shows its own failure notice; the head just goes back.
      }
      if (alive) await springBack();
    };

    const stopTracking = () => {
      start = undefined;
      root.removeEventListener("touchmove", onMove);
      root.removeEventListener("touchend", onEnd);
      root.removeEventListener("touchcancel", onEnd);
    };
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (busy || start || event.touches.length !== 1 || !touch || !atTop(event.target, root)) return;
      start = { x: touch.clientX, y: touch.clientY, target: event.target };
      root.addEventListener("touchmove", onMove, { passive: false });
      root.addEventListener("touchend", onEnd, { passive: true });
      root.addEventListener("touchcancel", onEnd, { passive: true });
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      const dx = touch.clientX - start.x;
      if (!pulling) {
        if (dx === 0 && dy === 0) return;
        // The first movement decides: down (more than sideways) at the top pulls; anything else is
        // the browser's scroll, left alone for the rest of this touch.
        if (event.touches.length !== 1 || dy <= 0 || Math.abs(dx) > dy || !atTop(start.target, root)) {
          stopTracking();
          return;
        }
        pulling = true;
      }
      // While pulling, the page must not scroll or overscroll (the browser's own bounce or refresh).
      if (event.cancelable) event.preventDefault();
      place(resisted(dy), false);
      const next = height > THRESHOLD_PX ? "canRelease" : "pulling";
      if (next !== current) enter(next);
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length > 0) return;
      stopTracking();
      if (!pulling) return;
      pulling = false;
      if (current === "canRelease") void refresh();
      else void springBack();
    };

    root.addEventListener("touchstart", onStart, { passive: true });
    return () => {
      alive = false;
      clearTimeout(timer);
      stopTracking();
      root.removeEventListener("touchstart", onStart);
    };
  }, []);

  return (
    <div className="ptr" ref={rootRef}>
      <div className="ptr-head" ref={headRef} aria-live="polite">
        <div className="ptr-head-text">{phase === "idle" ? "" : i18n.t(TEXT[phase])}</div>
      </div>
      {children}
    </div>
  );
});

export default PullToRefresh;

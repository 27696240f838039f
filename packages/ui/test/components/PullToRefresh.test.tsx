import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PullToRefresh, resisted } from "../../src/components/PullToRefresh.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

// Tests that pretend the page is scrolled shadow window.scrollY with a plain value; afterwards the
// window's own (scrollTo moves it) comes back, for the test files that run next in this worker.
const ownScrollY = Object.getOwnPropertyDescriptor(window, "scrollY");
afterEach(() => {
  if (ownScrollY === undefined) Reflect.deleteProperty(window, "scrollY");
  else Object.defineProperty(window, "scrollY", ownScrollY);
  window.scrollTo(0, 0);
});

const setup = (onRefresh: () => Promise<unknown> = vi.fn(async () => undefined), locale: "en" | "zh-CN" = "en") => {
  const refresh = vi.fn(onRefresh);
  renderPage(
    <PullToRefresh onRefresh={refresh}>
      <p>Station list</p>
    </PullToRefresh>,
    { root: testRoot({ locale }), path: "/stationlist" },
  );
  const item = screen.getByText("Station list");
  const head = document.querySelector<HTMLElement>("[aria-live='polite']");
  if (!head) throw new Error("no live head");
  return { refresh, item, head };
};

/** A one-finger drag on `target` from y=100 down by `distance` px, in a few moves, then lifted. */
const drag = (target: Element, distance: number, options: { readonly lift?: boolean } = {}) => {
  fireEvent.touchStart(target, { touches: [{ clientX: 50, clientY: 100 }] });
  for (const step of [0.25, 0.5, 0.75, 1]) fireEvent.touchMove(target, { touches: [{ clientX: 50, clientY: 100 + distance * step }] });
  if (options.lift !== false) fireEvent.touchEnd(target, { touches: [] });
};

const heightOf = (head: HTMLElement) => Number.parseFloat(head.style.height || "0");

describe("PullToRefresh", () => {
  it("idle, the head takes no height and says nothing", () => {
    const { head } = setup();
    expect(heightOf(head)).toBe(0);
    expect(head.textContent).toBe("");
  });

  it("the head follows about half the finger at first, and never past 200 px", () => {
    expect(resisted(20)).toBeCloseTo(9.5, 0);
    expect(resisted(-30)).toBe(0);
    expect(resisted(100_000)).toBeLessThan(200);
  });

  it("a pull below the threshold says 'Pull down to refresh' and springs back without refreshing", async () => {
    const { refresh, item, head } = setup();
    drag(item, 100, { lift: false });
    expect(head.textContent).toBe("Pull down to refresh");
    expect(heightOf(head)).toBeGreaterThan(0);
    expect(heightOf(head)).toBeLessThanOrEqual(60);
    fireEvent.touchEnd(item, { touches: [] });
    expect(heightOf(head)).toBe(0);
    await waitFor(() => expect(head.textContent).toBe(""));
    expect(refresh).not.toHaveBeenCalled();
  });

  it("past the threshold it says 'Release to refresh'; released, it refreshes once, holds the head, then says 'Refreshed' and goes back", async () => {
    let settle = () => {};
    const { refresh, item, head } = setup(() => new Promise<void>((resolve) => (settle = resolve)));
    drag(item, 250, { lift: false });
    expect(head.textContent).toBe("Release to refresh");
    expect(heightOf(head)).toBeGreaterThan(60);
    fireEvent.touchEnd(item, { touches: [] });
    expect(refresh).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(head.textContent).toBe("Refreshing…"));
    expect(heightOf(head)).toBe(40);
    // A second pull while refreshing does not start another refresh.
    drag(item, 250);
    expect(refresh).toHaveBeenCalledTimes(1);
    settle();
    await waitFor(() => expect(head.textContent).toBe("Refreshed"));
    expect(heightOf(head)).toBe(40);
    await waitFor(() => expect(heightOf(head)).toBe(0));
    await waitFor(() => expect(head.textContent).toBe(""));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("while pulling the touchmove is cancelled (no browser overscroll); a drag that does not pull is left to the browser", () => {
    const { item } = setup();
    fireEvent.touchStart(item, { touches: [{ clientX: 50, clientY: 100 }] });
    expect(fireEvent.touchMove(item, { touches: [{ clientX: 50, clientY: 130 }], cancelable: true })).toBe(false);
    fireEvent.touchEnd(item, { touches: [] });
    // Upwards first: the page's own scroll.
    fireEvent.touchStart(item, { touches: [{ clientX: 50, clientY: 100 }] });
    expect(fireEvent.touchMove(item, { touches: [{ clientX: 50, clientY: 80 }], cancelable: true })).toBe(true);
    expect(fireEvent.touchMove(item, { touches: [{ clientX: 50, clientY: 180 }], cancelable: true })).toBe(true);
    fireEvent.touchEnd(item, { touches: [] });
  });

  it("when the page is not at its top, a downward drag is the browser's scroll: nothing pulls", () => {
    Object.defineProperty(window, "scrollY", { value: 120, configurable: true, writable: true });
    const { refresh, item, head } = setup();
    drag(item, 250, { lift: false });
    expect(heightOf(head)).toBe(0);
    expect(head.textContent).toBe("");
    fireEvent.touchEnd(item, { touches: [] });
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a rejected refresh still brings the head back", async () => {
    const { refresh, item, head } = setup(async () => {
      throw new Error("offline");
    });
    const said: string[] = [];
    const listener = new MutationObserver(() => said.push(head.textContent ?? ""));
    listener.observe(head, { subtree: true, childList: true, characterData: true });
    drag(item, 250);
    expect(refresh).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(heightOf(head)).toBe(0));
    await waitFor(() => expect(head.textContent).toBe(""));
    listener.disconnect();
    expect(said).toContain("Refreshing…");
    expect(said).not.toContain("Refreshed");
  });

  it("speaks Chinese in zh-CN: 下拉刷新, 释放立即刷新, 加载中…, 刷新成功", async () => {
    const { item, head } = setup(async () => undefined, "zh-CN");
    drag(item, 100, { lift: false });
    expect(head.textContent).toBe("下拉刷新");
    fireEvent.touchMove(item, { touches: [{ clientX: 50, clientY: 350 }] });
    expect(head.textContent).toBe("释放立即刷新");
    fireEvent.touchEnd(item, { touches: [] });
    expect(head.textContent).toBe("加载中…");
    await waitFor(() => expect(head.textContent).toBe("刷新成功"));
  });

  it("the head is a polite live region, so each state is spoken", () => {
    const { head } = setup();
    expect(head.getAttribute("aria-live")).toBe("polite");
  });
});

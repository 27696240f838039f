// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { WindowBrowser, type BrowserWindow, type CloseWindowBridge } from "../../src/browser/WindowBrowser.ts";
import { FakeBrowser } from "../../src/testing/fakes.ts";

/** The page of the test (happy-dom's window), with whatever the messaging app would have put on it. */
type Page = Window & { WeixinJSBridge?: CloseWindowBridge; wx?: { closeWindow?: () => void } };
const page = window as unknown as Page;

afterEach(() => {
  delete page.WeixinJSBridge;
  delete page.wx;
});

describe("WindowBrowser.closeWindow: the messaging app's close", () => {
  it("inside the messaging app it closes through WeixinJSBridge.invoke('closeWindow', {}) and answers true", () => {
    const invoke = vi.fn<CloseWindowBridge["invoke"]>();
    page.WeixinJSBridge = { invoke };
    expect(new WindowBrowser(page).closeWindow()).toBe(true);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0]?.[0]).toBe("closeWindow");
    expect(invoke.mock.calls[0]?.[1]).toEqual({});
  });

  it("reads the bridge when asked, not when made: the app puts it on the page after load", () => {
    const browser = new WindowBrowser(page);
    const invoke = vi.fn<CloseWindowBridge["invoke"]>();
    page.WeixinJSBridge = { invoke };
    expect(browser.closeWindow()).toBe(true);
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it("with only the JS-SDK it closes through wx.closeWindow() and answers true", () => {
    const closeWindow = vi.fn();
    page.wx = { closeWindow };
    expect(new WindowBrowser(page).closeWindow()).toBe(true);
    expect(closeWindow).toHaveBeenCalledTimes(1);
  });

  it("prefers the bridge when both are there (one close, not two)", () => {
    const invoke = vi.fn<CloseWindowBridge["invoke"]>();
    const closeWindow = vi.fn();
    page.WeixinJSBridge = { invoke };
    page.wx = { closeWindow };
    expect(new WindowBrowser(page).closeWindow()).toBe(true);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(closeWindow).not.toHaveBeenCalled();
  });

  it("in a plain browser it does nothing and answers false", () => {
    const close = vi.spyOn(window, "close");
    const before = window.location.href;
    expect(new WindowBrowser(page).closeWindow()).toBe(false);
    expect(close).not.toHaveBeenCalled();
    expect(window.location.href).toBe(before);
    close.mockRestore();
  });

  it("a JS-SDK without closeWindow counts as a plain browser", () => {
    page.wx = {};
    expect(new WindowBrowser(page).closeWindow()).toBe(false);
  });

  it("a bridge that throws closed nothing: it answers false", () => {
    page.WeixinJSBridge = {
      invoke: () => {
        throw new Error("not ready");
      },
    };
    expect(new WindowBrowser(page).closeWindow()).toBe(false);
  });

  it("works on a window described by its slice alone (no bridge): false", () => {
    const slice: BrowserWindow = { location: {} as Location, crypto: globalThis.crypto };
    expect(new WindowBrowser(slice).closeWindow()).toBe(false);
  });
});

describe("FakeBrowser.closeWindow", () => {
  it("answers false by default (a plain browser) and counts the calls", () => {
    const browser = new FakeBrowser();
    expect(browser.closeWindow()).toBe(false);
    expect(browser.closeWindowCalls).toBe(1);
  });

  it("answers what the test sets (inside the messaging app: true)", () => {
    const browser = new FakeBrowser();
    browser.closesWindow = true;
    expect(browser.closeWindow()).toBe(true);
    expect(browser.closeWindow()).toBe(true);
    expect(browser.closeWindowCalls).toBe(2);
  });
});

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CrashScreen } from "../../src/app/CrashScreen.tsx";
import { renderPage, testRoot } from "../support/render.tsx";

describe("the crash screen (spec §8: a message with retry, never a white screen)", () => {
  // First in this file, so the error block's chunk has not been imported yet.
  it("before its own chunk has loaded, shows the message and a working retry as plain markup", () => {
    const onRetry = vi.fn();
    renderPage(<CrashScreen onRetry={onRetry} />, { root: testRoot({ locale: "en" }) });
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  for (const [locale, title, retry] of [
    ["en", "Something went wrong", "Retry"],
    ["zh-CN", "出错了", "重试"],
  ] as const) {
    it(`then shows antd-mobile's error block with the message and retry (${locale})`, async () => {
      const onRetry = vi.fn();
      const { container } = renderPage(<CrashScreen onRetry={onRetry} />, { root: testRoot({ locale }) });
      await waitFor(() => expect(container.querySelector(".adm-error-block")).not.toBeNull());
      expect(container.textContent).toContain(title);
      fireEvent.click(screen.getByRole("button", { name: retry }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  }
});

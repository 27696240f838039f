import type { ManualClock } from "@fuel/adapters/testing";
import { screen } from "@testing-library/react";
import { observable, runInAction } from "mobx";
import { observer } from "mobx-react-lite";
import { describe, expect, it } from "vitest";
import { KeptLine } from "../../../src/components/kept/KeptLine.tsx";
import { renderPage, testRoot } from "../../support/render.tsx";

/** The fake clock starts at 2026-11-23 10:00 China time; the kept copy was answered at 08:05 that day. */
const SAVED = Date.parse("2026-11-23T08:05:00+08:00");

describe("KeptLine", () => {
  it("keeps its place once the fresh answer replaces the kept copy: 'Saved 08:05 · updating…', then 'Updated 10:02' (the list under it does not jump)", async () => {
    const root = testRoot();
    const shown = observable({ keptAt: SAVED as number | undefined });
    const Line = observer(() => <KeptLine keptAt={shown.keptAt} failed={false} />);
    const { container } = renderPage(<Line />, { root });
    expect(container.querySelector(".kept-mark")?.textContent).toBe("Saved 08:05 · updating…");
    (root.ports.clock as ManualClock).advance(2 * 60_000);
    runInAction(() => (shown.keptAt = undefined));
    expect((await screen.findByText("Updated 10:02")).getAttribute("role")).toBe("status");
  });

  it("says the refresh failed while the kept copy stays (zh-CN)", () => {
    const { container } = renderPage(<KeptLine keptAt={SAVED} failed={true} />, { root: testRoot({ locale: "zh-CN" }) });
    expect(container.querySelector(".kept-mark")?.textContent).toBe("08:05 保存的数据 · 更新失败");
  });

  it("is nothing for a list that never showed a kept copy", () => {
    const { container } = renderPage(<KeptLine keptAt={undefined} failed={false} />);
    expect(container.querySelector(".kept-mark")).toBeNull();
  });
});

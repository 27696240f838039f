import { MemoryTokenStore } from "@fuel/adapters/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "../../src/router/index.tsx";
import { describe, expect, it } from "vitest";
import { Shell } from "../../src/app/Shell.tsx";
import { StoresProvider } from "../../src/stores/StoresContext.tsx";
import { testRoot } from "../support/render.tsx";

describe("switching the language in /setting", () => {
  it("re-renders the whole app at once: page, nav bar and document title", async () => {
    const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token: "t", activated: true }) } });
    render(
      <StoresProvider root={root}>
        <MemoryRouter initialEntries={["/setting"]}>
          <Shell />
        </MemoryRouter>
      </StoresProvider>,
    );
    // The page's code loads lazily, as in the app.
    await userEvent.click(await screen.findByRole("radio", { name: "中文" }, { timeout: 10_000 }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("设置");
    // The example customer has a password (user/info's has_password): the page offers changing it.
    expect(await screen.findByRole("link", { name: "修改密码" })).toBeTruthy();
    expect(screen.getByText("返回")).toBeTruthy();
    expect(document.title).toContain("设置");
  }, 20_000);
});

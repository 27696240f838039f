import { act, fireEvent, render, screen } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { browserHistory, memoryHistory } from "../../src/router/history.ts";
import { matchPath, rankOf } from "../../src/router/match.ts";
import { Link, MemoryRouter, Navigate, Route, Router, Routes, useLocation, useNavigate, useParams, useSearchParams } from "../../src/router/index.tsx";

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</output>;
}

function Param({ name }: { readonly name: string }) {
  return <span data-testid="param">{useParams()[name]}</span>;
}

const table = (
  <Routes>
    <Route path="/orderDetail/:id" element={<Param name="id" />} />
    <Route path="/orderDetail/2/:id" element={<span>recharge {<Param name="id" />}</span>} />
    <Route path="/recharge2/" element={<span>recharge2</span>} />
    <Route path="/recharge/2" element={<span>cards 2</span>} />
    <Route path="/recharge/1/:card_num" element={<Param name="card_num" />} />
    <Route path="*" element={<span>not found</span>} />
  </Routes>
);

const at = (path: string) => render(<MemoryRouter initialEntries={[path]}>{table}</MemoryRouter>);

describe("matching", () => {
  it("the most specific route wins whatever the table's order, parameters decoded", () => {
    at("/orderDetail/2/17");
    expect(screen.getByText(/recharge/).textContent).toBe("recharge 17");
  });

  it.each([
    ["/orderDetail/17", "17"],
    ["/recharge/1/%E4%B8%AD1234", "中1234"],
  ])("%s gives its parameter", (path, value) => {
    at(path);
    expect(screen.getByTestId("param").textContent).toBe(value);
  });

  it.each(["/recharge2", "/recharge2/", "/Recharge2"])("%s: a trailing slash and letter case do not matter (react-router's matching)", (path) => {
    at(path);
    expect(screen.getByText("recharge2")).toBeTruthy();
  });

  it.each(["/orderDetail/2/17/x", "/nowhere", "/recharge/1"])("%s falls to the splat route", (path) => {
    at(path);
    expect(screen.getByText("not found")).toBeTruthy();
  });

  it("a static segment ranks over a parameter, a parameter over a splat (property)", () => {
    const segment = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.nat(), (parts, at) => {
        const i = at % parts.length;
        const path = `/${parts.join("/")}`;
        const withParam = `/${parts.map((p, j) => (j === i ? ":p" : p)).join("/")}`;
        expect(matchPath(path, path)).toEqual({});
        expect(matchPath(withParam, path)).toEqual({ p: parts[i] });
        expect(rankOf(path)).toBeGreaterThan(rankOf(withParam));
        expect(rankOf(withParam)).toBeGreaterThan(rankOf("*"));
      }),
    );
  });
});

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <button onClick={() => navigate("/b", { state: { from: "/a" } })}>push</button>
      <button onClick={() => navigate("/c", { replace: true })}>replace</button>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={() => setParams({ tab: "unpaid" }, { replace: true })}>tab</button>
      <span data-testid="tab">{params.get("tab") ?? ""}</span>
      <Link to="/orderlist?tab=all" className="link">
        orders
      </Link>
    </>
  );
}

describe("navigating", () => {
  it("push carries its state, replace takes the entry's place, back returns", () => {
    render(
      <MemoryRouter initialEntries={["/a"]}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText("push"));
    expect(screen.getByTestId("where").textContent).toBe('/b|{"from":"/a"}');
    fireEvent.click(screen.getByText("replace"));
    expect(screen.getByTestId("where").textContent).toBe("/c|null");
    fireEvent.click(screen.getByText("back"));
    expect(screen.getByTestId("where").textContent).toBe("/a|null");
  });

  it("search parameters read and set on the same path", () => {
    render(
      <MemoryRouter initialEntries={["/orderlist?tab=all"]}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("tab").textContent).toBe("all");
    fireEvent.click(screen.getByText("tab"));
    expect(screen.getByTestId("where").textContent).toBe("/orderlist?tab=unpaid|null");
    expect(screen.getByTestId("tab").textContent).toBe("unpaid");
  });

  it("a link is a real href (it works before the app's script and in a new tab); a plain click stays in the app, a modified one is the browser's", () => {
    render(
      <MemoryRouter initialEntries={["/a"]}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByText("orders");
    expect(link.getAttribute("href")).toBe("/orderlist?tab=all");
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true); // not prevented: the browser opens it
    expect(screen.getByTestId("where").textContent).toBe("/a|null");
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByTestId("where").textContent).toBe("/orderlist?tab=all|null");
  });

  it("<Navigate> replaces the entry with its state", async () => {
    const history = memoryHistory(["/start", "/guarded"]);
    render(
      <Router history={history}>
        <Routes>
          <Route path="/guarded" element={<Navigate to="/login" replace state={{ from: "/guarded" }} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </Router>,
    );
    expect((await screen.findByTestId("where")).textContent).toBe('/login|{"from":"/guarded"}');
    act(() => history.go(-1));
    expect(screen.getByTestId("where").textContent).toBe("/start|null");
  });
});

describe("the browser's history", () => {
  it("numbers its entries (a page tells whether Back stays in the app) and follows Back", async () => {
    window.history.replaceState(null, "", "/first");
    const history = browserHistory(window);
    expect((window.history.state as { idx: number }).idx).toBe(0);
    history.push("/second?x=1", { from: "/first" });
    expect(window.location.pathname).toBe("/second");
    expect((window.history.state as { idx: number }).idx).toBe(1);
    expect(history.location).toMatchObject({ pathname: "/second", search: "?x=1", state: { from: "/first" } });
    history.replace("third");
    expect(window.location.pathname).toBe("/third");
    expect((window.history.state as { idx: number }).idx).toBe(1);
    const seen: string[] = [];
    const stop = history.listen((l) => seen.push(l.pathname));
    const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    window.history.back();
    await popped;
    expect(history.location.pathname).toBe("/first");
    expect(seen).toEqual(["/first"]);
    stop();
  });
});

import { useEffect, useState } from "react";

interface VersionAnswer {
  readonly status: string;
  readonly data: { readonly version: string; readonly label: string } | null;
}

/**
 * The app shell served by `npm start` until the screens land: it proves the UI and the API are
 * served together by showing the server's version label.
 */
export function App() {
  const [label, setLabel] = useState<string>("…");
  useEffect(() => {
    fetch("/api/version")
      .then((r) => r.json() as Promise<VersionAnswer>)
      .then((a) => setLabel(a.data?.label ?? "API unavailable"))
      .catch(() => setLabel("API unavailable"));
  }, []);
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: 24 }}>
      <h1>Fuel</h1>
      <p>Discounted diesel near you.</p>
      <p data-testid="api-label">{label}</p>
    </main>
  );
}

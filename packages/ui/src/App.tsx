import type { AppPorts } from "@fuel/adapters/ports";
import { Effect } from "effect";
import { useEffect, useState } from "react";

/**
 * The app shell served by `npm start` until the screens land: it proves the UI reaches the API
 * through the ports alone by showing the server's version label.
 */
export function App({ ports }: { readonly ports: Pick<AppPorts, "site" | "sandbox"> }) {
  const [label, setLabel] = useState<string>("…");
  useEffect(() => {
    void Effect.runPromise(
      ports.site.version().pipe(
        Effect.map((v) => v.label),
        Effect.catch((e) => Effect.succeed(`API unavailable: ${e.message}`)),
      ),
    ).then(setLabel);
  }, [ports]);
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: 24 }}>
      <h1>Fuel</h1>
      <p>Discounted diesel near you.</p>
      <p data-testid="api-label">{label}</p>
      {ports.sandbox ? <p data-testid="sandbox-badge">sandbox</p> : null}
    </main>
  );
}

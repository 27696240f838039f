import { useEffect } from "react";
import { useStores } from "../stores/StoresContext.tsx";

/**
 * Calls `tick` every `ms` while `active`, through the clock port (`Clock.every`): the countdowns
 * (pay within, QR valid for, SMS resend) and the QR screens' polling all tick this one way, so a
 * fake clock drives them in tests. `tick` should be stable (a store's bound action).
 */
export const useEvery = (ms: number, tick: () => void, active = true): void => {
  const { ports } = useStores();
  useEffect(() => (active ? ports.clock.every(ms, tick) : undefined), [ports.clock, ms, tick, active]);
};

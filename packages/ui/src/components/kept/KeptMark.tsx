import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";
import "./kept.css";
import { keptWhen } from "./keptWhen.ts";

interface KeptMarkProps {
  /** When the copy on screen was answered. */
  readonly savedAt: number;
  /** The fresh answer could not be had (the page says why its usual way); otherwise it is on its way. */
  readonly failed: boolean;
}

/**
 * The line over a list drawn from the copy kept on the device (issue 23): "Saved 14:05 ·
 * updating…", or "… could not update" after a failed refresh. Shown only while the kept copy is;
 * the fresh answer takes it away. Words, not a colour, carry the state; a status, so a screen
 * reader hears it change.
 */
export const KeptMark = observer(function KeptMark({ savedAt, failed }: KeptMarkProps) {
  const { i18n, ports } = useStores();
  const when = keptWhen(savedAt, ports.clock.now(), i18n);
  return (
    <p className="kept-mark" role="status">
      {i18n.t(failed ? "keptNotUpdated" : "keptUpdating", { when })}
    </p>
  );
});

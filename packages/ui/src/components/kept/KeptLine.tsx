import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStores } from "../../stores/StoresContext.tsx";
import { KeptMark } from "./KeptMark.tsx";
import { keptWhen } from "./keptWhen.ts";

interface KeptLineProps {
  /** When the kept copy on screen was answered; undefined: what shows is fresh (or nothing was kept). */
  readonly keptAt: number | undefined;
  /** The fresh answer could not be had. */
  readonly failed: boolean;
}

/**
 * The line over a list that may start from the copy kept on the device: {@link KeptMark} while the
 * kept copy shows, then "Updated 14:07" in the same place once the fresh answer replaced it. The
 * line stays, so the list under it does not jump up when the answer comes (issue 23: that jump was
 * a layout shift of 0.02-0.03 on every revisit). A list that never showed a kept copy has no line.
 */
export const KeptLine = observer(function KeptLine({ keptAt, failed }: KeptLineProps) {
  const { i18n, ports } = useStores();
  const [updatedAt, setUpdatedAt] = useState<number | undefined>(undefined);
  const [wasKept, setWasKept] = useState(keptAt !== undefined);
  useEffect(() => {
    if (keptAt !== undefined) setWasKept(true);
    else if (wasKept && updatedAt === undefined) setUpdatedAt(ports.clock.now());
  }, [keptAt, wasKept, updatedAt, ports.clock]);
  if (keptAt !== undefined) return <KeptMark savedAt={keptAt} failed={failed} />;
  if (!wasKept) return null;
  const when = keptWhen(updatedAt ?? ports.clock.now(), ports.clock.now(), i18n);
  return (
    <p className="kept-mark" role="status">
      {i18n.t("keptUpdated", { when })}
    </p>
  );
});

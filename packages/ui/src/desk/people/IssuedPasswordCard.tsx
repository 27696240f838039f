import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { useDesk } from "../stores/DeskContext.tsx";
import type { IssuedPassword } from "../stores/people/StaffStore.ts";
import { CopyButton } from "./CopyButton.tsx";

/**
 * A one-time password just issued, shown this once (the server keeps only its hash): large,
 * selectable whole, with a copy button and who to give it to. Focus moves here so the admin, and a
 * screen reader, meets it at once; 'Done' takes it away for good.
 */
export const IssuedPasswordCard = observer(function IssuedPasswordCard({ issued, onDone }: { readonly issued: IssuedPassword; readonly onDone: () => void }) {
  const { i18n } = useDesk();
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    card.current?.focus();
    card.current?.scrollIntoView?.({ block: "start" });
  }, [issued]);
  const { name, password, why } = issued;
  return (
    <section ref={card} className="desk-card people-issued" tabIndex={-1} aria-labelledby="people-issued-title">
      <h2 className="people-card-title" id="people-issued-title">
        {i18n.t(why === "added" ? "desk.people.otp.titleAdded" : "desk.people.otp.titleReset", { name })}
      </h2>
      <div className="desk-field">
        <span className="desk-field-label" id="people-otp-label">
          {i18n.t("desk.people.otp.label")}
        </span>
        <output className="people-secret" aria-labelledby="people-otp-label" data-testid="one-time-password">
          {password}
        </output>
      </div>
      <p className="desk-lead">{i18n.t("desk.people.otp.why", { name })}</p>
      <div className="people-buttons">
        <CopyButton text={password} label={i18n.t("desk.people.copy")} />
        <Button color="primary" onClick={onDone}>
          {i18n.t("desk.people.done")}
        </Button>
      </div>
    </section>
  );
});

import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { useDesk } from "../stores/DeskContext.tsx";
import { CopyButton } from "./CopyButton.tsx";

/** The codes a create just made, one a line, to copy all at once and hand out; focus comes here. */
export const CreatedCodesCard = observer(function CreatedCodesCard({ codes, onDone }: { readonly codes: ReadonlyArray<string>; readonly onDone: () => void }) {
  const { i18n } = useDesk();
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    card.current?.focus();
    card.current?.scrollIntoView?.({ block: "start" });
  }, [codes]);
  return (
    <section ref={card} className="desk-card people-issued" tabIndex={-1} aria-labelledby="people-created-title">
      <h2 className="people-card-title" id="people-created-title">
        {i18n.t("desk.people.invites.created", { count: codes.length })}
      </h2>
      <ul className="people-codes" aria-labelledby="people-created-title" data-testid="created-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="people-buttons">
        <CopyButton text={codes.join("\n")} label={i18n.t("desk.people.copyAll")} />
        <Button color="primary" onClick={onDone}>
          {i18n.t("desk.people.done")}
        </Button>
      </div>
    </section>
  );
});

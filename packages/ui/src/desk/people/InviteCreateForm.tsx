import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { InvitesStore } from "../stores/people/InvitesStore.ts";

/** How many invite codes to make (1 to 1000, checked before sending). */
export const InviteCreateForm = observer(function InviteCreateForm({ store }: { readonly store: InvitesStore }) {
  const { i18n } = useDesk();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.create();
  };
  return (
    <form className="desk-card people-section" onSubmit={submit} noValidate aria-labelledby="people-invites-create-title">
      <h2 className="people-card-title" id="people-invites-create-title">
        {i18n.t("desk.people.invites.create")}
      </h2>
      <DeskField
        id="people-invites-count"
        label={i18n.t("desk.people.invites.count")}
        value={store.countText}
        onChange={store.setCount}
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        hint={i18n.t("desk.people.invites.countHint")}
        error={store.countProblemText}
      />
      {store.createProblemText === undefined ? null : (
        <p className="desk-error" role="alert">
          {store.createProblemText}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={store.creating} disabled={store.creating}>
        {i18n.t("desk.people.invites.create")}
      </Button>
    </form>
  );
});

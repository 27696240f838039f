import { Phone } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { BlacklistStore } from "../stores/people/BlacklistStore.ts";
import { confirmAct } from "./confirmAct.ts";

/** A phone to blacklist, typed or pasted as people write it; read by the domain's rule, then confirmed as read. */
export const BlacklistAddForm = observer(function BlacklistAddForm({ store }: { readonly store: BlacklistStore }) {
  const { i18n } = useDesk();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (store.changing !== undefined) return;
    const phone = store.checkedPhone();
    if (phone === undefined) return;
    const act = i18n.t("desk.people.blacklist.add");
    if (await confirmAct(i18n, i18n.t("desk.people.blacklist.addConfirm", { phone }), act)) await store.add(phone);
  };
  return (
    <form className="desk-card people-section" onSubmit={(event) => void submit(event)} noValidate aria-label={i18n.t("desk.people.blacklist.add")}>
      <DeskField
        id="people-blacklist-phone"
        label={i18n.t("desk.people.blacklist.phone")}
        value={store.phoneText}
        onChange={store.setPhone}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={Phone.TYPED_MAX_LENGTH}
        hint={i18n.t("desk.people.blacklist.phoneHint")}
        error={store.phoneProblemText}
      />
      <Button block color="danger" size="large" type="submit" loading={store.changing?.act === "add"} disabled={store.changing !== undefined}>
        {i18n.t("desk.people.blacklist.add")}
      </Button>
    </form>
  );
});

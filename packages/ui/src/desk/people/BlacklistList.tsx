import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { BlacklistStore } from "../stores/people/BlacklistStore.ts";
import { DeskTable } from "../table/DeskTable.tsx";
import { useWide } from "../table/useWide.ts";
import { confirmAct } from "./confirmAct.ts";

/** The blacklisted phones, ascending, each removable (asked first); a table at 768 px and over. */
export const BlacklistList = observer(function BlacklistList({ store }: { readonly store: BlacklistStore }) {
  const { i18n } = useDesk();
  const wide = useWide();
  const phones = store.phones ?? [];
  const remove = async (phone: string) => {
    if (await confirmAct(i18n, i18n.t("desk.people.blacklist.removeConfirm", { phone }), i18n.t("desk.people.blacklist.remove"))) await store.remove(phone);
  };
  const removeButton = (phone: string) => (
    <Button
      size="small"
      color="danger"
      fill="outline"
      aria-label={`${i18n.t("desk.people.blacklist.remove")} ${phone}`}
      onClick={() => void remove(phone)}
      disabled={store.changing !== undefined}
      loading={store.changing?.act === "remove" && store.changing.phone === phone}
    >
      {i18n.t("desk.people.blacklist.remove")}
    </Button>
  );
  return (
    <section className="people-section" aria-labelledby="people-blacklist-title">
      <h2 className="people-heading" id="people-blacklist-title">
        {i18n.t("desk.people.blacklist.list", { count: phones.length })}
      </h2>
      {phones.length === 0 ? (
        <ErrorBlock status="empty" title="" description={i18n.t("desk.people.blacklist.empty")} />
      ) : wide ? (
        <DeskTable
          caption={i18n.t("desk.people.blacklist.list", { count: phones.length })}
          columns={[
            { key: "phone", header: i18n.t("desk.people.blacklist.phone"), cell: (phone: string) => <span className="people-code">{phone}</span> },
            { key: "acts", header: i18n.t("desk.table.actions"), cell: (phone: string) => removeButton(phone) },
          ]}
          rows={phones}
          rowKey={(phone) => phone}
        />
      ) : (
        <List>
          {phones.map((phone) => (
            <List.Item
              key={phone}
              extra={removeButton(phone)}
            >
              <span className="people-code">{phone}</span>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
});

import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { BlacklistStore } from "../stores/people/BlacklistStore.ts";
import { confirmAct } from "./confirmAct.ts";

/** The blacklisted phones, ascending, each removable (asked first). */
export const BlacklistList = observer(function BlacklistList({ store }: { readonly store: BlacklistStore }) {
  const { i18n } = useDesk();
  const phones = store.phones ?? [];
  const remove = async (phone: string) => {
    if (await confirmAct(i18n, i18n.t("desk.people.blacklist.removeConfirm", { phone }), i18n.t("desk.people.blacklist.remove"))) await store.remove(phone);
  };
  return (
    <section className="people-section" aria-labelledby="people-blacklist-title">
      <h2 className="people-heading" id="people-blacklist-title">
        {i18n.t("desk.people.blacklist.list", { count: phones.length })}
      </h2>
      {phones.length === 0 ? (
        <ErrorBlock status="empty" title="" description={i18n.t("desk.people.blacklist.empty")} />
      ) : (
        <List>
          {phones.map((phone) => (
            <List.Item
              key={phone}
              extra={
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
              }
            >
              <span className="people-code">{phone}</span>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
});

import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import List from "antd-mobile/es/components/list";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { formatChinaTime } from "../../components/orders/format.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import type { DeskInviteRow, InvitesStore } from "../stores/people/InvitesStore.ts";
import { useWide } from "../table/useWide.ts";
import { InviteTable } from "./InviteTable.tsx";

/** Every invite code, newest first: when made, and when and by which phone it was used (unused ones marked); a table at 768 px and over. */
export const InviteList = observer(function InviteList({ store }: { readonly store: InvitesStore }) {
  const { i18n } = useDesk();
  const wide = useWide();
  const pages = store.pages;
  if (pages === undefined) return null;
  return (
    <section className="people-section" aria-labelledby="people-invites-title">
      <h2 className="people-heading" id="people-invites-title">
        {i18n.t("desk.people.invites.list", { total: pages.total })}
      </h2>
      {pages.invites.length === 0 ? (
        <ErrorBlock status="empty" title="" description={i18n.t("desk.people.invites.empty")} />
      ) : wide ? (
        <InviteTable invites={pages.invites} caption={i18n.t("desk.people.invites.list", { total: pages.total })} />
      ) : (
        <List>
          {pages.invites.map((invite) => (
            <InviteItem key={invite.code} invite={invite} />
          ))}
        </List>
      )}
      {pages.invites.length === 0 ? null : (
        <div className="people-more">
          <span>{i18n.t("desk.people.invites.shown", { shown: pages.invites.length, total: pages.total })}</span>
          {store.moreProblemText === undefined ? null : (
            <p className="desk-error" role="alert">
              {store.moreProblemText}
            </p>
          )}
          {store.hasMore ? (
            <Button onClick={() => void store.more()} loading={store.loadingMore} disabled={store.loadingMore}>
              {i18n.t("desk.people.more")}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
});

const InviteItem = observer(function InviteItem({ invite }: { readonly invite: DeskInviteRow }) {
  const { i18n } = useDesk();
  const usedAt = invite.redeemed_at === null ? undefined : formatChinaTime(invite.redeemed_at);
  const used =
    usedAt === undefined
      ? undefined
      : invite.redeemed_by_phone === null
        ? i18n.t("desk.people.invites.usedAt", { at: usedAt })
        : i18n.t("desk.people.invites.usedBy", { at: usedAt, phone: invite.redeemed_by_phone });
  return (
    <List.Item
      description={
        <>
          <p className="people-row-meta">{i18n.t("desk.people.invites.createdAt", { at: formatChinaTime(invite.created_at) })}</p>
          {used === undefined ? null : <p className="people-row-meta">{used}</p>}
        </>
      }
    >
      <div className="people-row-head">
        <span className="people-code">{invite.code}</span>
        {used === undefined ? <Tag color="success">{i18n.t("desk.people.invites.unused")}</Tag> : null}
      </div>
    </List.Item>
  );
});

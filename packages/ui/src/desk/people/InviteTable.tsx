import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { formatChinaTime } from "../../components/orders/format.ts";
import { DeskTable, type DeskColumn } from "../table/DeskTable.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { DeskInviteRow } from "../stores/people/InvitesStore.ts";

/** The invite codes at tablet and desktop widths (issue 34): code, made, and when and by which phone it was used. */
export const InviteTable = observer(function InviteTable({ invites, caption }: { readonly invites: ReadonlyArray<DeskInviteRow>; readonly caption: string }) {
  const { i18n } = useDesk();
  const columns: ReadonlyArray<DeskColumn<DeskInviteRow, never>> = [
    { key: "code", header: i18n.t("desk.people.invites.code"), cell: (i) => <span className="people-code">{i.code}</span> },
    {
      key: "state",
      header: i18n.t("desk.people.invites.state"),
      cell: (i) => (i.redeemed_at === null ? <Tag color="success">{i18n.t("desk.people.invites.unused")}</Tag> : i18n.t("desk.people.invites.used")),
    },
    { key: "created", header: i18n.t("desk.people.invites.createdColumn"), cell: (i) => formatChinaTime(i.created_at) },
    { key: "usedAt", header: i18n.t("desk.people.invites.usedAtColumn"), cell: (i) => (i.redeemed_at === null ? "" : formatChinaTime(i.redeemed_at)) },
    { key: "phone", header: i18n.t("desk.people.invites.phoneColumn"), cell: (i) => i.redeemed_by_phone ?? "" },
  ];
  return <DeskTable caption={caption} columns={columns} rows={invites} rowKey={(i) => i.code} />;
});

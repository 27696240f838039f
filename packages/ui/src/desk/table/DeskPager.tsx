import { DeskList } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";

interface DeskPagerProps {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
  readonly onPageSize: (size: DeskList.PageSize) => void;
  readonly disabled?: boolean;
}

/**
 * Below a desk list (issue 34): how many there are and which ones show, the page size, and
 * previous / next with the page out of how many (litemall's pager, in the desk's words).
 */
export const DeskPager = observer(function DeskPager({ page, pageSize, total, onPage, onPageSize, disabled = false }: DeskPagerProps) {
  const { i18n } = useDesk();
  const pages = DeskList.pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="desk-pager" aria-label={i18n.t("desk.table.pages")}>
      <span className="desk-pager-range" role="status">
        {i18n.t("desk.table.range", { first, last, total })}
      </span>
      <label className="desk-pager-size">
        {i18n.t("desk.table.pageSize")}
        <select value={pageSize} disabled={disabled} onChange={(event) => {
          const size = Number(event.target.value);
          if (DeskList.isPageSize(size)) onPageSize(size);
        }}>
          {DeskList.PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="desk-pager-steps">
        <button type="button" className="desk-pager-button" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          {i18n.t("desk.table.previous")}
        </button>
        <span className="desk-pager-page">{i18n.t("desk.table.page", { page, pages })}</span>
        <button type="button" className="desk-pager-button" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
          {i18n.t("desk.table.next")}
        </button>
      </span>
    </nav>
  );
});

import type { DeskList } from "@fuel/domain";
import type { ReactNode } from "react";
import { useDesk } from "../stores/DeskContext.tsx";
import "./table.css";

/** One column of a desk table: its header, how a row shows in it, and the sort it offers (if any). */
export interface DeskColumn<R, C extends string> {
  readonly key: string;
  readonly header: string;
  readonly cell: (row: R) => ReactNode;
  /** The column's sort key: its header is a button that sorts by it. */
  readonly sort?: C;
  /** Numbers align right, so their digits line up. */
  readonly numeric?: boolean;
}

interface DeskTableProps<R, C extends string> {
  /** Names the table for a screen reader (a visually hidden caption). */
  readonly caption: string;
  readonly columns: ReadonlyArray<DeskColumn<R, C>>;
  readonly rows: ReadonlyArray<R>;
  readonly rowKey: (row: R) => string | number;
  /** The list's sort, shown on its column (aria-sort and an arrow); omitted: the table does not sort. */
  readonly sort?: DeskList.Sort<C> | undefined;
  readonly onSort?: ((column: C) => void) | undefined;
}

const ariaSort = (direction: DeskList.SortDirection): "ascending" | "descending" => (direction === "asc" ? "ascending" : "descending");

/**
 * A desk list at tablet and desktop widths (issue 34): a semantic table in the desk's styles, as
 * react-admin's and litemall's lists are. A sortable header is a button: once ascending, again
 * descending (`DeskList.nextSort`, the store's), the sorted column marked with aria-sort and an
 * arrow. No table library: antd-mobile has none, and the desk's bundle stays small.
 */
export function DeskTable<R, C extends string>({ caption, columns, rows, rowKey, sort, onSort }: DeskTableProps<R, C>) {
  const { i18n } = useDesk();
  return (
    <div className="desk-table-wrap">
      <table className="desk-table">
        <caption className="desk-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sort !== undefined && sort?.column === column.sort ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric === true ? "desk-table-numeric" : undefined}
                  aria-sort={column.sort === undefined ? undefined : sorted === undefined ? "none" : ariaSort(sorted)}
                >
                  {column.sort === undefined || onSort === undefined ? (
                    column.header
                  ) : (
                    <button
                      type="button"
                      className="desk-table-sort"
                      onClick={() => onSort(column.sort as C)}
                      title={i18n.t(sorted === "asc" ? "desk.table.sortDescending" : "desk.table.sortAscending")}
                    >
                      {column.header}
                      <span className="desk-table-arrow" aria-hidden="true">
                        {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric === true ? "desk-table-numeric" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

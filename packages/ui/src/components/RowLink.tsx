import List from "antd-mobile/es/components/list";
import type { ReactNode } from "react";
import { Link } from "../router/index.tsx";
import "./RowLink.css";

interface RowLinkProps {
  /** A page of the app. */
  readonly to?: string;
  /** An address outside the app (`tel:`). */
  readonly href?: string;
  /** An action on this page (opens an overlay) instead of a place to go. */
  readonly onPress?: () => void;
  readonly prefix?: ReactNode;
  readonly description?: ReactNode;
  readonly extra?: ReactNode;
  readonly children: ReactNode;
}

/**
 * One row of an antd-mobile List that is a real link (or button): focusable, opened with Enter,
 * announced as what it is, the whole row the touch target. antd's own clickable List.Item is an
 * `<a>` without `href`, which a keyboard cannot reach.
 */
export function RowLink({ to, href, onPress, prefix, description, extra, children }: RowLinkProps) {
  const row = (
    <List.Item prefix={prefix} description={description} extra={extra} arrowIcon>
      {children}
    </List.Item>
  );
  if (to !== undefined) {
    return (
      <Link to={to} className="adm-plain-anchor row-link">
        {row}
      </Link>
    );
  }
  if (onPress !== undefined) {
    return (
      <a
        href="#"
        role="button"
        className="adm-plain-anchor row-link"
        onClick={(event) => {
          event.preventDefault();
          onPress();
        }}
      >
        {row}
      </a>
    );
  }
  return (
    <a href={href} className="adm-plain-anchor row-link">
      {row}
    </a>
  );
}

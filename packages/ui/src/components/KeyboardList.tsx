import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

/**
 * antd-mobile's clickable `List.Item` renders an `<a>` without `href`: a keyboard cannot reach or
 * press it and a screen reader does not call it a button. Around a `List`, this makes each
 * clickable item a focusable button that Enter and Space press, without touching antd's markup
 * otherwise (so its separators and styles stay).
 */
export function KeyboardList({ children }: { readonly children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const item of ref.current?.querySelectorAll<HTMLElement>("a.adm-list-item") ?? []) {
      item.setAttribute("role", "button");
      if (!item.hasAttribute("tabindex")) item.tabIndex = 0;
    }
  });
  const press = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if ((event.key === "Enter" || event.key === " ") && target.matches("a.adm-list-item")) {
      event.preventDefault();
      target.click();
    }
  };
  return (
    <div ref={ref} onKeyDown={press}>
      {children}
    </div>
  );
}

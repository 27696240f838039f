import type { ReactNode } from "react";

/** A titled group of a form or a tool (its heading names it for a screen reader's list of headings). */
export function PlacesSection({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <section className="places-section">
      <h2 className="places-section-title">{title}</h2>
      <div className="desk-card">{children}</div>
    </section>
  );
}

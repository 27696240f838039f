import type { ReactNode } from "react";

/** One labelled fact; an undefined or empty value is left out (a fact the order does not have). */
export type Fact = readonly [label: string, value: ReactNode];

/**
 * Labelled facts as a description list: label over value on a phone, side by side on a tablet;
 * long values (transaction ids, merchant numbers, JSON) wrap instead of widening the page.
 */
export function Facts({ facts }: { readonly facts: ReadonlyArray<Fact> }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== null && value !== "");
  return (
    <dl className="records-facts">
      {shown.map(([label, value]) => (
        <div key={label} className="records-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

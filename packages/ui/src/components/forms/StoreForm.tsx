import List from "antd-mobile/es/components/list";
import type { FormEvent, ReactNode } from "react";
// antd-mobile Form's stylesheet alone: the markup below is its Form's and Form.Item's.
import "antd-mobile/es/components/form/index.css";

/**
 * A form whose values live in a MobX store (the order and card pages): antd-mobile's Form look —
 * its markup, class names and stylesheet — without its field store. antd-mobile's `Form` brings
 * rc-field-form, async-validator and floating-ui (32 KB gzip) to keep values and validate them,
 * which these pages do in their stores with the domain's rules; the sign-in pages, whose values do
 * live in the form, keep antd-mobile's `Form`.
 */
export function StoreForm({ onSubmit, footer, className, children }: { readonly onSubmit: () => void; readonly footer?: ReactNode; readonly className?: string; readonly children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={className === undefined ? "adm-form" : `adm-form ${className}`} onSubmit={submit} noValidate>
      <List>{children}</List>
      {footer === undefined ? null : <div className="adm-form-footer">{footer}</div>}
    </form>
  );
}

interface StoreFormItemProps {
  /** The field's label; with `htmlFor` a `<label>` tied to the input, else shown as given (a group's name). */
  readonly label?: ReactNode;
  readonly htmlFor?: string;
  /** Under the field: its hint, its error, what belongs to it. */
  readonly description?: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
}

/** One row of a {@link StoreForm}, laid out as antd-mobile's vertical `Form.Item`. */
export function StoreFormItem({ label, htmlFor, description, className, children }: StoreFormItemProps) {
  // A label names an input; a group's name (radios named by aria-labelledby) is no <label>.
  const title =
    label === undefined ? undefined : htmlFor === undefined ? (
      <div className="adm-form-item-label">{label}</div>
    ) : (
      <label className="adm-form-item-label" htmlFor={htmlFor}>
        {label}
      </label>
    );
  return (
    <List.Item title={title} description={description} className={`adm-form-item adm-form-item-vertical${className === undefined || className === "" ? "" : ` ${className}`}`}>
      <div className="adm-form-item-child adm-form-item-child-position-normal">
        <div className="adm-form-item-child-inner">{children}</div>
      </div>
    </List.Item>
  );
}

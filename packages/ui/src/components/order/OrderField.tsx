import Input, { type InputProps, type InputRef } from "antd-mobile/es/components/input";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { StoreFormItem } from "../forms/StoreForm.tsx";

interface OrderFieldProps {
  readonly id: string;
  readonly label: string;
  /** The field's limit in words ("Up to 10000 yuan, at most 2 decimals"), always shown under it. */
  readonly hint: string;
  /** The rule the value breaks, shown under the hint, announced, and linked to the input. */
  readonly error: string | undefined;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly input?: Omit<InputProps, "value" | "onChange" | "id">;
  readonly required?: boolean;
  /** On the input's line, after it (a look-up's search button), so the hint below keeps the full width. */
  readonly after?: ReactNode;
  /** Under the hint: what belongs to the field (the amount's breakdown). */
  readonly children?: ReactNode;
}

/**
 * A labelled field of the order and card forms whose value lives in a store (a {@link StoreFormItem}):
 * label tied to the input, the limit as a hint, the error in words, both linked with
 * aria-describedby and aria-invalid on the native input (antd-mobile's Input puts aria props on its
 * wrapper).
 */
export function OrderField({ id, label, hint, error, value, onChange, input, required = true, after, children }: OrderFieldProps) {
  const ref = useRef<InputRef>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  useLayoutEffect(() => {
    const native = ref.current?.nativeElement;
    if (!native) return;
    native.setAttribute("aria-describedby", error === undefined ? hintId : `${hintId} ${errorId}`);
    native.setAttribute("aria-required", String(required));
    if (error === undefined) native.removeAttribute("aria-invalid");
    else native.setAttribute("aria-invalid", "true");
  }, [error, errorId, hintId, id, required]);
  return (
    <StoreFormItem
      label={label}
      htmlFor={id}
      className={error === undefined ? "" : "adm-form-item-has-error"}
      description={
        <>
          <span id={hintId} className="field-hint">
            {hint}
          </span>
          {error === undefined ? null : (
            <span id={errorId} className="field-error" role="alert">
              {error}
            </span>
          )}
          {children}
        </>
      }
    >
      <div className="field-row">
        <Input ref={ref} id={id} value={value} onChange={onChange} {...input} />
        {after}
      </div>
    </StoreFormItem>
  );
}

import Form from "antd-mobile/es/components/form";
import Input, { type InputRef } from "antd-mobile/es/components/input";
import { useLayoutEffect, useRef } from "react";

interface PasswordInputProps {
  readonly id: string;
  readonly label: string;
  /** The field's limit ("At least 6 characters"), always shown under it. */
  readonly hint: string;
  /** The rule the value breaks, shown under the hint and announced. */
  readonly error: string | undefined;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: "current-password" | "new-password";
}

/**
 * A labelled password field of an antd-mobile Form with its limit as a hint and its message linked
 * to the input (label `for`, aria-invalid, aria-describedby). antd's Form.Item without a `name` and its
 * Input do not pass those attributes on to the `<input>`, so they are set on the elements themselves.
 */
export function PasswordInput({ id, label, hint, error, value, onChange, autoComplete }: PasswordInputProps) {
  const ref = useRef<InputRef>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  useLayoutEffect(() => {
    const input = ref.current?.nativeElement;
    if (!input) return;
    // Without a `name` antd renders the label with no `for`: tie it to the input so a tap on the
    // label focuses it and a screen reader names the field once.
    input.closest(".adm-form-item")?.querySelector("label.adm-form-item-label")?.setAttribute("for", id);
    input.setAttribute("aria-describedby", error === undefined ? hintId : `${errorId} ${hintId}`);
    if (error === undefined) input.removeAttribute("aria-invalid");
    else input.setAttribute("aria-invalid", "true");
  }, [error, errorId, hintId, id]);
  return (
    <Form.Item
      label={label}
      className={error === undefined ? "" : "adm-form-item-has-error"}
      description={
        <>
          <span id={hintId}>{hint}</span>
          {error === undefined ? null : (
            <div id={errorId} className="adm-form-item-feedback-error" role="alert">
              {error}
            </div>
          )}
        </>
      }
    >
      <Input ref={ref} id={id} type="password" autoComplete={autoComplete} value={value} onChange={onChange} clearable />
    </Form.Item>
  );
}

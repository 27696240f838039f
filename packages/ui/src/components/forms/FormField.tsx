import Form from "antd-mobile/es/components/form";
import Input, { type InputProps, type InputRef } from "antd-mobile/es/components/input";
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { ValidatorRule } from "./domainRule.ts";

/** A field's state as antd-mobile's Form reports it (`onFieldsChange`). */
interface FieldState {
  readonly name?: ReadonlyArray<string | number> | string | number;
  readonly errors?: ReadonlyArray<string>;
}

/**
 * The errors of each field of a form, by name, from the Form's `onFieldsChange`: antd-mobile shows
 * errors but does not tie them to their input, so the page passes them to {@link FormField}.
 */
export function useFieldErrors(): {
  readonly errors: Readonly<Record<string, ReadonlyArray<string>>>;
  readonly onFieldsChange: (changed: ReadonlyArray<FieldState>, all: ReadonlyArray<FieldState>) => void;
} {
  const [errors, setErrors] = useState<Readonly<Record<string, ReadonlyArray<string>>>>({});
  const onFieldsChange = useCallback((_changed: ReadonlyArray<FieldState>, all: ReadonlyArray<FieldState>) => {
    setErrors(Object.fromEntries(all.map((f) => [[f.name ?? ""].flat().join("_"), f.errors ?? []])));
  }, []);
  return { errors, onFieldsChange };
}

/**
 * antd-mobile's Input puts `aria-*` props on its wrapper, not on the <input>: this sets the ones a
 * screen reader needs (the hint and the error it is described by, whether it is invalid or
 * required) on the native input itself.
 */
function DescribedInput({
  describedBy,
  invalid,
  required,
  after,
  ...props
}: InputProps & { readonly describedBy: string; readonly invalid: boolean; readonly required: boolean; readonly after: ReactNode }) {
  const ref = useRef<InputRef>(null);
  useLayoutEffect(() => {
    const input = ref.current?.nativeElement;
    if (!input) return;
    input.setAttribute("aria-describedby", describedBy);
    input.setAttribute("aria-required", String(required));
    if (invalid) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  });
  return (
    <div className="field-row">
      <Input ref={ref} {...props} />
      {after}
    </div>
  );
}

interface FormFieldProps {
  /** The form field's name; also the input's id (antd-mobile ties the label to it). */
  readonly name: string;
  readonly label: string;
  /** The field's limit in words ("at most 32 characters"), always shown under it. */
  readonly hint: string;
  readonly rules: ReadonlyArray<ValidatorRule>;
  /** The form's current errors (from {@link useFieldErrors}). */
  readonly errors: Readonly<Record<string, ReadonlyArray<string>>>;
  readonly input: Omit<InputProps, "value" | "onChange" | "id">;
  /** On the input's line, after it (the send-code button), so the hint below keeps the full width. */
  readonly after?: ReactNode;
  readonly required?: boolean;
}

/**
 * One labelled text field: antd-mobile's Form.Item and Input, the limit as a hint under it, the
 * error in words under the hint (never colour alone), both linked to the input by id. Validated on
 * blur and on submit, so typing the first digit does not already read as an error.
 */
export function FormField({ name, label, hint, rules, errors, input, after, required = true }: FormFieldProps) {
  const fieldErrors = errors[name] ?? [];
  const invalid = fieldErrors.length > 0;
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[...rules]}
      validateTrigger="onBlur"
      hasFeedback={false}
      // No asterisk: a screen reader would read it into the label ("Invite code star"); the input
      // says it is required (aria-required) and every field of these forms is.
      required={false}
      description={
        <>
          <span id={`${name}-hint`} className="field-hint">
            {hint}
          </span>
          {invalid ? (
            <span id={`${name}-error`} className="field-error" role="alert">
              {fieldErrors.join(" ")}
            </span>
          ) : null}
        </>
      }
    >
      <DescribedInput {...input} describedBy={invalid ? `${name}-hint ${name}-error` : `${name}-hint`} invalid={invalid} required={required} after={after} />
    </Form.Item>
  );
}

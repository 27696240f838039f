import Input from "antd-mobile/es/components/input";
import type { ReactNode } from "react";

interface DeskFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: "text" | "password" | "search" | "tel" | "number";
  readonly placeholder?: string;
  readonly autoComplete?: string;
  /** Under the field: its hint. */
  readonly hint?: ReactNode;
  /** The rule the value breaks, shown under it and announced. */
  readonly error?: string | undefined;
  readonly maxLength?: number;
  readonly inputMode?: "text" | "numeric" | "decimal" | "tel" | "search";
  readonly onEnterPress?: () => void;
}

/**
 * A labelled antd-mobile Input for the desk's forms, its label tied to the input and its error
 * announced (antd's Input puts aria attributes on its wrapper, so the error is linked by id here).
 */
export function DeskField({ id, label, value, onChange, type = "text", placeholder, autoComplete, hint, error, maxLength, inputMode, onEnterPress }: DeskFieldProps) {
  return (
    <div className="desk-field">
      <label className="desk-field-label" htmlFor={id}>
        {label}
      </label>
      <Input
        id={id}
        className="desk-input"
        type={type}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        inputMode={inputMode}
        onEnterPress={onEnterPress}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        clearable
      />
      {hint === undefined ? null : <div className="desk-field-hint">{hint}</div>}
      {error === undefined ? null : (
        <div className="desk-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

import TextArea from "antd-mobile/es/components/text-area";

interface TextAreaFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly maxLength: number;
}

/** A labelled antd-mobile TextArea (a tip of several sentences), the desk's field look, with its length shown. */
export function TextAreaField({ id, label, value, onChange, maxLength }: TextAreaFieldProps) {
  return (
    <div className="desk-field">
      <label className="desk-field-label" htmlFor={id}>
        {label}
      </label>
      <TextArea id={id} className="places-textarea" value={value} onChange={onChange} maxLength={maxLength} autoSize={{ minRows: 2, maxRows: 6 }} showCount />
    </div>
  );
}

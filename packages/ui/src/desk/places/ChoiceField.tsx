import Radio from "antd-mobile/es/components/radio";
import Space from "antd-mobile/es/components/space";

interface ChoiceFieldProps<V extends string> {
  readonly id: string;
  readonly legend: string;
  readonly value: V;
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string }>;
  readonly onChange: (value: V) => void;
  readonly hint?: string;
}

/** One of a few named choices (who issues a station's invoices, how top-ups are invoiced): antd-mobile radios under a legend, one per line. */
export function ChoiceField<V extends string>({ id, legend, value, options, onChange, hint }: ChoiceFieldProps<V>) {
  const choose = (chosen: string | number) => {
    const option = options.find((o) => o.value === String(chosen));
    if (option !== undefined) onChange(option.value);
  };
  return (
    <fieldset className="places-choice" id={id} aria-describedby={hint === undefined ? undefined : `${id}-hint`}>
      <legend className="desk-field-label">{legend}</legend>
      <Radio.Group value={value} onChange={choose}>
        <Space direction="vertical">
          {options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {hint === undefined ? null : (
        <div className="desk-field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </fieldset>
  );
}

import type { ChangeEvent } from "react";

interface FilePickerProps {
  readonly id: string;
  readonly label: string;
  readonly accept: string;
  readonly disabled?: boolean;
  readonly onFile: (file: File) => void;
}

/**
 * A file chooser drawn as a button: the real file input stays in the page, so a keyboard and a
 * screen reader reach it by its label. Choosing the same file again (after fixing it) is seen
 * too: the input is emptied after each choice.
 */
export function FilePicker({ id, label, accept, disabled = false, onFile }: FilePickerProps) {
  const changed = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (file !== undefined) onFile(file);
  };
  return (
    <label className="places-button" htmlFor={id}>
      <input id={id} className="places-file-input" type="file" accept={accept} disabled={disabled} onChange={changed} />
      {label}
    </label>
  );
}

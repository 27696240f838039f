import type { ChosenFile } from "../stores/places/chosenFile.ts";

/** A file as a store reads its bytes (an invoice PDF, checked by its bytes). */
export const chosenBytes = (file: File): ChosenFile<Uint8Array> => ({
  name: file.name,
  type: file.type,
  size: file.size,
  read: async () => new Uint8Array(await file.arrayBuffer()),
});

/** A CSV file as the import store reads it: its bytes (the store decodes them: UTF-8 or a Chinese Excel's GBK). */
export const chosenCsv = chosenBytes;

/** An image as the settings store reads it: a `data:` URL of its bytes. */
export const chosenImage = (file: File): ChosenFile => ({
  name: file.name,
  type: file.type,
  size: file.size,
  read: () =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("not a data URL")));
      reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
      reader.readAsDataURL(file);
    }),
});

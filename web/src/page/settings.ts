// The Settings panel: the stack's name and ids, the mocked attributes and
// reference ids, the cloud's Heat settings (JSON) and which lint rules run, bound to the workspace. A setting the engine cannot be
// given (its JSON does not read) is marked where it is typed, with the reason.
import type { SettingsError, Settings } from "../state";
import type { PageState } from "./state";

/** Each setting's input (by element id). */
const FIELDS: Record<string, keyof Settings> = { "stack-name": "stackName", "stack-id": "stackId", "project-id": "projectId", attributes: "attributes", "reference-ids": "referenceIds", "heat-config": "heatConfig", lint: "lint", "lint-disable": "lintDisable" };

const input = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export class SettingsPanel {
  constructor(private readonly s: PageState, changed: () => void) {
    for (const [id, key] of Object.entries(FIELDS)) {
      input(id).addEventListener("input", (e) => {
        s.ws.settings[key] = (e.target as HTMLInputElement).value;
        changed();
      });
    }
  }

  /** Show the workspace's settings. */
  render(): void {
    for (const [id, key] of Object.entries(FIELDS)) input(id).value = this.s.ws.settings[key];
  }

  /** Mark the setting `error` is about (opening the panel); none when null. */
  showError(error: SettingsError | null): void {
    for (const [id, key] of Object.entries(FIELDS)) {
      const field = input(id);
      const noteId = `setting-error-${id}`;
      let note = document.getElementById(noteId);
      const mine = error?.field === key;
      if (!mine) {
        if (note) note.hidden = true;
        field.removeAttribute("aria-invalid");
        continue;
      }
      if (!note) {
        note = Object.assign(document.createElement("span"), { id: noteId, className: "field-error" });
        field.after(note);
        field.setAttribute("aria-describedby", noteId);
      }
      note.hidden = false;
      note.textContent = error.message;
      field.setAttribute("aria-invalid", "true");
      (document.getElementById("settings") as HTMLDetailsElement).open = true;
    }
  }
}

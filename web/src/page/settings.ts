// The Settings panel: the stack's name and ids, the mocked attributes and
// reference ids, the cloud's Heat settings (JSON), the Heat release that
// answers and which lint rules run, bound to the workspace. A setting the engine cannot be
// given (its JSON does not read) is marked where it is typed, with the reason.
import type { HeatRelease } from "hotplate/web";
import type { SettingsError, Settings } from "../state";
import type { PageState } from "./state";

/** Each setting's input (by element id). */
const FIELDS: Record<string, keyof Settings> = { "stack-name": "stackName", "stack-id": "stackId", "project-id": "projectId", attributes: "attributes", "reference-ids": "referenceIds", "heat-config": "heatConfig", "heat-release": "heatRelease", lint: "lint", "lint-disable": "lintDisable" };

const input = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export class SettingsPanel {
  /** The engine's releases (its `releases()`), once the worker has said them. */
  private releases: HeatRelease[] = [];

  constructor(private readonly s: PageState, changed: () => void) {
    for (const [id, key] of Object.entries(FIELDS)) {
      input(id).addEventListener("input", (e) => {
        let value = (e.target as HTMLInputElement).value;
        // The engine's default release is no setting (links and saved workspaces leave it out).
        if (key === "heatRelease" && this.releases.find((r) => r.version === value)?.default) value = "";
        s.ws.settings[key] = value;
        changed();
      });
    }
  }

  /** Show the workspace's settings. */
  render(): void {
    for (const [id, key] of Object.entries(FIELDS)) {
      if (key === "heatRelease") this.renderRelease();
      else input(id).value = this.s.ws.settings[key];
    }
  }

  /** The release choice: every release of the engine, newest first, the default selected when none is set. */
  setReleases(releases: HeatRelease[]): void {
    this.releases = releases;
    this.renderRelease();
  }

  /** How the page names a release that answered (`2021.1 wallaby — Heat 16.1.0`). */
  releaseLabel(version: string): string {
    return this.releases.find((r) => r.version === version)?.label ?? `Heat ${version}`;
  }

  private renderRelease(): void {
    const select = input("heat-release") as HTMLSelectElement;
    const chosen = this.s.ws.settings.heatRelease || (this.releases.find((r) => r.default)?.version ?? "");
    const options = [...this.releases].reverse().map((r) => {
      const o = new Option(r.default ? `${r.label} (default)` : r.label, r.version);
      if (r.sameAs) o.title = `answers as ${r.sameAs} does (nothing measured tells them apart)`;
      return o;
    });
    // A release the engine does not know (an old link, a typo): shown, and the result says why it is refused.
    if (chosen && !this.releases.some((r) => r.version === chosen)) options.unshift(new Option(`${chosen} (not a release hotplate knows)`, chosen));
    select.replaceChildren(...options);
    select.disabled = this.releases.length === 0;
    select.value = chosen;
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

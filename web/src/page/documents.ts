// The page's documents: the template's editor and the lists of environment
// files and files (each an editor with its name, a toggle, a problem count and
// buttons), which editor a document name belongs to, and the engine's problems
// as markers and counts in each editor.
import type { EditorView } from "@codemirror/view";
import type { Diagnostic } from "hotplate/web";
import { createEditor, setText, showDiagnostics, type IdeHooks } from "../editors";
import type { IdeClient } from "../ide";
import { toRequest, type NamedText } from "../state";
import { problemCount } from "../panes/errors";
import { showReport } from "./report";
import type { PageState } from "./state";

type Kind = "env" | "file";

/**
 * A document of the lists and its editor, built when it is first shown or
 * needed: a loaded folder's collapsed files (an overcloud has ~180) get no
 * CodeMirror editor until opened. Problems found before then wait in `pending`.
 */
interface Entry {
  view?: EditorView;
  make: () => EditorView;
  pending: Diagnostic[];
  /** Its problem count badge, and how to show it when collapsed. */
  badge: HTMLElement;
  expand: () => void;
}

export interface DocumentsHost {
  /** The workspace changed (evaluate it). */
  changed(): void;
  /** Ctrl/⌘+Enter in an editor. */
  runNow(): void;
}

const $ = (id: string) => document.getElementById(id)!;

export class Documents {
  readonly template: EditorView;
  private envEntries: Entry[] = [];
  private fileEntries: Entry[] = [];

  constructor(private readonly s: PageState, private readonly host: DocumentsHost, private readonly ide: IdeClient) {
    this.template = createEditor($("template"), {
      doc: s.ws.template,
      label: "Template",
      testId: "editor-template",
      onChange: (text) => {
        s.ws.template = text;
        host.changed();
      },
      onRunNow: () => host.runNow(),
      ide: this.ideHooks(() => s.ws.templateName),
    });
  }

  /** Replace the template's text (a workspace was loaded). */
  setTemplate(text: string): void {
    setText(this.template, text);
  }

  /** Draw the template's name and the lists from the workspace. */
  render(): void {
    const ws = this.s.ws;
    $("template-name").textContent = ws.templateName;
    this.envEntries = this.list($("env-list"), ws.envFiles, "env", this.envEntries);
    this.fileEntries = this.list($("file-list"), ws.files, "file", this.fileEntries);
  }

  /** Add an empty environment file or file, and focus its editor. */
  add(kind: Kind): void {
    const ws = this.s.ws;
    const docs = kind === "env" ? ws.envFiles : ws.files;
    const base = kind === "env" ? "env" : "file";
    const names = new Set([...ws.envFiles, ...ws.files].map((d) => d.name));
    let n = docs.length + 1;
    while (names.has(`${base}${n}.yaml`)) n++;
    docs.push({ name: `${base}${n}.yaml`, text: kind === "env" ? "parameter_defaults: {}\n" : "" });
    this.render();
    this.host.changed();
    const added = (kind === "env" ? this.envEntries : this.fileEntries).at(-1);
    if (added) editorOf(added).focus();
  }

  /** Make file `doc` the template; the template goes into the files under its name (with Undo). */
  useAsTemplate(doc: NamedText): void {
    const ws = this.s.ws;
    if (!ws.files.includes(doc)) return;
    const before = { name: ws.templateName, text: ws.template };
    const swap = (from: NamedText, to: { name: string; text: string }) => {
      const at = ws.files.indexOf(from);
      if (at < 0) return;
      const old: NamedText = { name: ws.templateName, text: ws.template };
      ws.files.splice(at, 1, old);
      ws.templateName = to.name;
      ws.template = to.text;
      this.setTemplate(to.text);
      this.render();
      this.host.changed();
      return old;
    };
    const moved = swap(doc, doc);
    showReport([`${doc.name} is the template now; ${before.name} is among the files.`], "ok", {
      label: "Undo",
      testId: "use-template-undo",
      run: () => {
        if (this.s.ws === ws && moved) swap(moved, before);
      },
    });
  }

  /** The editor of a document of the request, by its name (built if it was not yet). */
  viewOf(name: string | null): EditorView | undefined {
    if (name !== null && name === this.s.ws.templateName) return this.template;
    const entry = this.entryOf(name);
    return entry ? editorOf(entry) : undefined;
  }

  /** Whether document `name` is one of the request's (the template or in a list). */
  has(name: string | null): boolean {
    return name !== null && (name === this.s.ws.templateName || this.entryOf(name) !== undefined);
  }

  private entryOf(name: string | null): Entry | undefined {
    const ws = this.s.ws;
    if (name === null || name === ws.templateName) return undefined;
    const env = ws.envFiles.findIndex((e) => e.name === name);
    if (env >= 0) return this.envEntries[env];
    const file = ws.files.findIndex((f) => f.name === name || f.aliases?.includes(name));
    return file >= 0 ? this.fileEntries[file] : undefined;
  }

  /** Select `from`..`to` in document `name` (opened if collapsed) and focus it. */
  goTo(name: string | null, from: number, to = from): void {
    this.entryOf(name)?.expand();
    const view = this.viewOf(name);
    if (!view) return;
    const length = view.state.doc.length;
    view.dispatch({ selection: { anchor: Math.min(from, length), head: Math.min(to, length) }, scrollIntoView: true });
    view.focus();
  }

  /** Each editor's markers and problem count. */
  showProblems(diagnostics: Diagnostic[]): void {
    const template: Diagnostic[] = [];
    const byEntry = new Map<Entry, Diagnostic[]>();
    for (const e of [...this.envEntries, ...this.fileEntries]) byEntry.set(e, []);
    for (const d of diagnostics) {
      if (!d.line) continue;
      if (d.file !== null && d.file === this.s.ws.templateName) template.push(d);
      else {
        const e = this.entryOf(d.file);
        if (e) byEntry.get(e)?.push(d);
      }
    }
    showDiagnostics(this.template, template);
    for (const [e, ds] of byEntry) {
      // An editor not built yet gets its markers when it is.
      if (e.view) showDiagnostics(e.view, ds);
      else e.pending = ds;
      const badge = e.badge;
      // Problems in a file are counted beside its name (seen also when it is collapsed).
      const count = problemCount(ds);
      badge.hidden = count === null;
      badge.className = `problems ${count?.kind ?? ""}`;
      if (badge.textContent !== (count?.text ?? "")) badge.textContent = count?.text ?? "";
    }
  }

  /** The engine's editor features for the editor of document `file()`. */
  private ideHooks(file: () => string): IdeHooks {
    return {
      client: this.ide,
      file,
      request: () => {
        try {
          return toRequest(this.s.ws);
        } catch {
          return null;
        }
      },
      goTo: (loc) => this.goTo(loc.file, loc.from, loc.to),
      applyEdit: (name, from, to, text) => this.viewOf(name)?.dispatch({ changes: { from, to, insert: text } }),
    };
  }

  private list(list: HTMLElement, docs: NamedText[], kind: Kind, entries: Entry[]): Entry[] {
    for (const e of entries) e.view?.destroy();
    list.replaceChildren();
    return docs.map((doc, i) => {
      const li = document.createElement("li");
      li.className = doc.off ? "doc off" : "doc";
      const { head, box, entry } = this.entry(doc, docs, i, kind);
      li.append(head, box);
      list.append(li);
      return entry;
    });
  }

  /** One document of a list: its head (toggle, name, problem count, buttons) and editor (built when shown). */
  private entry(doc: NamedText, docs: NamedText[], i: number, kind: Kind): { head: HTMLElement; box: HTMLElement; entry: Entry } {
    const ws = this.s.ws;
    const collapsed = this.s.collapsed;
    const what = kind === "env" ? "Environment file" : "File";
    const head = Object.assign(document.createElement("div"), { className: "doc-head" });
    const box = Object.assign(document.createElement("div"), { className: "editor small", id: `${kind}-editor-${i}` });
    const toggle = Object.assign(document.createElement("button"), { type: "button", className: "toggle" });
    toggle.dataset.testid = `${kind}-toggle-${i}`;
    toggle.setAttribute("aria-controls", box.id);
    const setOpen = (open: boolean) => {
      box.hidden = !open;
      toggle.textContent = open ? "▾" : "▸";
      toggle.setAttribute("aria-expanded", String(open));
      toggle.setAttribute("aria-label", `${open ? "Hide" : "Show"} ${doc.name}`);
      if (open) collapsed.delete(doc);
      else collapsed.add(doc);
    };
    toggle.addEventListener("click", () => {
      setOpen(box.hidden);
      if (!box.hidden) editorOf(entry).requestMeasure();
    });
    setOpen(!collapsed.has(doc));
    const name = Object.assign(document.createElement("input"), { value: doc.name });
    name.setAttribute("aria-label", `${what} ${i + 1} name`);
    name.dataset.testid = `${kind}-name-${i}`;
    name.addEventListener("change", () => {
      document.querySelector("[data-testid=name-error]")?.remove();
      const wanted = name.value.trim();
      // Names are keys of the request's `files`: a second file of the same name would
      // replace the first (and an environment file would be merged twice).
      if (wanted !== doc.name && (wanted === ws.templateName || [...ws.envFiles, ...ws.files].some((d) => d !== doc && (d.name === wanted || d.aliases?.includes(wanted))))) {
        const note = Object.assign(document.createElement("p"), { className: "name-error", textContent: `${wanted} is already the name of another file: each file needs its own name. Kept ${doc.name}.` });
        note.dataset.testid = "name-error";
        note.setAttribute("role", "alert");
        head.after(note);
        name.value = doc.name;
        return;
      }
      doc.name = wanted || doc.name;
      name.value = doc.name;
      setOpen(!box.hidden); // its label names the file
      this.host.changed();
    });
    const badge = Object.assign(document.createElement("span"), { className: "problems", hidden: true });
    badge.dataset.testid = `${kind}-problems-${i}`;
    if (kind === "env") {
      // Used or not: a folder's environment files are off until chosen (folder.ts).
      const use = Object.assign(document.createElement("input"), { type: "checkbox", checked: !doc.off, title: "Use this environment file (merged in the list's order)" });
      use.setAttribute("aria-label", `Use ${doc.name}`);
      use.dataset.testid = `env-use-${i}`;
      use.addEventListener("change", () => {
        if (use.checked) delete doc.off;
        else doc.off = true;
        head.parentElement?.classList.toggle("off", !!doc.off);
        this.host.changed();
      });
      head.append(use);
    }
    head.append(toggle, name, badge);
    const hint = kind === "env" ? this.s.hints.get(doc) : undefined;
    if (hint) {
      const h = Object.assign(document.createElement("span"), { className: "doc-hint", textContent: hint, title: "What this environment file maps or sets of the templates" });
      h.dataset.testid = `env-hint-${i}`;
      head.append(h);
    }
    if (doc.aliases?.length) {
      // Templates name this file in other ways too; the request carries it under each name.
      const also = Object.assign(document.createElement("span"), { className: "aliases", textContent: `also ${doc.aliases.join(", ")}` });
      also.dataset.testid = `${kind}-aliases-${i}`;
      head.append(also);
    }
    const button = (label: string, title: string, action: () => void, disabled = false) => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: label, title, disabled });
      b.setAttribute("aria-label", `${title} (${doc.name})`);
      b.addEventListener("click", () => {
        action();
        this.render();
        this.host.changed();
      });
      head.append(b);
    };
    if (kind === "env") {
      button("↑", "Move up", () => docs.splice(i - 1, 0, ...docs.splice(i, 1)), i === 0);
      button("↓", "Move down", () => docs.splice(i + 1, 0, ...docs.splice(i, 1)), i === docs.length - 1);
    }
    if (kind === "file") {
      const use = Object.assign(document.createElement("button"), { type: "button", textContent: "Use as template", title: "Evaluate this file as the template (the template becomes a file)" });
      use.dataset.testid = `file-use-${i}`;
      use.addEventListener("click", () => this.useAsTemplate(doc));
      head.append(use);
    }
    button("✕", "Remove", () => {
      docs.splice(i, 1);
      // Removing is one click: it can be undone as a replaced workspace can.
      showReport([`Removed the ${what.toLowerCase()} ${doc.name}.`], "ok", {
        label: "Undo",
        testId: "remove-undo",
        run: () => {
          if (docs !== (kind === "env" ? this.s.ws.envFiles : this.s.ws.files)) return; // another workspace since
          docs.splice(Math.min(i, docs.length), 0, doc);
          this.render();
          this.host.changed();
        },
      });
    });
    const entry: Entry = {
      pending: [],
      badge,
      make: () =>
        createEditor(box, {
          doc: doc.text,
          label: `${what} ${doc.name}`,
          testId: `editor-${kind}-${i}`,
          onChange: (text) => {
            doc.text = text;
            this.host.changed();
          },
          onRunNow: () => this.host.runNow(),
          ide: this.ideHooks(() => doc.name),
        }),
      expand: () => {
        if (!box.hidden) return;
        setOpen(true);
        editorOf(entry).requestMeasure();
      },
    };
    // Shown documents get their editor now; collapsed ones when opened.
    if (!box.hidden) editorOf(entry);
    return { head, box, entry };
  }
}

/** The entry's editor, built (with the problems it waits for) on first use. */
function editorOf(entry: Entry): EditorView {
  if (!entry.view) {
    entry.view = entry.make();
    if (entry.pending.length) showDiagnostics(entry.view, entry.pending);
    entry.pending = [];
  }
  return entry.view;
}

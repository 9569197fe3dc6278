// CodeMirror 6 editors for the template, environment files and files: YAML
// highlighting, lint markers from the engine's diagnostics (with the engine's
// quick fixes), completion, hover, Ctrl/Cmd-click (or F12) to go to a
// definition, an outline, search (Ctrl/Cmd+F), Tab to indent, Ctrl/Cmd+Enter
// to evaluate now, and Esc to leave the editor (no keyboard trap: Esc moves
// focus on, so Esc then Tab never indents).
import { EditorState, Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, hoverTooltip, showPanel, type Panel } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { autocompletion, closeCompletion, completionKeymap, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { search, searchKeymap } from "@codemirror/search";
import type { Completion, Diagnostic, DocumentSymbol, EvaluateRequest, QuickFix, SourceLocation } from "hotplate/web";
import type { IdeClient } from "./ide";
import { isLintFinding } from "./lint";

/** Colours from CSS variables, so light and dark themes both read well. */
const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "var(--hl-key)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--hl-string)" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "var(--hl-atom)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--hl-comment)", fontStyle: "italic" },
  { tag: [tags.meta, tags.keyword, tags.labelName, tags.typeName], color: "var(--hl-meta)" },
  { tag: [tags.punctuation, tags.separator, tags.bracket, tags.squareBracket, tags.brace], color: "var(--hl-punct)" },
]);

export interface EditorOptions {
  doc: string;
  label: string;
  testId: string;
  onChange: (text: string) => void;
  onRunNow: () => void;
  readonly?: boolean;
  /** Editor intelligence from the engine (absent: a plain editor). */
  ide?: IdeHooks;
}

/** What the engine's editor features need from the page. */
export interface IdeHooks {
  client: IdeClient;
  /** This document's name in the request (documents can be renamed). */
  file(): string;
  /** The request as the editors hold it now, or null when it cannot be built. */
  request(): EvaluateRequest | null;
  /** Show a place in any document (open its editor, select the range). */
  goTo(loc: SourceLocation): void;
  /** Apply a quick fix's edits to another document. */
  applyEdit(file: string, from: number, to: number, text: string): void;
}

const hooksOf = new WeakMap<EditorView, IdeHooks>();

/** CodeMirror's icon names for completion kinds. */
const COMPLETION_TYPE: Record<Completion["kind"], string> = {
  key: "keyword",
  function: "function",
  type: "class",
  property: "property",
  attribute: "property",
  parameter: "variable",
  resource: "namespace",
  condition: "constant",
  value: "enum",
  file: "text",
};

/** Markdown of the engine's hover as text nodes: paragraphs, `code` and **bold**. */
function markdownInto(parent: HTMLElement, text: string): void {
  for (const para of text.split("\n\n")) {
    const p = document.createElement("p");
    for (const part of para.split(/(`[^`]*`|\*\*[^*]*\*\*)/)) {
      if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
        const c = document.createElement("code");
        c.textContent = part.slice(1, -1);
        p.append(c);
      } else if (part.startsWith("**") && part.endsWith("**") && part.length > 3) {
        const b = document.createElement("strong");
        b.textContent = part.slice(2, -2);
        p.append(b);
      } else if (part) {
        p.append(document.createTextNode(part));
      }
    }
    parent.append(p);
  }
}

async function completionSource(hooks: IdeHooks, ctx: CompletionContext): Promise<CompletionResult | null> {
  const word = ctx.matchBefore(/[\w:.\-/$@*]*/);
  const before = ctx.state.sliceDoc(Math.max(0, ctx.pos - 2), ctx.pos);
  if (!ctx.explicit && (!word || word.from === word.to) && !/(: |[[{,] ?)$/.test(before)) return null;
  const request = hooks.request();
  if (!request) return null;
  const c = await hooks.client.ask("complete", request, hooks.file(), ctx.pos);
  if (!c || ctx.aborted || c.items.length === 0) return null;
  return {
    from: c.from,
    to: c.to,
    options: c.items.map((i) => ({
      label: i.label,
      type: COMPLETION_TYPE[i.kind],
      detail: i.detail || undefined,
      info: i.documentation || undefined,
      apply: i.insert,
    })),
    validFor: /^[\w:.\-/$@*]*$/,
  };
}

async function goToDefinition(view: EditorView, pos: number): Promise<boolean> {
  const hooks = hooksOf.get(view);
  const request = hooks?.request();
  if (!hooks || !request) return false;
  const locs = await hooks.client.ask("definition", request, hooks.file(), pos);
  const loc = locs?.[0];
  if (!loc) return false;
  hooks.goTo(loc);
  return true;
}

/** The outline: a panel under the editor, closed to one line, listing sections and their entries. */
function outlinePanel(hooks: IdeHooks) {
  return (view: EditorView): Panel => {
    const dom = document.createElement("div");
    dom.className = "cm-hp-outline";
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Outline";
    const list = document.createElement("ul");
    details.append(summary, list);
    dom.append(details);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      const request = hooks.request();
      if (!request || !details.open) return;
      const symbols = (await hooks.client.ask("documentSymbols", request, hooks.file())) ?? [];
      list.replaceChildren(...symbols.map((s) => item(s)));
    };
    const item = (s: DocumentSymbol): HTMLLIElement => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = s.detail ? `${s.name} (${s.detail})` : s.name;
      b.dataset.kind = s.kind;
      b.addEventListener("click", () => {
        const length = view.state.doc.length;
        view.dispatch({ selection: { anchor: Math.min(s.nameFrom, length), head: Math.min(s.nameTo, length) }, scrollIntoView: true });
        view.focus();
      });
      li.append(b);
      if (s.children.length) {
        const ul = document.createElement("ul");
        ul.append(...s.children.map(item));
        li.append(ul);
      }
      return li;
    };
    details.addEventListener("toggle", () => void refresh());
    return {
      dom,
      update(u) {
        if (!u.docChanged || !details.open) return;
        clearTimeout(timer);
        timer = setTimeout(() => void refresh(), 300);
      },
    };
  };
}

/** The engine's editor features for one editor. */
function ideExtensions(hooks: IdeHooks): Extension[] {
  return [
    autocompletion({ override: [(ctx) => completionSource(hooks, ctx)], icons: true }),
    hoverTooltip(async (_view, pos) => {
      const request = hooks.request();
      if (!request) return null;
      const h = await hooks.client.ask("hover", request, hooks.file(), pos);
      if (!h) return null;
      return {
        pos: h.from,
        end: h.to,
        above: true,
        create: () => {
          const dom = document.createElement("div");
          dom.className = "cm-hp-hover";
          dom.dataset.testid = "hover";
          markdownInto(dom, h.text);
          return { dom };
        },
      };
    }),
    EditorView.domEventHandlers({
      mousedown: (e, view) => {
        if (!(e.ctrlKey || e.metaKey) || e.button !== 0) return false;
        const pos = view.posAtCoords({ x: e.clientX, y: e.clientY });
        if (pos === null) return false;
        e.preventDefault();
        void goToDefinition(view, pos);
        return true;
      },
    }),
    keymap.of([{ key: "F12", run: (v) => (void goToDefinition(v, v.state.selection.main.head), true) }]),
    showPanel.of(outlinePanel(hooks)),
  ];
}

/** Move focus to the next focusable element after `from` (Esc leaves an editor's text: to its Outline toggle, then on). */
function focusNext(from: HTMLElement): void {
  const all = Array.from(document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [contenteditable=true]"))
    .filter((el) => !el.hasAttribute("disabled") && el.offsetParent !== null && !from.contains(el));
  const next = all.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  (next ?? all[0])?.focus();
}

export function createEditor(parent: HTMLElement, o: EditorOptions): EditorView {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: o.doc,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        indentOnInput(),
        bracketMatching(),
        syntaxHighlighting(highlight),
        yaml(),
        lintGutter(),
        search({ top: true }),
        ...(o.ide ? ideExtensions(o.ide) : []),
        EditorState.readOnly.of(o.readonly ?? false),
        Prec.highest(
          keymap.of([
            { key: "Mod-Enter", run: () => (o.onRunNow(), true) },
            // Esc closes an open completion list first, then leaves the editor.
            { key: "Escape", run: (v) => closeCompletion(v) || (v.contentDOM.blur(), focusNext(v.contentDOM), true) },
          ]),
        ),
        keymap.of([...completionKeymap, ...searchKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": o.label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) o.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  view.dom.dataset.testid = o.testId;
  if (o.ide) hooksOf.set(view, o.ide);
  return view;
}

/** Show the engine's diagnostics for one file as lint markers, then (when the
 *  editor has the engine's features) the same markers with their quick fixes,
 *  asked once the markers' frame is drawn and only if the text is still the
 *  same (the question evaluates the request again in the editor worker: while
 *  typing it would compete with the next evaluation and be thrown away). */
export function showDiagnostics(view: EditorView, diagnostics: Diagnostic[]): void {
  const marks = (fixes: QuickFix[]): CmDiagnostic[] => {
    const length = view.state.doc.length;
    return diagnostics.map((d) => {
      const from = Math.min(d.from, length);
      const mine = fixes.filter((f) => f.code === d.code && f.diagnosticFrom === d.from && f.diagnosticTo === d.to);
      return {
        from,
        to: Math.min(Math.max(d.to, from), length),
        // hotplate's own notes (a file the CLI did not read) and lint's info
        // findings (about the template) are information.
        severity: d.severity === "note" || d.severity === "info" ? "info" : d.severity,
        message: d.message,
        // The code: Heat's kind of problem, or the lint rule's id (its findings' ranges are marked as such).
        source: d.code,
        markClass: isLintFinding(d) ? "cm-hp-lint" : undefined,
        actions: mine.map((f) => ({ name: f.title, apply: (v: EditorView) => applyFix(v, doc, f) })),
      };
    });
  };
  const doc = view.state.doc;
  view.dispatch(setDiagnostics(view.state, marks([])));
  const hooks = hooksOf.get(view);
  const request = hooks?.request();
  // The editor says whether its markers have their quick fixes yet
  // (`data-quick-fixes`: "pending", then "ready"), for whoever waits on them.
  const state = view.dom.dataset;
  if (!hooks || !request || diagnostics.length === 0) {
    state.quickFixes = "ready";
    return;
  }
  state.quickFixes = "pending";
  afterNextFrame(() => {
    if (view.state.doc !== doc) return;
    void hooks.client.ask("quickFixes", request, hooks.file()).then((fixes) => {
      // Only for the text the diagnostics are about.
      if (view.state.doc !== doc) return;
      if (fixes?.length) view.dispatch(setDiagnostics(view.state, marks(fixes)));
      state.quickFixes = "ready";
    });
  });
}

/** Run `f` in a task after the next frame (not in the frame itself). */
function afterNextFrame(f: () => void): void {
  requestAnimationFrame(() => setTimeout(f, 0));
}

/** Apply a quick fix made for `doc` (nothing if the text changed since). */
function applyFix(view: EditorView, doc: EditorState["doc"], fix: QuickFix): void {
  const hooks = hooksOf.get(view);
  if (!hooks || view.state.doc !== doc) return;
  const file = hooks.file();
  const here = fix.edits.filter((e) => e.file === file);
  for (const e of fix.edits.filter((e) => e.file !== file)) hooks.applyEdit(e.file, e.from, e.to, e.text);
  if (here.length) {
    view.dispatch({ changes: here.map((e) => ({ from: e.from, to: e.to, insert: e.text })) });
  }
}

/** Replace the whole document (loading an example, reset). */
export function setText(view: EditorView, text: string): void {
  if (view.state.doc.toString() !== text) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// CodeMirror 6 editors for the template, environment files and files: YAML
// highlighting, lint markers from the engine's diagnostics, Ctrl/Cmd+Enter to
// evaluate now, and Esc to leave the editor (no keyboard trap).
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import type { Diagnostic } from "hotplate/web";

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
}

/** Move focus to the next focusable element after `from` (Esc leaves an editor). */
function focusNext(from: HTMLElement): void {
  const all = Array.from(document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [contenteditable=true]"))
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
        EditorState.readOnly.of(o.readonly ?? false),
        Prec.highest(
          keymap.of([
            { key: "Mod-Enter", run: () => (o.onRunNow(), true) },
            { key: "Escape", run: (v) => (v.contentDOM.blur(), focusNext(v.dom), true) },
          ]),
        ),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({ "aria-label": o.label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) o.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  view.dom.dataset.testid = o.testId;
  return view;
}

/** Show the engine's diagnostics for one file as lint markers. */
export function showDiagnostics(view: EditorView, diagnostics: Diagnostic[]): void {
  const length = view.state.doc.length;
  const marks: CmDiagnostic[] = diagnostics.map((d) => {
    const from = Math.min(d.from, length);
    return { from, to: Math.min(Math.max(d.to, from), length), severity: d.severity, message: d.message, source: d.code };
  });
  view.dispatch(setDiagnostics(view.state, marks));
}

/** Replace the whole document (loading an example, reset). */
export function setText(view: EditorView, text: string): void {
  if (view.state.doc.toString() !== text) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// The gallery of examples (web/examples/*.json, stack-create requests with an
// `x-title`) and its picker.
import type { EvaluateRequest } from "hotplate/web";
import { fromRequest, type Workspace } from "../state";

interface Example {
  id: string;
  title: string;
  request: EvaluateRequest;
}

const modules = import.meta.glob<EvaluateRequest & { "x-title"?: string }>("../../examples/*.json", { eager: true, import: "default" });

export const EXAMPLES: Example[] = Object.entries(modules)
  .filter(([path]) => !path.endsWith(".expected.json"))
  .map(([path, request]) => ({ id: path.replace(/^.*\/|\.json$/g, ""), title: request["x-title"] ?? path, request }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** The first example's workspace (a first visit, Reset). */
export const firstExample = (): Workspace => fromRequest(EXAMPLES[0]?.request ?? { stack_name: "demo", template: "heat_template_version: 2021-04-16\n" });

/** Fill the picker; `pick` gets the chosen example's workspace and title. */
export function setUpPicker(select: HTMLSelectElement, pick: (ws: Workspace, title: string) => void): void {
  const none = Object.assign(document.createElement("option"), { value: "", textContent: "Choose…" });
  select.append(none, ...EXAMPLES.map((ex) => Object.assign(document.createElement("option"), { value: ex.id, textContent: ex.title })));
  select.addEventListener("change", () => {
    const ex = EXAMPLES.find((e) => e.id === select.value);
    if (ex) pick(fromRequest(ex.request), ex.title);
  });
}

/** The examples' workspaces, to tell which one is shown. */
const shown = EXAMPLES.map((ex) => ({ id: ex.id, ws: fromRequest(ex.request) }));

/** The id of the example the workspace is (unchanged), or "" (the picker's "Choose…"). */
export function exampleOf(ws: Workspace): string {
  const json = (w: Workspace) => JSON.stringify(w);
  return shown.find((e) => e.ws.template === ws.template && json(e.ws) === json(ws))?.id ?? "";
}

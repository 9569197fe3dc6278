// The pane registry: the only list of result panes. The page builds one panel
// per entry, in this order (page/results.ts); an embed shows the ids its `show`
// attribute names (embed/embed-app.ts). A new pane is its module and one entry here.
import { conditionsPane } from "./conditions";
import type { Pane, PaneContext } from "./context";
import { errorsPane } from "./errors";
import { graphPane } from "./graph";
import { outputsPane } from "./outputs";
import { parametersPane } from "./parameters";
import { planPane } from "./plan";
import { resourcesPane } from "./resources";
import { resultPane } from "./result";

export type { Pane, PaneContext } from "./context";

export const PANE_REGISTRY = {
  plan: planPane,
  errors: errorsPane,
  outputs: outputsPane,
  parameters: parametersPane,
  conditions: conditionsPane,
  resources: resourcesPane,
  graph: graphPane,
  result: resultPane,
} satisfies Record<string, Pane>;

export type PaneId = keyof typeof PANE_REGISTRY;
export const PANE_IDS = Object.keys(PANE_REGISTRY) as PaneId[];

/** The `data-testid` of a pane's box. */
export const paneTestId = (id: PaneId): string => (PANE_REGISTRY[id] as Pane).testId ?? `result-${id}`;

/** Draw pane `id` into its `box` (the box keeps what the pane returns; a pane may update it in place). */
export function renderPane(id: PaneId, box: HTMLElement, ctx: PaneContext): void {
  const previous = box.firstElementChild as HTMLElement | null;
  const next = PANE_REGISTRY[id].render(ctx, previous);
  if (next !== previous) box.replaceChildren(next);
}

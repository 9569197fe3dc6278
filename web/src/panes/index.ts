// The pane registry: one module per result pane, shared by the page (main.ts)
// and the embed (embed/embed-app.ts). A host picks panes by id and puts what
// `render` returns in its own box; a new pane is one module and one entry here.
import { conditionsPane } from "./conditions";
import type { Pane } from "./context";
import { errorsPane } from "./errors";
import { outputsPane } from "./outputs";
import { parametersPane } from "./parameters";
import { resourcesPane } from "./resources";

export type { Pane, PaneContext } from "./context";
export { verdict } from "./context";
export { sourceText } from "./parameters";

export const PANE_REGISTRY: Record<Pane["id"], Pane> = {
  outputs: outputsPane,
  resources: resourcesPane,
  conditions: conditionsPane,
  parameters: parametersPane,
  errors: errorsPane,
};

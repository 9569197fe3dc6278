// The dependency graph pane: the enabled resources and the edges between them,
// drawn by a GraphView (graph.ts) that the pane's element keeps across results.
import { GraphView } from "../graph";
import { el, type Pane } from "./context";

const views = new WeakMap<HTMLElement, GraphView>();

export const graphPane: Pane = {
  title: "Dependency graph",
  testId: "graph",
  render({ response: r }, previous) {
    const box = previous && views.has(previous) ? previous : el("div", { className: "graph" });
    let view = views.get(box);
    if (!view) views.set(box, (view = new GraphView(box)));
    if (r) view.show(Object.entries(r.shown.resources).filter(([, x]) => x.enabled).map(([n]) => n), r.edges);
    return box;
  },
};

// The dependency graph pane: the enabled resources and the edges between them,
// drawn by a GraphView (graph.ts) that the pane's element keeps across results.
import { GraphView } from "../graph";
import { el, type Pane } from "./context";

const views = new WeakMap<HTMLElement, GraphView>();

export const graphPane: Pane = {
  title: "Dependency graph",
  testId: "graph",
  render(ctx, previous) {
    const r = ctx.response;
    const box = previous && views.has(previous) ? previous : el("div", { className: "graph" });
    let view = views.get(box);
    if (!view) views.set(box, (view = new GraphView(box)));
    if (!r) return box;
    const names = Object.entries(r.shown.resources).filter(([, x]) => x.enabled).map(([n]) => n);
    // Compare mode: what the update does to each top-level resource (a deleted one is drawn too).
    const actions: Record<string, string> = {};
    for (const p of ctx.plan?.stack.resources ?? []) {
      actions[p.name] = p.action === "updated" && p.reasons.some((x) => x.kind === "rebuild") ? "rebuilt" : p.action;
      if (p.action === "deleted" && !names.includes(p.name)) names.push(p.name);
    }
    view.show(names, r.edges, actions);
    return box;
  },
};

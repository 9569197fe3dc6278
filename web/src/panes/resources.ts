// The resources pane: each resource's resolved properties and policies, what
// needs a cloud, and its nested stack as a tree (stack-tree.ts).
import { cloudNotes } from "../render";
import { byName, kvRow, lazyDetails, nestedStackElement, type TreeContext } from "../stack-tree";
import { el, emptyText, placeChildren, type Pane } from "./context";

/** Above this many resources the pane has a filter and shows each resource collapsed. */
const BIG = 30;

/** A big stack's filter (by name or type); its text survives redraws in `ui`. `apply` filters the pane's current items. */
function filterBar(box: HTMLElement, ui: Record<string, string>): { bar: HTMLElement; apply: () => void } {
  const input = document.createElement("input");
  input.type = "search";
  input.placeholder = "Filter by name or type";
  input.value = ui.resourceFilter ?? "";
  input.setAttribute("aria-label", "Filter resources by name or type");
  input.dataset.testid = "resource-filter";
  const count = el("span", { className: "hint" });
  count.dataset.testid = "resource-count";
  count.setAttribute("aria-live", "polite");
  const apply = () => {
    const q = input.value.trim().toLowerCase();
    ui.resourceFilter = input.value;
    const items = box.querySelectorAll<HTMLElement>(":scope > .resource");
    let shown = 0;
    for (const item of items) {
      item.hidden = q !== "" && !item.dataset.name!.includes(q) && !item.dataset.type!.includes(q);
      if (!item.hidden) shown++;
    }
    count.textContent = q ? `${shown} of ${items.length} resources` : `${items.length} resources`;
  };
  input.addEventListener("input", apply);
  return { bar: el("div", { className: "resource-filter" }, input, count), apply };
}

/** The pane's filter, kept with the pane's box across redraws. */
const filters = new WeakMap<HTMLElement, { bar: HTMLElement; apply: () => void }>();

export const resourcesPane: Pane = {
  title: "Resources",
  render(ctx, previous) {
    const { response: r, values, open, ui } = ctx;
    const entries = r ? byName(Object.entries(r.shown.resources)) : [];
    // A big stack: a filter, and each resource collapsed to one line (built when opened).
    const big = entries.length > BIG;
    const reuse = previous?.classList.contains("pane-resources") && previous.dataset.big === String(big);
    const box = reuse ? previous! : el("div", { className: "pane-resources" });
    box.dataset.big = String(big);
    if (!r) {
      box.replaceChildren();
      return box;
    }
    const res = r.shown;
    const tree: TreeContext = { values, open };
    const old = new Map<string, HTMLElement>();
    for (const item of box.querySelectorAll<HTMLElement>(":scope > .resource")) old.set(item.dataset.key!, item);
    const wanted: HTMLElement[] = [];
    for (const [name, rsrc] of entries) {
      // An unchanged resource keeps its element (its digest: the package's `resourceDigests`, asked by the worker).
      const sig = ctx.signatures[name] ?? "";
      const kept = old.get(name);
      if (kept && sig && kept.dataset.sig === sig) {
        wanted.push(kept);
        continue;
      }
      const heading = (tag: "h3" | "span") => el(tag, { className: "resource-title", textContent: name }, " ",
        el("span", { className: "type", textContent: String(rsrc.type) }), " ",
        el("span", { className: "badge", textContent: rsrc.enabled ? "enabled" : "removed by its condition" }));
      const body = (): Node[] => {
        const out: Node[] = [];
        if (!rsrc.enabled) return out;
        const at = ["resources", name];
        out.push(kvRow("properties", [...at, "properties"], tree));
        if (rsrc.depends_on.length) out.push(kvRow("depends_on", [...at, "depends_on"], tree));
        if (rsrc.requires.length) out.push(kvRow("requires", [...at, "requires"], tree));
        if (rsrc.metadata && Object.keys(rsrc.metadata as object).length) out.push(kvRow("metadata", [...at, "metadata"], tree));
        if (rsrc.update_policy && Object.keys(rsrc.update_policy as object).length) out.push(kvRow("update_policy", [...at, "update_policy"], tree));
        out.push(kvRow("deletion_policy", [...at, "deletion_policy"], tree));
        const notes = cloudNotes(res, name);
        if (notes) out.push(notes);
        const nested = res.nested[name];
        if (nested) out.push(nestedStackElement(nested, [name], tree));
        return out;
      };
      const item = big
        ? lazyDetails(JSON.stringify(["top", name]), tree, el("summary", {}, heading("span")), body)
        : el("div", {}, heading("h3"), ...body());
      item.className = `resource ${rsrc.enabled ? "enabled" : "removed"}`;
      item.dataset.testid = `resource-${name}`;
      item.dataset.key = name;
      item.dataset.sig = sig;
      item.dataset.name = name.toLowerCase();
      item.dataset.type = String(rsrc.type).toLowerCase();
      wanted.push(item);
    }
    // Only what changed is touched: unchanged elements stay where they are.
    if (big && !filters.has(box)) filters.set(box, filterBar(box, ui));
    if (!big) filters.delete(box);
    const head: Node[] = big ? [filters.get(box)!.bar] : [];
    const want = [...head, ...wanted];
    if (!want.length) {
      const hint = el("p", { className: "hint", textContent: emptyText(r, "resources") });
      want.push(box.firstElementChild?.isEqualNode(hint) ? box.firstElementChild : hint);
    }
    placeChildren(box, want);
    filters.get(box)?.apply();
    return box;
  },
  copy: ({ response }) => (response ? ["resources"] : null),
};

// The resources pane: each resource's resolved properties and policies, what
// needs a cloud, and its nested stack as a tree (stack-tree.ts).
import { cloudNotes } from "../render";
import { COPY_PATHS } from "../values";
import { kvRow, lazyDetails, nestedStackElement, type TreeContext } from "../stack-tree";
import { copyText, el, emptyText, type Pane } from "./context";

/** Above this many resources the pane has a filter and shows each resource collapsed. */
const BIG = 30;

/** The filter of a big stack's resources (by name or type); its text survives redraws in `ui`. */
function filterBar(items: [string, string, HTMLElement][], ui: Record<string, string>): HTMLElement {
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
    let shown = 0;
    for (const [name, type, item] of items) {
      item.hidden = q !== "" && !name.includes(q) && !type.includes(q);
      if (!item.hidden) shown++;
    }
    count.textContent = q ? `${shown} of ${items.length} resources` : `${items.length} resources`;
  };
  input.addEventListener("input", apply);
  apply();
  return el("div", { className: "resource-filter" }, input, count);
}

export const resourcesPane: Pane = {
  id: "resources",
  title: "Resources",
  render({ response: r, values, open, ui }) {
    const box = el("div", { className: "pane-resources" });
    if (!r) return box;
    const res = r.result;
    const tree: TreeContext = { values, open };
    const entries = Object.entries(res.resources);
    // A big stack: a filter, and each resource collapsed to one line (built when opened).
    const big = entries.length > BIG;
    const items: [string, string, HTMLElement][] = [];
    for (const [name, rsrc] of entries) {
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
      items.push([name.toLowerCase(), String(rsrc.type).toLowerCase(), item]);
      box.append(item);
    }
    if (big) box.prepend(filterBar(items, ui));
    if (!box.children.length) box.append(el("p", { className: "hint", textContent: emptyText(r, "resources") }));
    return box;
  },
  copy: (ctx) => copyText(ctx, COPY_PATHS.resources),
};

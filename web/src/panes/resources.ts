// The resources pane: each resource's resolved properties and policies, what
// needs a cloud, and its nested stack as a tree (stack-tree.ts).
import { cloudNotes, withPlaceholders } from "../render";
import { kvRow, nestedStackElement, type TreeContext } from "../stack-tree";
import { el, emptyText, type Pane } from "./context";

export const resourcesPane: Pane = {
  id: "resources",
  title: "Resources",
  render({ response: r, mode, open }) {
    const box = el("div", { className: "pane-resources" });
    if (!r) return box;
    const res = r.result;
    const tree: TreeContext = { mode, deferred: r.deferred, open };
    const kv = (label: string, value: unknown, base: (string | number)[]) => kvRow(label, value, base, tree);
    for (const [name, rsrc] of Object.entries(res.resources)) {
      const item = el("div", { className: `resource ${rsrc.enabled ? "enabled" : "removed"}` });
      item.dataset.testid = `resource-${name}`;
      const h = el("h3", { textContent: name }, " ",
        el("span", { className: "type", textContent: String(rsrc.type) }), " ",
        el("span", { className: "badge", textContent: rsrc.enabled ? "enabled" : "removed by its condition" }));
      item.append(h);
      if (rsrc.enabled) {
        item.append(kv("properties", rsrc.properties, ["resources", name, "properties"]));
        if (rsrc.depends_on.length) item.append(kv("depends_on", rsrc.depends_on, []));
        if (rsrc.requires.length) item.append(kv("requires", rsrc.requires, []));
        if (rsrc.metadata && Object.keys(rsrc.metadata as object).length) item.append(kv("metadata", rsrc.metadata, ["resources", name, "metadata"]));
        if (rsrc.update_policy && Object.keys(rsrc.update_policy as object).length) item.append(kv("update_policy", rsrc.update_policy, []));
        item.append(kv("deletion_policy", rsrc.deletion_policy, []));
        const notes = cloudNotes(res, name);
        if (notes) item.append(notes);
        const nested = res.nested[name];
        if (nested) item.append(nestedStackElement(nested, [name], tree));
      }
      box.append(item);
    }
    if (!box.children.length) box.append(el("p", { className: "hint", textContent: emptyText(r, "resources") }));
    return box;
  },
  copy({ response: r }) {
    return r ? withPlaceholders(r.result.resources, ["resources"], r.deferred) : null;
  },
};

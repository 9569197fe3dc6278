// The update plan pane (compare mode, compare.ts): what `openstack stack
// update` would do to the current stack — each resource replaced (why, and the
// property that forces it), updated in place (its changes before → after),
// added or deleted, the data at risk (deletion_policy) and the
// restricted_actions the real update stops at — or Heat's refusal.
import type { PlanChange, PlannedResource, UpdatePlan } from "hotplate/web";
import { planned } from "../compare";
import { renderedElement } from "../render";
import { el, keepEqual, type Pane } from "./context";

const SYMBOL: Record<PlannedResource["action"], string> = { replaced: "-/+", deleted: "-", updated: "~", added: "+", unchanged: " " };
const VERB: Record<PlannedResource["action"], string> = {
  replaced: "will be replaced",
  deleted: "will be deleted",
  updated: "will be updated in place",
  added: "will be created",
  unchanged: "is unchanged",
};
/** The order resources are listed in: what destroys first. */
const ORDER: PlannedResource["action"][] = ["replaced", "deleted", "updated", "added"];

function summary(plan: UpdatePlan): HTMLElement {
  const s = plan.summary;
  const parts = [`${s.replaced} to replace`, `${s.updated} to update`, `${s.added} to add`, `${s.deleted} to delete`, `${s.unchanged} unchanged`];
  if (s.restricted) parts.push(`${s.restricted} stopped by restricted_actions`);
  if (s.dataLost) parts.push(`${s.dataLost} losing data`);
  const p = el("p", { className: "plan-summary", textContent: parts.join(" · ") });
  p.dataset.testid = "plan-summary";
  return p;
}

function change(c: PlanChange): HTMLElement {
  const name = el("th", { textContent: c.name });
  if (c.forcesReplacement) name.append(" ", el("span", { className: "plan-forces", textContent: "forces replacement" }));
  else if (!c.updateAllowed) name.append(" ", el("span", { className: "plan-forces", textContent: "not updatable" }));
  const side = (v: PlanChange["before"]) => el("td", {}, v ? renderedElement(v) : el("span", { className: "hint", textContent: "not given" }));
  const row = el("tr", { className: c.forcesReplacement ? "forces" : "" }, name, side(c.before), el("td", { className: "plan-arrow", textContent: "→" }), side(c.after));
  row.dataset.testid = "plan-change";
  row.dataset.name = c.name;
  return row;
}

/** What happens to the data of a replaced or deleted resource. */
function risk(r: PlannedResource): HTMLElement | null {
  if ((r.action !== "replaced" && r.action !== "deleted") || !r.deletionPolicy) return null;
  const text = r.deletionPolicy === "Delete"
    ? `Its data is lost: deletion_policy is Delete (the ${r.action === "replaced" ? "old " : ""}physical resource is destroyed).`
    : r.deletionPolicy === "Retain"
      ? "deletion_policy Retain: the old physical resource is kept (no longer managed by the stack)."
      : `deletion_policy ${r.deletionPolicy}: a snapshot is taken before it is deleted.`;
  const p = el("p", { className: r.deletionPolicy === "Delete" ? "plan-risk lost" : "plan-risk", textContent: text });
  p.dataset.testid = "plan-data-risk";
  return p;
}

function item(path: string[], r: PlannedResource): HTMLElement {
  const name = [...path, r.name].join("/");
  const head = el("div", { className: "plan-head" },
    el("span", { className: "plan-symbol", textContent: SYMBOL[r.action] }), " ",
    el("b", { textContent: name }), " ", el("code", { textContent: r.type }), " ",
    el("span", { className: "plan-verb", textContent: VERB[r.action] }));
  const li = el("li", { className: `plan-item action-${r.action}` }, head);
  li.dataset.testid = "plan-resource";
  li.dataset.action = r.action;
  li.dataset.name = name;
  if (r.reasons.length) {
    const reasons = el("ul", { className: "plan-reasons" });
    for (const reason of r.reasons) {
      const x = el("li", { textContent: reason.text });
      x.dataset.testid = "plan-reason";
      x.dataset.kind = reason.kind;
      reasons.append(x);
    }
    li.append(reasons);
  }
  const changes = [...r.properties, ...r.fields];
  if (changes.length) li.append(el("table", { className: "plan-changes" }, el("tbody", {}, ...changes.map(change))));
  if (r.restricted) {
    const p = el("p", { className: "error", textContent: `The real update stops here: restricted_actions includes ${r.restricted} (Heat's own preview does not check it).` });
    p.dataset.testid = "plan-restricted";
    li.append(p);
  }
  const atRisk = risk(r);
  if (atRisk) li.append(atRisk);
  return li;
}

function planBox(plan: UpdatePlan): HTMLElement {
  const box = el("div", { className: "pane-plan" });
  const error = plan.heat.error;
  if (error) {
    const p = el("p", { className: "error", textContent: `Heat would refuse this update: ${error.type}: ${error.message}` });
    p.dataset.testid = "plan-error";
    box.append(p);
    return box;
  }
  box.append(summary(plan));
  const all = planned(plan);
  const list = el("ul", { className: "plan-list" });
  for (const action of ORDER) {
    for (const { path, resource } of all) if (resource.action === action) list.append(item(path, resource));
  }
  if (list.childElementCount) box.append(list);
  else box.append(el("p", { className: "hint", textContent: "Nothing changes: every resource is left as it is." }));
  const unchanged = all.filter((x) => x.resource.action === "unchanged").map((x) => [...x.path, x.resource.name].join("/"));
  if (unchanged.length && list.childElementCount) box.append(el("p", { className: "hint", textContent: `Unchanged: ${unchanged.join(", ")}` }));
  return box;
}

export const planPane: Pane = {
  title: "Update plan",
  // Folded while the page is not comparing (page/compare-ui.ts opens it).
  folded: true,
  render(ctx, previous) {
    if (ctx.plan) return keepEqual(previous, planBox(ctx.plan));
    const text = ctx.plan === null
      ? "No plan: this input could not be evaluated."
      : "Not comparing: “Use as current stack” keeps this workspace as the stack as it is; edits then show here what openstack stack update would do to it.";
    return keepEqual(previous, el("div", { className: "pane-plan" }, el("p", { className: "hint", textContent: text })));
  },
};

// The update plan pane (compare mode, compare.ts): what `openstack stack
// update` would do to the current stack — each resource replaced (why, and the
// property that forces it), updated in place (its changes before → after; a
// server rebuilt or resized by its update policy named so),
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
  const rebuilt = planned(plan).filter((x) => inPlace(x.resource) === "rebuild").length;
  const resized = planned(plan).filter((x) => inPlace(x.resource) === "resize").length;
  const how = [rebuilt ? `${rebuilt} rebuilt` : "", resized ? `${resized} resized` : ""].filter(Boolean);
  if (how.length) parts[1] += ` (${how.join(", ")})`;
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

/** What an in-place update does, when an update policy says more than "updated" (a server's rebuild or resize). */
function inPlace(r: PlannedResource): "rebuild" | "resize" | null {
  if (r.action !== "updated") return null;
  const kinds = r.reasons.map((x) => x.kind);
  return kinds.includes("rebuild") ? "rebuild" : kinds.includes("resize") ? "resize" : null;
}

/** What happens to the data of a replaced, deleted or rebuilt resource. */
function risk(r: PlannedResource): HTMLElement | null {
  if (inPlace(r) === "rebuild") {
    const keeps = r.reasons.some((x) => x.kind === "rebuild" && /ephemeral disk is kept/.test(x.text));
    const p = el("p", { className: "plan-risk lost", textContent: `Rebuilt in place: its root disk is replaced by the image, so the data on it is lost${keeps ? " (the ephemeral disk is kept)" : ""}.` });
    p.dataset.testid = "plan-data-risk";
    return p;
  }
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
  const how = inPlace(r);
  const verb = how === "rebuild" ? "will be rebuilt in place" : how === "resize" ? "will be resized in place (downtime)" : VERB[r.action];
  const head = el("div", { className: "plan-head" },
    el("span", { className: "plan-symbol", textContent: SYMBOL[r.action] }), " ",
    el("b", { textContent: name }), " ", el("code", { textContent: r.type }), " ",
    el("span", { className: "plan-verb", textContent: verb }));
  const li = el("li", { className: `plan-item action-${r.action}` }, head);
  li.dataset.testid = "plan-resource";
  li.dataset.action = r.action;
  if (how) li.dataset.inPlace = how;
  li.dataset.name = name;
  // hotplate's note on an unchanged resource is drawn apart (planBox).
  const why = r.reasons.filter((x) => x.kind !== "references-replaced");
  if (why.length) {
    const reasons = el("ul", { className: "plan-reasons" });
    for (const reason of why) {
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

/**
 * hotplate's note on the top-level resources Heat lists as unchanged that
 * reference a replaced one (the engine's `references-replaced` reason): by name, its text.
 */
function dependentNotes(plan: UpdatePlan): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of plan.stack.resources) {
    const note = r.action === "unchanged" ? r.reasons.find((x) => x.kind === "references-replaced") : undefined;
    if (note) out.set(r.name, note.text);
  }
  return out;
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
  // Unchanged for Heat, changed in effect: they reference a replaced resource.
  const notes = dependentNotes(plan);
  for (const { path, resource } of all) {
    const note = path.length === 0 && resource.action === "unchanged" ? notes.get(resource.name) : undefined;
    if (!note) continue;
    const li = item(path, resource);
    const p = el("p", { className: "plan-risk", textContent: `hotplate: ${note}` });
    p.dataset.testid = "plan-dependent-note";
    li.append(p);
    list.append(li);
  }
  if (list.childElementCount) box.append(list);
  else box.append(el("p", { className: "hint", textContent: "Nothing changes: every resource is left as it is." }));
  const unchanged = all.filter((x) => x.resource.action === "unchanged" && !(x.path.length === 0 && notes.has(x.resource.name))).map((x) => [...x.path, x.resource.name].join("/"));
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

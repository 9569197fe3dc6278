// The dependency graph pane: a layered drawing (graph-layout.ts, computed in a
// worker) in a viewport that pans (drag, arrow keys) and zooms (wheel, +/-,
// buttons; "Fit" shows it all). A drawing is rebuilt only when the resources,
// edges or actions change, and the view the user chose is kept across redraws.
// In compare mode each box is marked with what the update does to it (added,
// replaced, rebuilt, updated, deleted — a deleted resource drawn dashed), with a legend.
import type { Edge } from "hotplate/web";
import { NODE_H, NODE_W, type GraphLayout } from "./graph-layout";
import type { LayoutRequest, LayoutResponse } from "./graph-worker";
import workerUrl from "./graph-worker.ts?worker&url";

const SVG = "http://www.w3.org/2000/svg";
const MIN_SCALE = 0.01;
const MAX_SCALE = 3;
/** Below this a whole drawing is too small to read: start at this scale instead. */
const READABLE = 0.6;
/** How the legend and the boxes' titles name an update's actions, in the legend's order. */
const ACTION_WORDS: Record<string, string> = { added: "added", replaced: "replaced", rebuilt: "rebuilt", updated: "updated", deleted: "deleted", unchanged: "unchanged" };
const ACTION_ORDER = ["added", "replaced", "rebuilt", "updated", "deleted"];

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

function button(label: string, title: string, testId: string, action: () => void): HTMLButtonElement {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: label, title });
  b.setAttribute("aria-label", title);
  b.dataset.testid = testId;
  b.addEventListener("click", action);
  return b;
}

export class GraphView {
  private readonly viewport: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly root: SVGSVGElement;
  private content: SVGGElement;
  private worker: Worker | null = null;
  private nextId = 1;
  private wanted = 0;
  private inFlight = false;
  private pending: LayoutRequest | null = null;
  private key = "";
  private layout: GraphLayout | null = null;
  /** What the update does to each resource (compare mode); empty otherwise. */
  private actions: Record<string, string> = {};
  private readonly legend: HTMLElement;
  private scale = 1;
  private tx = 0;
  private ty = 0;
  /** The user moved the view: keep it when the drawing changes. */
  private moved = false;

  constructor(box: HTMLElement) {
    const tools = document.createElement("div");
    tools.className = "graph-tools";
    this.hint = Object.assign(document.createElement("span"), { className: "hint" });
    this.hint.dataset.testid = "graph-hint";
    this.legend = Object.assign(document.createElement("span"), { className: "graph-legend", hidden: true });
    this.legend.dataset.testid = "graph-legend";
    tools.append(
      button("+", "Zoom in", "graph-zoom-in", () => this.zoomBy(1.25)),
      button("−", "Zoom out", "graph-zoom-out", () => this.zoomBy(0.8)),
      button("Fit", "Show the whole graph", "graph-fit", () => this.fit(true)),
      this.hint,
      this.legend,
    );
    this.viewport = document.createElement("div");
    this.viewport.className = "graph-viewport";
    this.viewport.tabIndex = 0;
    this.viewport.dataset.testid = "graph-viewport";
    this.viewport.setAttribute("aria-label", "Dependency graph: drag or arrow keys to pan, wheel or + and - to zoom");
    this.root = svg("svg", { role: "img", width: "100%", height: "100%" });
    const defs = svg("defs", {});
    const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrow" }));
    defs.append(marker);
    this.content = svg("g", {});
    this.root.append(defs, this.content);
    this.viewport.append(this.root);
    box.replaceChildren(tools, this.viewport);
    this.listen();
  }

  /** Draw the enabled resources `names` and the `edges` between them (laid out in the worker); `actions`: what an update does to each. */
  show(names: string[], edges: Edge[], actions: Record<string, string> = {}): void {
    const key = JSON.stringify([names, edges.map((e) => [e.from, e.to, e.kind]), actions]);
    if (key === this.key) return;
    this.key = key;
    this.actions = actions;
    this.showLegend();
    this.viewport.hidden = names.length === 0;
    if (!names.length) {
      this.wanted = 0;
      this.pending = null;
      this.hint.textContent = "No resources to draw.";
      return;
    }
    this.hint.textContent = "Laying out…";
    this.wanted = this.nextId++;
    this.pending = { id: this.wanted, names, edges: edges.map(({ from, to, kind }) => ({ from, to, kind })) };
    this.send();
  }

  /** One layout at a time: while one runs, only the latest request waits (typing a name does not queue a layout per key). */
  private send(): void {
    if (this.inFlight || !this.pending) return;
    this.worker ??= this.startWorker();
    this.worker.postMessage(this.pending);
    this.inFlight = true;
    this.pending = null;
  }

  private startWorker(): Worker {
    const w = new Worker(new URL(workerUrl, import.meta.url), { type: "module" });
    w.onmessage = (e: MessageEvent<LayoutResponse>) => {
      this.inFlight = false;
      if (e.data.id === this.wanted) this.draw(e.data.layout);
      this.send();
    };
    return w;
  }

  private draw(layout: GraphLayout): void {
    this.layout = layout;
    const g = svg("g", {});
    const title = svg("title", {});
    title.textContent = `Dependency graph: ${layout.nodes.length} resources, ${layout.edges.length} edges`;
    g.append(title);
    for (const e of layout.edges) {
      if (e.points.length < 2) continue;
      const line = svg("polyline", { points: e.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "), class: `edge ${e.kind}`, fill: "none", "marker-end": "url(#arrow)" });
      const t = svg("title", {});
      t.textContent = `${e.from} → ${e.to} (${e.kind})`;
      line.append(t);
      g.append(line);
    }
    for (const n of layout.nodes) {
      const action = this.actions[n.name];
      const node = svg("g", { class: action ? `node action-${action}` : "node", transform: `translate(${n.x},${n.y})` });
      if (action) node.dataset.action = action;
      node.dataset.name = n.name;
      node.append(svg("rect", { width: NODE_W, height: NODE_H, rx: 6 }));
      const label = svg("text", { x: NODE_W / 2, y: NODE_H / 2 + 4, "text-anchor": "middle" });
      label.textContent = n.name.length > 24 ? n.name.slice(0, 23) + "…" : n.name;
      const t = svg("title", {});
      t.textContent = action ? `${n.name}: ${ACTION_WORDS[action] ?? action}` : n.name;
      node.append(label, t);
      g.append(node);
    }
    this.content.replaceWith(g);
    this.content = g;
    this.root.dataset.width = String(Math.round(layout.width));
    this.root.dataset.height = String(Math.round(layout.height));
    this.hint.textContent = `${layout.nodes.length} resources · drag to pan, wheel to zoom`;
    if (!this.moved) this.fit(false);
    else this.apply();
  }

  /** The legend of the actions drawn (compare mode): each action present, with its count. */
  private showLegend(): void {
    const counts = new Map<string, number>();
    for (const a of Object.values(this.actions)) if (a !== "unchanged") counts.set(a, (counts.get(a) ?? 0) + 1);
    this.legend.hidden = counts.size === 0;
    this.legend.replaceChildren(...ACTION_ORDER.filter((a) => counts.has(a)).map((a) => {
      const item = Object.assign(document.createElement("span"), { className: `legend-item action-${a}`, textContent: `${counts.get(a)} ${ACTION_WORDS[a]}` });
      item.dataset.action = a;
      return item;
    }));
  }

  /** Show the whole drawing; unless `all`, not smaller than readable (from the top left). */
  private fit(all: boolean): void {
    if (!this.layout) return;
    const w = this.viewport.clientWidth || 800, h = this.viewport.clientHeight || 420;
    const s = Math.min(MAX_SCALE, 1, w / this.layout.width, h / this.layout.height);
    this.scale = all ? Math.max(MIN_SCALE, s) : Math.max(s, READABLE);
    this.tx = Math.max(0, (w - this.layout.width * this.scale) / 2);
    this.ty = Math.max(0, (h - this.layout.height * this.scale) / 2);
    this.moved = all;
    this.apply();
  }

  private apply(): void {
    this.content.setAttribute("transform", `translate(${this.tx.toFixed(1)} ${this.ty.toFixed(1)}) scale(${this.scale.toFixed(4)})`);
    this.viewport.dataset.scale = this.scale.toFixed(4);
    this.viewport.dataset.tx = this.tx.toFixed(1);
    this.viewport.dataset.ty = this.ty.toFixed(1);
  }

  /** Zoom by `factor` keeping the point (`cx`, `cy`) of the viewport in place (default: its centre). */
  private zoomBy(factor: number, cx = this.viewport.clientWidth / 2, cy = this.viewport.clientHeight / 2): void {
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    this.tx = cx - ((cx - this.tx) * s) / this.scale;
    this.ty = cy - ((cy - this.ty) * s) / this.scale;
    this.scale = s;
    this.moved = true;
    this.apply();
  }

  private panBy(dx: number, dy: number): void {
    this.tx += dx;
    this.ty += dy;
    this.moved = true;
    this.apply();
  }

  private listen(): void {
    const v = this.viewport;
    v.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = v.getBoundingClientRect();
      this.zoomBy(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    let drag: { x: number; y: number } | null = null;
    v.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY };
      v.setPointerCapture(e.pointerId);
      v.classList.add("dragging");
    });
    v.addEventListener("pointermove", (e) => {
      if (!drag) return;
      this.panBy(e.clientX - drag.x, e.clientY - drag.y);
      drag = { x: e.clientX, y: e.clientY };
    });
    const end = () => {
      drag = null;
      v.classList.remove("dragging");
    };
    v.addEventListener("pointerup", end);
    v.addEventListener("pointercancel", end);
    v.addEventListener("keydown", (e) => {
      const step = 60;
      const keys: Record<string, () => void> = {
        "+": () => this.zoomBy(1.25),
        "=": () => this.zoomBy(1.25),
        "-": () => this.zoomBy(0.8),
        "0": () => this.fit(true),
        ArrowLeft: () => this.panBy(step, 0),
        ArrowRight: () => this.panBy(-step, 0),
        ArrowUp: () => this.panBy(0, step),
        ArrowDown: () => this.panBy(0, -step),
      };
      const act = keys[e.key];
      if (act && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        act();
      }
    });
  }
}

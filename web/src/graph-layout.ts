// The dependency graph's layout (no DOM: it runs in a worker, graph-worker.ts).
// Each connected part is laid out in layers by dagre (dependencies above their
// dependants, crossings reduced), then the parts are packed in rows of about
// the drawing's square width, and resources without edges fill a grid: 500
// resources make a drawing about as wide as it is tall, not one long row.
import dagre from "@dagrejs/dagre";

export interface GraphEdge {
  from: string;
  to: string;
  kind: string;
}

export interface GraphLayout {
  /** Top-left corner of each resource's box. */
  nodes: { name: string; x: number; y: number }[];
  /** Each edge as a polyline (dependant → dependency). */
  edges: { from: string; to: string; kind: string; points: { x: number; y: number }[] }[];
  width: number;
  height: number;
}

export const NODE_W = 180;
export const NODE_H = 34;
const GAP = 24;
const PAD = 12;

interface Part {
  nodes: { name: string; x: number; y: number }[];
  edges: GraphLayout["edges"];
  width: number;
  height: number;
}

/** The connected parts of the graph, each a list of names in the given order. */
function parts(names: string[], edges: GraphEdge[]): string[][] {
  const parent = new Map(names.map((n) => [n, n]));
  const find = (n: string): string => {
    let r = n;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(n, r);
    return r;
  };
  for (const e of edges) if (parent.has(e.from) && parent.has(e.to)) parent.set(find(e.from), find(e.to));
  const groups = new Map<string, string[]>();
  for (const n of names) {
    const r = find(n);
    const g = groups.get(r);
    if (g) g.push(n);
    else groups.set(r, [n]);
  }
  return [...groups.values()];
}

/** One connected part in layers (dagre), at the origin. */
function layered(names: string[], edges: GraphEdge[]): Part {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 16, ranksep: 44, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of names) g.setNode(n, { width: NODE_W, height: NODE_H });
  edges.forEach((e, i) => g.setEdge(e.to, e.from, {}, String(i)));
  dagre.layout(g);
  const nodes = names.map((name) => {
    const p = g.node(name);
    return { name, x: p.x - NODE_W / 2, y: p.y - NODE_H / 2 };
  });
  const out = edges.map((e, i) => ({ ...e, points: (g.edge(e.to, e.from, String(i))?.points ?? []).map((p: { x: number; y: number }) => ({ x: p.x, y: p.y })).reverse() }));
  const { width = 0, height = 0 } = g.graph();
  return { nodes, edges: out, width, height };
}

/** Resources without edges as a grid of about `cols` columns. */
function grid(names: string[], cols: number): Part {
  const c = Math.max(1, Math.min(cols, names.length));
  const nodes = names.map((name, i) => ({ name, x: (i % c) * (NODE_W + GAP), y: Math.floor(i / c) * (NODE_H + GAP) }));
  const rows = Math.ceil(names.length / c);
  return { nodes, edges: [], width: c * (NODE_W + GAP) - GAP, height: rows * (NODE_H + GAP) - GAP };
}

/** The whole drawing: `names` are the enabled resources, `edges` between them. */
export function layout(names: string[], edges: GraphEdge[]): GraphLayout {
  const known = new Set(names);
  const drawn = edges.filter((e) => e.from !== e.to && known.has(e.from) && known.has(e.to));
  const groups = parts(names, drawn);
  const loose = groups.filter((g) => g.length === 1).flat();
  const byName = new Map<string, number>();
  groups.forEach((g, i) => g.forEach((n) => byName.set(n, i)));
  const edgesOf = groups.map(() => [] as GraphEdge[]);
  for (const e of drawn) edgesOf[byName.get(e.from)!].push(e);
  const laid = groups.flatMap((g, i) => (g.length > 1 ? [layered(g, edgesOf[i])] : []));
  const area = laid.reduce((a, p) => a + (p.width + GAP) * (p.height + GAP), 0) + loose.length * (NODE_W + GAP) * (NODE_H + GAP);
  // About square, never narrower than the widest part.
  const rowWidth = Math.max(NODE_W, ...laid.map((p) => p.width), Math.sqrt(area) * 1.3);
  if (loose.length) laid.push(grid(loose, Math.max(1, Math.floor((rowWidth + GAP) / (NODE_W + GAP)))));
  laid.sort((a, b) => b.height - a.height);
  const out: GraphLayout = { nodes: [], edges: [], width: 0, height: 0 };
  let x = 0, y = 0, rowHeight = 0;
  for (const p of laid) {
    if (x > 0 && x + p.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP * 2;
      rowHeight = 0;
    }
    const dx = PAD + x, dy = PAD + y;
    for (const n of p.nodes) out.nodes.push({ name: n.name, x: n.x + dx, y: n.y + dy });
    for (const e of p.edges) out.edges.push({ ...e, points: e.points.map((q) => ({ x: q.x + dx, y: q.y + dy })) });
    x += p.width + GAP * 2;
    rowHeight = Math.max(rowHeight, p.height);
    out.width = Math.max(out.width, PAD + x - GAP * 2 + PAD);
    out.height = Math.max(out.height, PAD + y + rowHeight + PAD);
  }
  return out;
}

// The dependency graph's layout (no DOM: it runs in a worker, graph-worker.ts).
// Each connected part is laid out in layers (dependencies above their
// dependants, each layer ordered by dagre to reduce crossings, a wide layer
// wrapped onto several rows), then the parts are packed in rows of about
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

/** Each resource's layer: the longest chain of dependencies under it (0: it needs none). */
function layers(names: string[], edges: GraphEdge[]): { depth: Map<string, number>; parent: Map<string, string> } {
  const deps = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const e of edges) deps.get(e.from)?.push(e.to);
  const depth = new Map<string, number>();
  const parent = new Map<string, string>();
  const visiting = new Set<string>();
  const depthOf = (n: string): number => {
    const known = depth.get(n);
    if (known !== undefined) return known;
    if (visiting.has(n)) return -1; // a cycle (Heat reports it): drawn anyway
    visiting.add(n);
    let d = 0;
    for (const m of deps.get(n) ?? []) {
      const dm = depthOf(m) + 1;
      if (dm > d || (dm === d && !parent.has(n) && dm > 0)) {
        d = dm;
        parent.set(n, m);
      }
    }
    visiting.delete(n);
    depth.set(n, d);
    return d;
  };
  for (const n of names) depthOf(n);
  return { depth, parent };
}

/**
 * One connected part in layers, at the origin. dagre orders each layer (fewest
 * crossings) over one edge per resource, to a dependency on the layer above
 * (the other edges would each add a dummy node per layer they cross: wide
 * layers and seconds of layout at 500 resources); each layer is then placed
 * in that order, centred, wrapped onto several rows past about the part's
 * square root. Edges are straight lines.
 */
function layered(names: string[], edges: GraphEdge[]): Part {
  const { depth, parent } = layers(names, edges);
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", ranker: "longest-path", nodesep: 16, ranksep: 44, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of names) g.setNode(n, { width: NODE_W, height: NODE_H });
  for (const [child, dep] of parent) g.setEdge(dep, child);
  dagre.layout(g);
  // Each layer in dagre's order, wrapped at `cols` boxes.
  const byLayer = new Map<number, string[]>();
  for (const n of names) {
    const d = depth.get(n)!;
    byLayer.set(d, [...(byLayer.get(d) ?? []), n]);
  }
  const cols = Math.max(6, Math.ceil(Math.sqrt(names.length) * 1.2));
  const rowsOf = (n: number) => Math.ceil(n / cols);
  const widest = Math.min(cols, Math.max(...[...byLayer.values()].map((r) => r.length)));
  const pos = new Map<string, { x: number; y: number }>();
  let y = 0;
  for (const d of [...byLayer.keys()].sort((a, b) => a - b)) {
    const row = byLayer.get(d)!.sort((a, b) => g.node(a).x - g.node(b).x);
    row.forEach((n, i) => {
      const inRow = Math.min(cols, row.length - Math.floor(i / cols) * cols);
      const indent = ((widest - inRow) * (NODE_W + 16)) / 2; // each row centred
      pos.set(n, { x: indent + (i % cols) * (NODE_W + 16), y: y + Math.floor(i / cols) * (NODE_H + 16) });
    });
    y += rowsOf(row.length) * (NODE_H + 16) - 16 + 44;
  }
  const width = widest * (NODE_W + 16) - 16;
  const nodes = names.map((name) => ({ name, ...pos.get(name)! }));
  const rows = rowsOfBoxes(nodes);
  const out = edges.map((e) => ({ ...e, points: route(pos.get(e.from)!, pos.get(e.to)!, rows) }));
  return { nodes, edges: out, width, height: y - 44 };
}

/** A row of boxes: its top and the left edges of its boxes, in order. */
interface Row {
  y: number;
  xs: number[];
}

function rowsOfBoxes(nodes: { x: number; y: number }[]): Row[] {
  const byY = new Map<number, number[]>();
  for (const n of nodes) byY.set(n.y, [...(byY.get(n.y) ?? []), n.x]);
  return [...byY].map(([y, xs]) => ({ y, xs: xs.sort((a, b) => a - b) })).sort((a, b) => a.y - b.y);
}

/** Where a line at about `x` crosses `row` without entering a box: `x` itself if it is clear, else the nearest gap beside a box. */
function clearX(row: Row, x: number): number {
  const hit = row.xs.find((left) => x > left - 2 && x < left + NODE_W + 2);
  if (hit === undefined) return x;
  const gaps = row.xs.flatMap((left) => [left - 8, left + NODE_W + 8]).filter((g) => !row.xs.some((left) => g > left - 2 && g < left + NODE_W + 2));
  return gaps.reduce((best, g) => (Math.abs(g - x) < Math.abs(best - x) ? g : best), gaps[0] ?? x);
}

/**
 * An edge from the dependant `a` to its dependency `b` as a polyline that
 * passes no other box: from the side of `a` facing `b` to the side of `b`
 * facing `a`, through a gap of every row of boxes between them (a straight
 * line would cross a box of a layer it skips, reading as a dependency of that
 * box). Between rows there are no boxes, so the line may slant there.
 */
function route(a: { x: number; y: number }, b: { x: number; y: number }, rows: Row[]): { x: number; y: number }[] {
  const ax = a.x + NODE_W / 2, bx = b.x + NODE_W / 2;
  if (a.y === b.y) {
    // One row (a cycle Heat reports): over the row, in the gap above it.
    const over = a.y - 8;
    return [{ x: ax, y: a.y }, { x: ax, y: over }, { x: bx, y: over }, { x: bx, y: b.y }];
  }
  const up = a.y > b.y;
  const start = { x: ax, y: up ? a.y : a.y + NODE_H };
  const end = { x: bx, y: up ? b.y + NODE_H : b.y };
  const [lo, hi] = up ? [end.y, start.y] : [start.y, end.y];
  const between = rows.filter((r) => r.y >= lo && r.y + NODE_H <= hi);
  const points = [start];
  for (const row of up ? between.reverse() : between) {
    const [near, far] = up ? [row.y + NODE_H, row.y] : [row.y, row.y + NODE_H];
    const ideal = start.x + ((end.x - start.x) * (near - start.y)) / (end.y - start.y);
    const x = clearX(row, ideal);
    points.push({ x, y: near }, { x, y: far });
  }
  points.push(end);
  return points;
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

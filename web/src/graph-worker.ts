// The graph's layout off the main thread: dagre takes hundreds of milliseconds
// on a few hundred resources (graph-layout.ts).
import { layout, type GraphEdge, type GraphLayout } from "./graph-layout";

export interface LayoutRequest {
  id: number;
  names: string[];
  edges: GraphEdge[];
}
export interface LayoutResponse {
  id: number;
  layout: GraphLayout;
}

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, names, edges } = event.data;
  (self as unknown as Worker).postMessage({ id, layout: layout(names, edges) } satisfies LayoutResponse);
};

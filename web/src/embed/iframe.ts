// The iframe route (/embed#w1.…) for sites that cannot run scripts: one
// <hot-playground> whose workspace comes from the fragment.
import { decodeShared } from "../share";
import "./element"; // defines <hot-playground>
import type { HotPlayground } from "./element";

async function main(): Promise<void> {
  const box = document.getElementById("embed")!;
  const query = new URLSearchParams(location.search);
  const el = document.createElement("hot-playground") as HotPlayground;
  for (const name of ["show", "theme", "height", "lint"]) {
    const v = query.get(name);
    if (v) el.setAttribute(name, v);
  }
  if (query.has("readonly")) el.setAttribute("readonly", "");
  try {
    const shared = await decodeShared(location.hash);
    el.workspace = shared.ws;
    el.current = shared.current;
  } catch (e) {
    box.textContent = `${(e as Error).message}: it carries no example to show.`;
    return;
  }
  box.append(el);
}

void main();

// The share format: the whole workspace in the URL fragment (never sent to a
// server), as `#w1.` + base64url(deflate-raw(JSON)). The version prefix lets
// later formats keep decoding old links. In compare mode (compare.ts) the JSON
// also carries the current stack's workspace as its member `current`.
import { asWorkspace, type Workspace } from "./state";

export const PREFIX = "w1.";

async function pipe(data: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([data as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** What a share link holds: the workspace, and the current stack when comparing. */
export interface Shared {
  ws: Workspace;
  current: Workspace | null;
}

/** The fragment (without `#`) for a workspace (and the current stack it is compared with). */
export async function encodeWorkspace(ws: Workspace, current: Workspace | null = null): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(current ? { ...ws, current } : ws));
  return PREFIX + toBase64Url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** Why a share link could not be read: `damaged` (cut short or changed on the way), or not a link of this page. */
export class LinkError extends Error {
  constructor(readonly damaged: boolean) {
    super(damaged ? "This share link is damaged: it may have been cut short or changed when it was copied" : "This is not a share link of this playground");
  }
}

/** The workspace and current stack of a fragment (with or without `#`); throws a LinkError on anything else. */
export async function decodeShared(fragment: string): Promise<Shared> {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith(PREFIX)) throw new LinkError(false);
  try {
    // Bad base64, a cut deflate stream (the browser says "Failed to fetch"), bad JSON or not a workspace.
    const json = await pipe(fromBase64Url(decodeURIComponent(text.slice(PREFIX.length))), new DecompressionStream("deflate-raw"));
    const data = JSON.parse(new TextDecoder().decode(json)) as { current?: unknown };
    return { ws: asWorkspace(data), current: data.current === undefined ? null : asWorkspace(data.current) };
  } catch {
    throw new LinkError(true);
  }
}

/** The workspace of a fragment (with or without `#`); throws a LinkError on anything else. */
export async function decodeWorkspace(fragment: string): Promise<Workspace> {
  return (await decodeShared(fragment)).ws;
}

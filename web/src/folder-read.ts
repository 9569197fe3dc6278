// Reading a folder the user picked (<input webkitdirectory>) or dropped (the
// drop's entries, walked recursively), within LIMITS: too many files or bytes
// refuse the folder with a message before much is read; hidden files, binary
// files and files over the size limit are left out with a note. The result is
// classified by folder.ts.
import { classify, FolderError, LIMITS, type FolderFile, type FolderWorkspace, type Summary } from "./folder";

/** A file and its path from the root of what was picked (`folder/sub/x.yaml`). */
interface Picked {
  path: string;
  file: File;
}

/** What the walk left out, for the notes. */
interface Skipped {
  hidden: string[];
  deep: string[];
}

const isHidden = (path: string) => path.split("/").some((seg) => seg.startsWith("."));

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

function tooMany(): FolderError {
  return new FolderError(
    `it has more than ${LIMITS.files} files. Load the stack's own folder: hotplate needs the template, its environment files and the files they name.`,
  );
}

/** Everything a directory holds (readEntries answers in batches until an empty one). */
function readDirectory(dir: FileSystemDirectoryEntry, cap: number): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const out: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        out.push(...batch);
        if (batch.length === 0 || out.length > cap) resolve(out);
        else next();
      }, reject);
    next();
  });
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** The files under `entries` (a drop), depth first, stopping as soon as there are too many. */
async function walk(entries: FileSystemEntry[], skipped: Skipped): Promise<Picked[]> {
  const out: Picked[] = [];
  let seen = 0;
  const visit = async (entry: FileSystemEntry, prefix: string, depth: number): Promise<void> => {
    const path = prefix + entry.name;
    if (++seen > LIMITS.files * 20) throw tooMany();
    if (entry.name.startsWith(".")) {
      skipped.hidden.push(path);
      return;
    }
    if (entry.isFile) {
      if (out.length >= LIMITS.files) throw tooMany();
      out.push({ path, file: await fileOf(entry as FileSystemFileEntry) });
      return;
    }
    if (!entry.isDirectory) return;
    if (depth >= LIMITS.depth) {
      skipped.deep.push(path);
      return;
    }
    for (const child of await readDirectory(entry as FileSystemDirectoryEntry, LIMITS.files * 20)) {
      await visit(child, `${path}/`, depth + 1);
    }
  };
  for (const e of entries) await visit(e, "", 0);
  return out;
}

/**
 * What a drop carries: its entries, taken while the event is dispatched (the
 * data transfer is emptied afterwards), or its plain files where the browser
 * gives no entries.
 */
export function dropped(dt: DataTransfer): FileSystemEntry[] | File[] {
  const entries = Array.from(dt.items ?? [])
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) return entries as FileSystemEntry[];
  return Array.from(dt.files);
}

/** What happened, for the page to show: the workspace and notes, or why nothing was loaded. */
export type FolderLoad = { ok: true; folder: string; workspace: FolderWorkspace; count: number } | { ok: false; message: string };

/** Each text's summary (the engine's `summarizeFile`, in the evaluation worker); null when the engine is not available. */
export type Summarize = (texts: string[]) => Promise<Summary[] | null>;

/** Read and classify picked or dropped files; `progress` is called as files are read. */
export async function loadFolder(
  source: FileList | FileSystemEntry[] | File[],
  progress: (read: number, total: number) => void,
  summarize: Summarize,
): Promise<FolderLoad> {
  try {
    return await load(source, progress, summarize);
  } catch (e) {
    if (e instanceof FolderError) return { ok: false, message: e.message };
    return { ok: false, message: `it could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
}

async function load(source: FileList | FileSystemEntry[] | File[], progress: (read: number, total: number) => void, summarize: Summarize): Promise<FolderLoad> {
  const skipped: Skipped = { hidden: [], deep: [] };
  let picked: Picked[];
  const list = Array.from(source as ArrayLike<File | FileSystemEntry>);
  if (list.length > 0 && !(list[0] instanceof File)) {
    picked = await walk(list as FileSystemEntry[], skipped);
  } else {
    // A file input lists every file of the folder (webkitRelativePath), hidden ones too.
    picked = [];
    for (const file of list as File[]) {
      const path = file.webkitRelativePath || file.name;
      if (isHidden(path)) skipped.hidden.push(path);
      else picked.push({ path, file });
    }
    if (picked.length > LIMITS.files) throw tooMany();
  }
  if (picked.length === 0) throw new FolderError("it has no files");
  // One folder: paths from inside it.
  const first = picked[0].path.split("/")[0];
  const oneFolder = picked.every((p) => p.path.startsWith(`${first}/`));
  const folder = oneFolder ? first : "";
  const cut = oneFolder ? first.length + 1 : 0;
  const notes: string[] = [];
  const total = picked.reduce((n, p) => n + p.file.size, 0);
  const big = picked.filter((p) => p.file.size > LIMITS.fileBytes);
  if (total - big.reduce((n, p) => n + p.file.size, 0) > LIMITS.totalBytes) {
    throw new FolderError(`its files hold more than ${kb(LIMITS.totalBytes)}. Load the stack's own folder.`);
  }
  for (const p of big) notes.push(`Left out ${p.path.slice(cut)}: ${kb(p.file.size)} is over the ${kb(LIMITS.fileBytes)} a file may have.`);
  const files: FolderFile[] = [];
  const binary: string[] = [];
  let read = 0;
  for (const p of picked) {
    if (p.file.size > LIMITS.fileBytes) continue;
    const text = await p.file.text();
    progress(++read, picked.length - big.length);
    if (text.includes("\0")) binary.push(p.path.slice(cut));
    else files.push({ path: p.path.slice(cut), text });
  }
  if (binary.length) notes.push(`Left out binary files: ${listed(binary)}.`);
  if (skipped.hidden.length) notes.push(`Left out hidden files and folders: ${listed(skipped.hidden.map((p) => p.slice(cut)))}.`);
  if (skipped.deep.length) notes.push(`Left out folders more than ${LIMITS.depth} levels deep: ${listed(skipped.deep.map((p) => p.slice(cut)))}.`);
  const summaries = await summarize(files.map((f) => f.text));
  if (!summaries) return { ok: false, message: "the engine is not available to read its files (reload the page)" };
  const workspace = classify(files, summaries, folder);
  workspace.notes.unshift(...notes);
  return { ok: true, folder, workspace, count: files.length };
}

function listed(names: string[]): string {
  return names.length > 5 ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more` : names.join(", ");
}

// The command line in Node (`npx hotplate …`, the `hotplate/cli` export): the
// native CLI itself (cli/), built for WASI (`wasm32-wasip1`) and run by
// `node:wasi`. Nothing of the CLI's behaviour is here: its arguments, file
// discovery, `.hotplate.yaml`, formats and exit codes are the program's. This
// module only gives it what a process has: arguments, the environment, the
// working directory (as `PWD`: WASI has none, and the program changes to it)
// and the file system (`/` preopened: the program's own rules decide what it
// reads, as natively).
//
// The module ships brotli-compressed (`cli/hotplate.wasm.br`) and is compiled
// once per process; each `run` is a fresh instance (fresh memory), so a script
// may call `run` many times (under `node --expose-gc`: see the end of `run`).
import { readFileSync } from "node:fs";
import { parse } from "node:path";
import { brotliDecompressSync } from "node:zlib";

/** What the program runs with (default: this process's). */
export interface RunOptions {
  /** The working directory (absolute). */
  cwd?: string;
  /** Environment variables. */
  env?: Record<string, string | undefined>;
  /** File descriptors for the program's standard streams. */
  stdin?: number;
  stdout?: number;
  stderr?: number;
}

let compiled: WebAssembly.Module | undefined;

/** The CLI's module, compiled on first use. */
export function module(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(brotliDecompressSync(readFileSync(new URL("../cli/hotplate.wasm.br", import.meta.url))));
  return compiled;
}

// `node:wasi` warns that it is experimental on first load; the program's
// stderr must be the native program's, so that one warning is not printed.
let wasiClass: Promise<typeof import("node:wasi").WASI> | undefined;
function loadWasi(): Promise<typeof import("node:wasi").WASI> {
  wasiClass ??= (async () => {
    const emit = process.emitWarning;
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      const text = typeof warning === "string" ? warning : warning.message;
      if (!/WASI/.test(text)) (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    try {
      return (await import("node:wasi")).WASI;
    } finally {
      process.emitWarning = emit;
    }
  })();
  return wasiClass;
}

/**
 * Run `hotplate ARGS…` (e.g. `["check", "--format", "sarif"]`) and return its
 * exit status: 0, 1 (the templates have errors), 2 (usage or IO error), as
 * the native program's.
 */
export async function run(args: string[], options: RunOptions = {}): Promise<number> {
  const WASI = await loadWasi();
  const cwd = options.cwd ?? process.cwd();
  // On Windows the working directory's drive is `/` (paths on other drives
  // cannot be named).
  const drive = parse(cwd).root;
  const pwd = process.platform === "win32" ? "/" + cwd.slice(drive.length).replace(/\\/g, "/") : cwd;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.env ?? process.env)) if (v !== undefined) env[k] = v;
  env.PWD = pwd;
  const wasi = new WASI({
    version: "preview1",
    args: ["hotplate", ...args],
    env,
    preopens: { "/": process.platform === "win32" ? drive : "/" },
    stdin: options.stdin ?? 0,
    stdout: options.stdout ?? 1,
    stderr: options.stderr ?? 2,
    returnOnExit: true,
  });
  const instance = new WebAssembly.Instance(module(), wasi.getImportObject() as WebAssembly.Imports);
  try {
    return wasi.start(instance);
  } catch (e) {
    // A trap (a panic aborts in this build): the native program's panic status.
    if (e instanceof WebAssembly.RuntimeError) return 101;
    throw e;
  } finally {
    // Each instance's memory holds a large address-space reservation until it
    // is collected; V8 caps the total (about a hundred), and a script calling
    // `run` in a loop can reach it before a collection does. With
    // `node --expose-gc`, collect now.
    (globalThis as { gc?: () => void }).gc?.();
  }
}

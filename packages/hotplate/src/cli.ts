#!/usr/bin/env node
// `npx hotplate …`: the native command line built for WASI (see wasi.ts), with
// this process's arguments, environment, working directory and streams.
import { run } from "./wasi.js";

process.exitCode = await run(process.argv.slice(2));

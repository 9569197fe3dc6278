import { defineConfig } from "@playwright/test";

// Browser tests of the production build (web/dist, served with netlify.toml's
// headers) in Debian's Chromium — never `npx playwright install`.
const port = Number(process.env.PLAYGROUND_PORT ?? 4173);

export default defineConfig({
  testDir: ".",
  outputDir: "artifacts",
  // No retries: a test that needs one is a defect (ARCHITECTURE.md, "Time in tests").
  retries: 0,
  // Time limits are hang guards, not measures: a passing test waits on the state it
  // needs (a result for this input, a restored workspace) and never reaches them.
  // Set far beyond what a test takes with every core busy (`make test-under-load`:
  // the slowest ~5 s; values.spec's corpus walk sets its own), so a loaded machine
  // cannot fail a test; ARCHITECTURE.md, "Time in tests".
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" },
    trace: "retain-on-failure",
  },
  webServer: {
    command: `node ../web/scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
  },
});

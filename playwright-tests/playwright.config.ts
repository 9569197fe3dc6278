import { defineConfig } from "@playwright/test";

// Browser tests of the production build (web/dist, served with netlify.toml's
// headers) in Debian's Chromium — never `npx playwright install`.
const port = Number(process.env.PLAYGROUND_PORT ?? 4173);

export default defineConfig({
  testDir: ".",
  outputDir: "artifacts",
  timeout: 30_000,
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

// The cloud's Heat settings in the page (the Settings field) and on the
// embed (`<hot-playground heat-config='…'>`): for each golden case of the
// settings (core/tests/golden/heat_config_*, the oracle's results), the page
// given the case's request without its `x-heat-config`, and the settings
// typed into the field or written on the element, shows the oracle's
// canonical result byte for byte. The JSON body limit only where every body
// exceeds it, by Heat's error class and the words after the body's size: the
// page sends its own body (its settings, every file), not the case's.
import { expect, test, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeWorkspace } from "../web/src/share";
import { fromRequest } from "../web/src/state";
import { open } from "./helpers";

type Json = Record<string, any>;

const here = dirname(fileURLToPath(import.meta.url));
const GOLDEN = resolve(here, "../core/tests/golden");

interface Case {
  name: string;
  request: Json;
  config: unknown;
  expected: string;
}

const BODY_LIMIT_CASE = "heat_config_json_body_10";

/** What a case compares of a shown result: all of it, or for the body limit
 *  the error's class and the words after the body's size. */
function compared(name: string, text: string | null | undefined): string | undefined {
  const shown = text?.trimEnd();
  if (name !== BODY_LIMIT_CASE || !shown) return shown;
  try {
    const { error } = JSON.parse(shown);
    return `${error?.type}: ${String(error?.message).split(") exceeds ")[1]}`;
  } catch {
    return shown;
  }
}

function cases(): Case[] {
  return readdirSync(GOLDEN)
    .filter((f) => f.startsWith("heat_config_") && f.endsWith(".json") && !f.endsWith(".expected.json"))
    .filter((f) => !f.includes("json_body") || f === `${BODY_LIMIT_CASE}.json`)
    .sort()
    .map((f) => {
      const name = f.replace(/\.json$/, "");
      const request = JSON.parse(readFileSync(join(GOLDEN, f), "utf8"));
      const config = request["x-heat-config"];
      delete request["x-heat-config"];
      const expected = compared(name, readFileSync(join(GOLDEN, `${name}.expected.json`), "utf8")) ?? "";
      return { name, request, config, expected };
    })
    // A value that is not an object is the field's own error (below).
    .filter((c) => typeof c.config === "object" && c.config !== null && !Array.isArray(c.config));
}

const shown = (page: Page, name: string) => async () => compared(name, await page.getByTestId("result-json").textContent());

test("each Heat setting in the Settings field gives Heat's result", async ({ page }) => {
  test.setTimeout(300_000); // a hang guard: each case waits on its own result
  const all = cases();
  expect(all.length).toBeGreaterThanOrEqual(20);
  await open(page);
  await page.locator("#settings > summary").click();
  const field = page.getByTestId("setting-heat-config");
  for (const c of all) {
    await page.evaluate((h) => (location.hash = h), `#${await encodeWorkspace(fromRequest(c.request as never))}`);
    await expect(field).toHaveValue("");
    await field.fill(JSON.stringify(c.config));
    await expect.poll(shown(page, c.name), { message: c.name }).toBe(c.expected);
  }
  // Not a JSON object: the field says so instead of evaluating.
  await field.fill("[1]");
  await expect(page.getByTestId("result-errors")).toContainText("Heat settings must be a JSON object");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // A request's settings come back into the field (examples, share links).
  const withSettings = { ...all[0].request, "x-heat-config": all[0].config };
  await page.evaluate((h) => (location.hash = h), `#${await encodeWorkspace(fromRequest(withSettings as never))}`);
  await expect.poll(async () => JSON.parse((await field.inputValue()) || "null")).toEqual(all[0].config);
  await expect.poll(shown(page, all[0].name)).toBe(all[0].expected);
});

test("each Heat setting as the embed's heat-config attribute gives Heat's result", async ({ page }) => {
  test.setTimeout(300_000); // a hang guard: each case waits on its own result
  await page.goto("/docs-demo.html");
  for (const c of cases()) {
    await page.evaluate(({ name, request, config }) => {
      document.querySelector("hot-playground#hc")?.remove();
      const el = document.createElement("hot-playground");
      el.id = "hc";
      el.setAttribute("show", "result");
      el.setAttribute("stack-name", request.stack_name);
      el.setAttribute("heat-config", JSON.stringify(config));
      const add = (type: string, text: string, data?: [string, string]) => {
        const s = document.createElement("script");
        s.type = type;
        s.textContent = text;
        if (data) s.dataset[data[0]] = data[1];
        el.append(s);
      };
      add("text/yaml", request.template);
      for (const [file, text] of Object.entries<string>(request.files ?? {})) add("text/plain", text, ["file", file]);
      el.dataset.case = name;
      document.body.append(el);
    }, c);
    const box = page.locator("hot-playground#hc");
    await box.scrollIntoViewIfNeeded();
    await expect.poll(async () => compared(c.name, await box.getByTestId("result-json").textContent()), { message: c.name }).toBe(c.expected);
  }
  // Not a JSON object: the embed says so.
  await page.evaluate(() => {
    document.querySelector("hot-playground#hc")?.remove();
    const el = document.createElement("hot-playground");
    el.id = "bad";
    el.setAttribute("heat-config", "[1]");
    el.textContent = "heat_template_version: 2021-04-16\n";
    document.body.append(el);
  });
  const bad = page.locator("hot-playground#bad");
  await bad.scrollIntoViewIfNeeded();
  await expect(bad.getByTestId("status")).toHaveText("Heat settings must be a JSON object");
});

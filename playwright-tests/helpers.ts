import { expect, type Page } from "@playwright/test";

/** Open the playground on an empty workspace state and wait for the first result. */
export async function open(page: Page, hash = ""): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("status")).not.toHaveText("loading…");
}

/** Replace an editor's whole text (as a user pasting). */
export async function setEditor(page: Page, testId: string, text: string): Promise<void> {
  const content = page.getByTestId(testId).locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

/** Wait until the status shows a finished evaluation of the current input. */
export async function settled(page: Page): Promise<string> {
  await page.waitForTimeout(250); // past the debounce
  await expect(page.getByTestId("status")).toHaveAttribute("data-eval-ms", /\d/);
  return (await page.getByTestId("status").textContent()) ?? "";
}

export const HOT = "heat_template_version: 2021-04-16\n";

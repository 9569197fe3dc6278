import { expect, type Locator, type Page } from "@playwright/test";

/** Open the playground on an empty workspace state and wait for the first result. */
export async function open(page: Page, hash = ""): Promise<void> {
  await page.goto(`/${hash}`);
  await firstResult(page);
}

/** Wait for the first evaluation of a page just loaded to finish. */
export async function firstResult(page: Page): Promise<void> {
  await expect(page.getByTestId("status")).toHaveAttribute("data-eval-ms", /\d/);
}

/** Replace an editor's whole text (as a user pasting). */
export async function setEditor(page: Page, testId: string, text: string): Promise<void> {
  const content = page.getByTestId(testId).locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

/**
 * Wait until the status shows a finished evaluation of the current input. An
 * edit's evaluation starts at the end of the edit's own task (end-of-task.ts),
 * and starting clears the status's `data-eval-ms`: it holds a number again only
 * once this input's result is drawn (a result of earlier input is not drawn).
 */
export async function settled(page: Page): Promise<string> {
  await expect(page.getByTestId("status")).toHaveAttribute("data-eval-ms", /\d/);
  return (await page.getByTestId("status").textContent()) ?? "";
}

/** After `settled`: wait until the markers of an editor carry their quick fixes (asked after they are drawn). */
export async function quickFixesReady(page: Page, testId = "editor-template"): Promise<void> {
  await expect(page.getByTestId(testId)).toHaveAttribute("data-quick-fixes", "ready");
}

/**
 * The workspace the page has saved in localStorage ("" if none). The page saves a
 * burst of edits once, a moment after it: a test that reloads or opens a page
 * expecting the saved workspace polls this for it first.
 */
export async function savedWorkspace(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem("hotplate.workspace.v1") ?? "");
}

export const HOT = "heat_template_version: 2021-04-16\n";

/** The centre of the `nth` occurrence of `word` in an editor's lines, on screen
 *  (a word may span several highlighted text nodes). */
export async function wordAt(page: Page, testId: string, word: string, nth = 0): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId(testId).locator(".cm-content").evaluate(
    (content, [w, n]) => {
      const word = w as string;
      let seen = 0;
      for (const line of Array.from(content.querySelectorAll(".cm-line"))) {
        const text = line.textContent ?? "";
        for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
          if (seen++ !== n) continue;
          // The text node and offset of character `i + 1` (inside the word).
          const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
          let left = i + 1;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const len = node.textContent?.length ?? 0;
            if (left < len) {
              const r = document.createRange();
              r.setStart(node, left);
              r.setEnd(node, left + 1);
              const b = r.getBoundingClientRect();
              return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
            }
            left -= len;
          }
        }
      }
      return null;
    },
    [word, nth] as const,
  );
  if (!box) throw new Error(`${word} not shown in ${testId}`);
  return box;
}

/**
 * The WCAG contrast ratio of an element's text (or its `::placeholder`) against
 * what is behind it: the first opaque background up the tree, with the
 * element's and its ancestors' opacity blended in.
 */
export async function contrast(locator: Locator, pseudo?: "::placeholder"): Promise<number> {
  return locator.evaluate((el, pseudo) => {
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number) as number[];
    let fg = rgba(getComputedStyle(el, pseudo ?? null).color);
    let opacity = 1;
    let bg: number[] | null = null;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      opacity *= Number(s.opacity);
      const b = rgba(s.backgroundColor);
      if (!bg && (b[3] ?? 1) > 0.99) bg = b;
    }
    bg ??= [255, 255, 255];
    const alpha = (fg[3] ?? 1) * opacity;
    fg = [0, 1, 2].map((i) => fg[i] * alpha + bg![i] * (1 - alpha));
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  }, pseudo);
}

/**
 * A template whose evaluation takes far longer than the worker's 2 s limit
 * (`TIME_LIMIT_MS`): within every engine bound (97,336 copies per `repeat`, under
 * the 100,000 limit), it runs ~20 s of CPU (10× the limit; measured through the npm package in Node) to the end on this machine idle.
 * Load only lengthens it, so "stopped" holds on any busy machine.
 */
export function runaway(): string {
  const items = "[" + Array.from({ length: 46 }, (_, i) => `v${i}`).join(", ") + "]";
  let outs = "";
  for (let k = 0; k < 16; k++) outs += `  o${k}:\n    value:\n      repeat:\n        for_each: {A: ${items}, B: ${items}, C: ${items}}\n        template: {x: A-B-C, y: [A, B, C]}\n`;
  return `${HOT}outputs:\n${outs}`;
}

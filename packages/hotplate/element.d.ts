// Types of `hotplate/element`: importing it defines the <hot-playground> custom element.

/** The workspace a <hot-playground> shows (the playground's share format). */
export interface HotWorkspace {
  template: string;
  envFiles: { name: string; text: string }[];
  files: { name: string; text: string }[];
  params: Record<string, unknown>;
  settings: { stackName: string; stackId: string; projectId: string; attributes: string; referenceIds: string; heatConfig?: string; heatRelease?: string };
}

/** `<hot-playground>`: a live HOT example (see the package README, "Embedding"). */
export declare class HotPlayground extends HTMLElement {
  /** Set before the element becomes visible to show this workspace instead of its markup. */
  workspace: HotWorkspace | null;
}

declare global {
  interface HTMLElementTagNameMap {
    "hot-playground": HotPlayground;
  }
}

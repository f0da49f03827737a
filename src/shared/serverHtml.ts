/**
 * Whether the page's render is hydrating the HTML the server sent: from just before hydrateRoot
 * (src/main.tsx) to the end of the first commit (src/app/router.tsx). A part that mounts meanwhile may
 * keep the server's HTML of it as it is instead of hydrating it (src/features/lookup/ResultIsland.tsx).
 */
let hydrating = false;

export const serverHtml = {
  start(): void {
    hydrating = true;
  },
  end(): void {
    hydrating = false;
  },
  get hydrating(): boolean {
    return hydrating;
  },
};

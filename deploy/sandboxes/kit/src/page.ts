/** The sandboxes' web pages: one document shell (auto-refreshing, same look) and the escaping of shown text. */

/** Text as HTML: the five characters that could open markup or close an attribute, as character references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export interface SandboxPage {
  /** The page's title and heading, e.g. `Labline SMS sandbox`. */
  title: string;
  /** The width of the page's column, in rem. */
  maxWidthRem: number;
  /** CSS rules beyond the shared body rule, one per entry. */
  styles: readonly string[];
  /** The HTML below the heading, one line per entry. */
  content: readonly string[];
}

/** A sandbox's page: the title, the heading and the content, reloading itself every 5 seconds. */
export function renderSandboxPage(page: SandboxPage): string {
  const title = escapeHtml(page.title);
  const styles = [
    `body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: ${page.maxWidthRem}rem; padding: 0 1rem; }`,
    ...page.styles,
  ];
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="refresh" content="5">
  <title>${title}</title>
  <style>
${styles.map((rule) => `    ${rule}`).join('\n')}
  </style>
</head>
<body>
  <h1>${title}</h1>
${page.content.map((line) => `  ${line}`).join('\n')}
</body>
</html>`;
}

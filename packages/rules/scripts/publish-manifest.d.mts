/** The package.json npm users get, from the workspace's text: every export without its `showroom-source` condition. */
export function publishedManifest(text: string): string;

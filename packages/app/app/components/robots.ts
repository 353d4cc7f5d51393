/**
 * The robots meta of pages that must stay out of search results (errors), spelled as `robotsContent(false)` of
 * `@showroom/rules/inventory` spells it; pages get theirs from their loader, so the rules never reach the browser.
 */
export const ROBOTS_NOINDEX = "noindex, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1";

import errorsEn from "@showroom/fixtures/translations/en/errors.json" with { type: "json" };

/** How often an open page asks whether a new version is out (and again whenever it becomes visible). */
const VERSION_CHECK_MS = 5 * 60_000;

/** Where the server answers the running build's version (server/app.ts). */
export const BUILD_MARKER_PATH = "/build.json";

/** How long the notice shows before the reload: long enough to be read, short enough not to wait on. */
const RELOAD_NOTICE_MS = 1000;

/** The sessionStorage key prefix of the reload guard, by path: strictly necessary, so it needs no consent. */
const RELOAD_GUARD_KEY = "reloadGuard:";

/**
 * The document's boot script (ADR 289), inline under the CSP nonce so it runs before any chunk and costs no
 * first-load chunk:
 * - marks the document `js` before first paint, so `js:` styles apply without a flash of the no-JS layout;
 * - the reload guard: a script or a lazily imported chunk that fails to load shows the spec's "Part of this page
 *   didn't load. Reloading…" and reloads once, at most once per `guardMs` for the same path (sessionStorage), so a
 *   chunk that keeps failing never loops;
 * - the new-version check: it fetches the build marker every few minutes and when the page becomes visible; once the
 *   server's version differs from the page's, the next link click or history step is a full document load.
 */
export function bootScript(guardMs: number, message: string = errorsEn.loadFailed): string {
  const config = JSON.stringify({
    guardMs,
    message,
    marker: BUILD_MARKER_PATH,
    every: VERSION_CHECK_MS,
    key: RELOAD_GUARD_KEY,
    noticeMs: RELOAD_NOTICE_MS,
  }).replace(/</g, "\\u003c");
  return `document.documentElement.classList.add('js');(function(c){
var chunk=/dynamically imported module|Importing a module script failed|Failed to load module script|error loading dynamically imported module/i;
function reload(){var k=c.key+location.pathname,s=window.sessionStorage,last=0;try{last=Number(s.getItem(k))||0}catch(e){}
if(Date.now()-last<c.guardMs)return false;try{s.setItem(k,String(Date.now()))}catch(e){}
var n=document.createElement('p');n.setAttribute('role','status');n.className='reload-notice';n.textContent=c.message;
(document.body||document.documentElement).appendChild(n);setTimeout(function(){location.reload()},c.noticeMs);return true}
window.__showroomChunkFailed=reload;
addEventListener('unhandledrejection',function(e){var r=e.reason;if(chunk.test(String(r&&r.message||r)))reload()});
addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='SCRIPT'&&t.type==='module')reload();else if(chunk.test(String(e.message)))reload()},true);
var stale=false;function check(){var m=window.__reactRouterManifest,v=m&&m.version;if(!v||stale)return Promise.resolve(stale);
return fetch(c.marker,{cache:'no-store'}).then(function(r){return r.ok?r.json():null}).then(function(b){if(b&&typeof b.version==='string'&&b.version!==v)stale=true;return stale},function(){return stale})}
window.__showroomVersionCheck=check;setInterval(check,c.every);
document.addEventListener('visibilitychange',function(){if(document.visibilityState==='visible')check()});
addEventListener('click',function(e){if(!stale||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var a=e.target&&e.target.closest&&e.target.closest('a[href]');if(!a||a.hasAttribute('download')||(a.target&&a.target!=='_self'))return;
if(new URL(a.href,location.href).origin!==location.origin)return;e.stopPropagation()},true);
addEventListener('popstate',function(){if(stale)location.reload()},true)
})(${config})`;
}

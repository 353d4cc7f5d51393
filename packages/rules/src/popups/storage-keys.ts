// The names popups keep their state under in the browser, apart from the reducers (storage.ts, which loads immer):
// the cookie banner forgets them when functional consent is withdrawn, on every page, and must not load the rest.

/** The localStorage keys the two parts of the popups' storage are kept under (spec section 3). */
export const POPUP_STORAGE_KEYS = { finishedPopups: "finishedPopups", viewedPagesItems: "viewedPagesItems" } as const;

/** The sessionStorage key of popups disabled for this session. */
export const POPUP_SESSION_KEY = "disabledPopups";

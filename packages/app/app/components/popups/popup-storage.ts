import {
  EMPTY_POPUP_STORAGE,
  POPUP_SESSION_KEY,
  POPUP_STORAGE_KEYS,
  type PopupStorage,
  parseDisabledPopups,
  parsePopupStorage,
} from "@showroom/rules/popups";

/** What the popups keep in the browser between pages: finished and viewed (localStorage), disabled (the session's). */
export interface KeptPopups {
  storage: PopupStorage;
  disabled: string[];
}

/**
 * Reads the popups' browser storage through its parsers (spec section 3). A chunk of its own, loaded only when
 * functional consent lets the runtime keep anything there (ADR 336): the parsers bring zod's core.
 */
export function readStoredPopups(): KeptPopups {
  try {
    return {
      storage: parsePopupStorage({
        finishedPopups: localStorage.getItem(POPUP_STORAGE_KEYS.finishedPopups),
        viewedPagesItems: localStorage.getItem(POPUP_STORAGE_KEYS.viewedPagesItems),
      }),
      disabled: parseDisabledPopups(sessionStorage.getItem(POPUP_SESSION_KEY)),
    };
  } catch {
    // Storage refused (private mode, a full quota): the visit goes on in memory.
    return { storage: EMPTY_POPUP_STORAGE, disabled: [] };
  }
}

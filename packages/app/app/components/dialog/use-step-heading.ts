import { useEffect, useRef } from "react";

/**
 * A ref for a dialog's step heading that takes focus whenever `step` changes (not on the first render), so a screen
 * reader announces where the shopper is. The heading needs `tabIndex={-1}`.
 */
export function useStepHeading(step: string) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);
  return headingRef;
}

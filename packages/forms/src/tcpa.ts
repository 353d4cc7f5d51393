/**
 * The TCPA consent disclaimer of spec section 5, shown beside the submit button of every form that takes a phone
 * number (see `takesPhone` in `forms.ts`).
 */
export const TCPA_DISCLAIMER =
  "By giving us your cell number, you agree to be contacted by call or text, including by auto-dialers or prerecorded messages. Standard rates may apply.";

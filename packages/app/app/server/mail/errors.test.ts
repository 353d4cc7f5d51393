import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifySendError, describeSendError, isPermanentReply, PermanentMailError } from "./errors";

function smtpError(responseCode: number, response = `${responseCode} scripted`) {
  return Object.assign(new Error(`Message failed: ${response}`), { code: "EMESSAGE", responseCode, response });
}

describe("send error classification", () => {
  it("every 5xx reply but 503 is permanent; every 4xx reply is temporary", () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), (code) => {
        const expected = code >= 500 && code !== 503 ? "permanent" : "temporary";
        expect(classifySendError(smtpError(code))).toBe(expected);
        expect(isPermanentReply(code)).toBe(expected === "permanent");
      }),
      { numRuns: 200 },
    );
  });

  it("connection failures and timeouts without a reply are temporary", () => {
    for (const code of ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "EABORT", "ECONNREFUSED"]) {
      expect(classifySendError(Object.assign(new Error(code), { code }))).toBe("temporary");
    }
    expect(classifySendError("a string thrown by someone")).toBe("temporary");
    expect(classifySendError(null)).toBe("temporary");
  });

  it("a failure raised before any peer was asked can be marked permanent", () => {
    expect(classifySendError(new PermanentMailError("no recipients"))).toBe("permanent");
  });

  it("the recorded error names the code, the command and the peer's reply on one bounded line", () => {
    const error = Object.assign(smtpError(550, "550 5.1.1 <x@y>: Recipient\r\naddress rejected"), {
      command: "RCPT TO",
    });
    expect(describeSendError(error)).toBe("EMESSAGE: at RCPT TO: 550 5.1.1 <x@y>: Recipient address rejected");
    fc.assert(
      fc.property(fc.string(), fc.string(), (message, response) => {
        const text = describeSendError(Object.assign(new Error(message), { response }));
        expect(text.length).toBeLessThanOrEqual(1000);
        expect(text).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 200 },
    );
  });
});

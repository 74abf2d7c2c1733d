import { describe, expect, it } from "vitest";
import { messageCountLabel } from "./message-count";

describe("the message sequence's count line (#35 item 6)", () => {
  it('says "1 message." for one message, never "1 messages."', () => {
    expect(messageCountLabel(1, 1, false)).toBe("1 message.");
    expect(messageCountLabel(0, 0, false)).toBe("0 messages.");
    expect(messageCountLabel(3, 3, false)).toBe("3 messages.");
  });

  it("agrees in number when a filter is on", () => {
    expect(messageCountLabel(1, 5, true)).toBe("1 of 5 messages matches.");
    expect(messageCountLabel(2, 5, true)).toBe("2 of 5 messages match.");
    expect(messageCountLabel(0, 1, true)).toBe("0 of 1 message match.");
  });
});

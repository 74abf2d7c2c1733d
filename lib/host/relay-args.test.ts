import { describe, expect, it } from "vitest";
import { parseRelayArgs } from "./relay-args";

describe("the relay's arguments", () => {
  it("takes a command, a port and an origin, and defaults the origin to the local academy", () => {
    expect(parseRelayArgs(["--stdio", "node s.js --stdio"])).toEqual({
      ok: true,
      command: "node s.js --stdio",
      origin: "http://localhost:3000",
    });
    expect(
      parseRelayArgs(["--stdio", "x", "--port", "3999", "--origin", "https://academy.example/"]),
    ).toEqual({ ok: true, command: "x", port: 3999, origin: "https://academy.example" });
  });

  it.each([
    [[], /--stdio "<command>"/],
    [["--stdio"], /--stdio needs a value/],
    [["--stdio", "x", "--port", "http"], /--port needs a port number 1-65535, got "http"/],
    [["--stdio", "x", "--port", "70000"], /got "70000"/],
    [["--stdio", "x", "--origin", "localhost:3000"], /--origin needs/],
    [["--stdio", "x", "--origin", "http://localhost:3000/review"], /no path/],
    [["--stdio", "x", "--verbose"], /unknown argument "--verbose"/],
  ])("refuses %j, naming the problem", (args, message) => {
    const r = parseRelayArgs(args);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(message);
  });
});

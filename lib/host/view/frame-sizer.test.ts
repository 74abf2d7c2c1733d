import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FrameSizer } from "./frame-sizer";

/**
 * A frame with 1 px borders and `box-sizing: border-box` (the app's pages): its border box is
 * 2 px wider and taller than the viewport it gives its document.
 */
function borderedFrame(viewport: number, height = 300) {
  const style: Record<string, string> = {};
  return {
    style,
    clientWidth: viewport,
    clientHeight: height,
    offsetWidth: viewport + 2,
    offsetHeight: height + 2,
  } as unknown as HTMLIFrameElement & { style: Record<string, string> };
}

describe("FrameSizer (BRG-7)", () => {
  beforeEach(() => {
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => {
      cb(0);
      return 1;
    });
    vi.stubGlobal("getComputedStyle", () => ({ boxSizing: "border-box" }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("leaves the width alone when a bordered frame's view reports the viewport it already has", () => {
    // The view measures window.innerWidth: the frame's content box, not its border box. Pinning
    // that number as the frame's width would shrink the frame by its borders on every report.
    const iframe = borderedFrame(440);
    const sizer = new FrameSizer(iframe, { held: false });
    sizer.report({ width: 440, height: 500 });
    expect(iframe.style.width).toBeUndefined();
    // The height asked for is the view's viewport: the border is added around it.
    expect(iframe.style.height).toBe("502px");
  });

  it("follows a width the view asks for that differs from its viewport, border added", () => {
    const iframe = borderedFrame(440);
    new FrameSizer(iframe, { held: false }).report({ width: 220 });
    expect(iframe.style.width).toBe("222px");
  });
});

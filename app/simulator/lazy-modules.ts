import { useEffect } from "react";
import { lazyModule } from "../_components/lazy-module";

/**
 * The scenario schema (zod, with its messages) and share links are not in the page's first load:
 * they load when first needed (the JSON editor, a shared link, copying a link) or once the page
 * has loaded, whichever comes first; loaded once, and a failed load is asked for again next time
 * (lazyModule).
 */
const scenarioModule = lazyModule(() => import("@/lib/simulator/scenario"));
export const loadedScenarioModule = scenarioModule.loaded;
export const loadScenarioModule = scenarioModule.load;
export const loadShare = () => import("@/lib/simulator/share");
/** A profile of one's own (issue 33): read from a file or a link, when one is given. */
export const loadOwnProfile = () => import("./own-profile");

/**
 * The runner (the SDK, the host and the proxy plumbing) loads with the first run; once loaded, a
 * run starts without waiting a turn for it, in the very event handler that asked for it. A failed
 * load is not kept: the next run asks again (a chunk that failed once may load the second time).
 *
 * Cold start (issue 23): the page's first run needs the runner, so its request starts as soon as
 * this module is evaluated in the browser, while React is still hydrating, instead of after it.
 * It is a dynamic chunk, so it is not part of the route's first-load JS.
 */
const runner = lazyModule(() => import("./runner"), { eager: true });
export const loadedRunner = runner.loaded;
export const loadRunner = runner.load;

/** The parser, once the page has loaded (or sooner, if the learner reaches for it). */
export function usePreloadedScenarioModule(): void {
  useEffect(() => {
    const preload = () => void loadScenarioModule();
    if (document.readyState === "complete") preload();
    else window.addEventListener("load", preload, { once: true });
    return () => window.removeEventListener("load", preload);
  }, []);
}

/**
 * What a chosen host changes (issue 33): the departures of each row and the host's other
 * behaviours, a chunk loaded once a host other than the reference is chosen (or the conformance
 * preset shows a measured row). The profiles themselves come with the page, rendered by the server.
 */
export const hostDetail = lazyModule(() => import("./host-profile-detail"));

import Link from "@/app/_components/link";
import type { ReactNode } from "react";

/** The simulator page's address for one preset (content/scenarios/<id>.json). */
export function simulatorHref(scenario: string): string {
  return `/simulator?preset=${encodeURIComponent(scenario)}`;
}

/**
 * "Try it in the simulator": opens the simulator with one preset selected. The compiler checks
 * that the preset exists, so a renamed scenario fails the build instead of opening the wrong one.
 */
export function TryIt({ scenario, children }: { scenario: string; children?: ReactNode }) {
  return (
    <div className="try-it" data-scenario={scenario}>
      <span aria-hidden="true">▶</span>{" "}
      {/* No prefetch: the simulator's code is large and most readers never open it. */}
      <Link href={simulatorHref(scenario)} prefetch={false}>
        Try it in the simulator{children ? <>: {children}</> : null}
      </Link>
    </div>
  );
}

import type { ReactNode } from "react";

/**
 * Said when a chunk the page asked for did not arrive (lazy-module.ts): what is missing and what
 * is kept, in `children`, and a Try again button.
 */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <div className="notice" role="alert">
      <p>{children}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

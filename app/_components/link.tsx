"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent } from "react";

type Props = ComponentProps<typeof NextLink>;

/**
 * The app's one link. Next prefetches every link that scrolls into view, which on a lesson page
 * with its sidebar meant ~48 route payloads fetched per page load, most never followed. Here a
 * route is prefetched only when the reader points at or focuses its link, which still makes the
 * click instant, and an explicit `prefetch` prop keeps its meaning.
 */
export default function Link({ prefetch, onMouseEnter, onFocus, href, ...rest }: Props) {
  const router = useRouter();
  const warm = () => {
    if (prefetch === false || typeof href !== "string" || !href.startsWith("/")) return;
    router.prefetch(href);
  };
  return (
    <NextLink
      {...rest}
      href={href}
      prefetch={prefetch ?? false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        warm();
        onMouseEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(e);
      }}
    />
  );
}

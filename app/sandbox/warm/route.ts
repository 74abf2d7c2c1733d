export const dynamic = "force-dynamic";

/**
 * An empty document on the sandbox origin. The simulator page keeps one in a hidden frame so the
 * browser keeps a process for the sandbox site warm, as hosts that preload their sandbox do; it
 * runs no script and can do nothing (default-src 'none').
 */
export function GET(): Response {
  return new Response(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox warm-up</title></head><body></body></html>',
    {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'",
        "cache-control": "private, max-age=300",
      },
    },
  );
}

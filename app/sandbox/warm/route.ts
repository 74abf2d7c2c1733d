import { appOrigin } from "@/lib/simulator/sandbox-server";

export const dynamic = "force-dynamic";

/**
 * An empty document on the sandbox origin. The simulator page keeps one in a hidden frame so the
 * browser keeps a process for the sandbox site warm, as hosts that preload their sandbox do; it
 * runs no script and can do nothing (default-src 'none'), and only the app may frame it.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  return new Response(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox warm-up</title></head><body></body></html>',
    {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `default-src 'none'; frame-ancestors ${appOrigin(url, request.headers.get("host"))}`,
        "cache-control": "private, max-age=300",
        "x-content-type-options": "nosniff",
      },
    },
  );
}

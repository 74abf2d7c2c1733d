// The byte plumbing share links are made of (share.ts for a scenario, share-profile.ts for a host
// profile): base64url, deflate-raw, and an inflate that stops at a cap, so a link cannot unpack
// into more than the page is willing to hold. Browser and Node alike (CompressionStream).

/** Thrown by `inflateAtMost` once the output passes its cap. */
export class TooLarge extends Error {}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * `deflate-raw` is the bare stream (scenario links); `deflate` wraps it in zlib's header and
 * Adler-32 checksum, so a changed character fails to inflate instead of unpacking into other
 * text (profile links: raw deflate has no checksum, and a flipped letter can still read as JSON).
 */
type Format = "deflate-raw" | "deflate";

/** Deflates the whole of `bytes`. */
export async function deflate(
  bytes: Uint8Array,
  format: Format = "deflate-raw",
): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** Inflates chunk by chunk and stops (throwing `TooLarge`) once the output passes `max` bytes. */
export async function inflateAtMost(
  bytes: Uint8Array,
  max: number,
  format: Format = "deflate-raw",
): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream(format))
    .getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

// Secret data values: base64 of the UTF-8 bytes.

/** Only code units below 0x80. */
const ASCII = /^[^\u0080-\uffff]*$/;

/** base64 of the UTF-8 encoding of `s`. */
export function base64(s: string): string {
  // For ASCII text (generated keys, connection URIs) Latin-1 and UTF-8 bytes agree, and btoa
  // skips the Buffer allocation that made this one of the costlier calls of a build.
  return ASCII.test(s) ? btoa(s) : Buffer.from(s, 'utf8').toString('base64');
}

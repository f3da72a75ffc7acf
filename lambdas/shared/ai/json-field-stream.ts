// Reads one string field of a JSON object while the object is still arriving: a forced tool call
// streams its input as JSON fragments (`{"respuesta":"Hola, ` … `"}`), and the tutor's text must
// reach the learner before the closing brace. Only a top-level string field is followed.

/** Feeds JSON fragments; answers the newly decoded characters of `field`'s value. */
export function jsonFieldStream(field: string) {
  const opener = new RegExp(`^\\{\\s*(?:[\\s\\S]*?,\\s*)?"${field}"\\s*:\\s*"`);
  let raw = '';
  let start = -1;
  let at = 0;
  let done = false;
  return (fragment: string): string => {
    raw += fragment;
    if (done) return '';
    if (start < 0) {
      const m = opener.exec(raw);
      if (!m) return '';
      start = at = m[0].length;
    }
    let out = '';
    while (at < raw.length) {
      const c = raw[at];
      if (c === '"') {
        done = true;
        break;
      }
      if (c !== '\\') {
        out += c;
        at++;
        continue;
      }
      // An escape: wait until it has fully arrived.
      const next = raw[at + 1];
      if (next === undefined) break;
      if (next === 'u') {
        const hex = raw.slice(at + 2, at + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(parseInt(hex, 16));
        at += 6;
        continue;
      }
      out += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[next] ?? next;
      at += 2;
    }
    return out;
  };
}

import { Inflate } from 'fflate';

// A PDF can hide a bomb too: 200 KB whose one content stream inflates to 200 MB of blanks took PDF.js
// 3.8 s and 555 MB (issue 31), and PDF.js keeps a decoded stream whole, outside V8's heap limit.
// Before PDF.js opens the file, the Flate streams it would decode for text (images aside: text
// extraction never decodes them) are inflated here, counted and dropped chunk by chunk, stopping as
// soon as their total passes the cap.

/** Far above any real document's fonts and page contents (a 300-page PDF: tens of MB at most). */
export const PDF_INFLATED_MAX = 128 * 1024 * 1024;
/** Compressed bytes fed at a time: at most ~1,032 times this is produced before the next count. */
const FEED = 1024;

/** What the PDF's non-image Flate streams inflate to, counted up to just past `max`. */
export function inflatedSize(pdf: Uint8Array, max = PDF_INFLATED_MAX): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const keyword = /stream\r?\n/g;
  let total = 0;
  for (let m = keyword.exec(text); m && total <= max; m = keyword.exec(text)) {
    if (text.slice(m.index - 3, m.index) === 'end') continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    keyword.lastIndex = end + 'endstream'.length;
    // The stream's dictionary: what follows the object's header up to the keyword.
    const head = text.slice(Math.max(0, text.lastIndexOf(' obj', m.index)), m.index);
    if (!head.includes('/FlateDecode') || /\/Subtype\s*\/Image/.test(head)) continue;
    total = inflateCounting(pdf.subarray(start, end), total, max);
  }
  return total;
}

/** `total` plus this stream's inflated bytes, stopping once past `max`; a broken stream counts what it gave (PDF.js judges it). */
function inflateCounting(data: Uint8Array, total: number, max: number): number {
  let counted = total;
  const stop = new Error('past the cap');
  const inflater = new Inflate((chunk) => {
    counted += chunk.length;
    if (counted > max) throw stop;
  });
  // FlateDecode is zlib-wrapped: the 2-byte header is skipped, the raw deflate inflated.
  const raw = data.subarray(2);
  try {
    for (let i = 0; i < raw.length; i += FEED) inflater.push(raw.subarray(i, i + FEED), i + FEED >= raw.length);
  } catch {
    // Past the cap, or corrupt data (a trailing checksum, a truncated stream): what was counted stands.
  }
  return counted;
}

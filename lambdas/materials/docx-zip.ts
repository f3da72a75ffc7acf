import { Inflate, zipSync, type Zippable } from 'fflate';

// A .docx is a zip, and a zip can declare or hide far more than it weighs (issue 31: a 72 KB file
// expanding to 20 MB of XML held mammoth 8-16 s and 2.4 GB; 714 KB expanding to 200 MB ran V8 out
// of memory). Before mammoth sees a byte, this reads the zip's central directory, refuses what no
// Word document declares, inflates only the XML parts mammoth reads with a hard stop at their
// declared size and at a cap tied to the plan, counts their text, and hands mammoth a rebuilt zip of
// those parts stored uncompressed: mammoth's own inflation then has nothing left to expand.

/** Why a .docx is refused before parsing; extract.ts turns it into the learner's reason. */
export class DocxRefused extends Error {
  constructor(readonly reason: 'bomb' | 'markup' | 'text' | 'damaged', readonly detail = 0) {
    super(`docx refused: ${reason}`);
    this.name = 'DocxRefused';
  }
}

export interface DocxBounds {
  /** The plan's characters for a text file: counting stops past it. */
  maxCharacters: number;
  /** The most XML (bytes, inflated) mammoth may parse: its memory and time grow with it (≈ 90 B per byte). */
  maxXmlBytes: number;
  /** The plan's file size: what the entries may declare in total is a multiple of it. */
  maxFileBytes: number;
}

/** Word writes tens of entries; a few hundred images at most. */
export const DOCX_MAX_ENTRIES = 1_000;
/** All entries' declared sizes together, as a multiple of the plan's file size (images barely compress). */
export const DOCX_EXPANSION = 10;
/** Deflate reaches ~1,032:1 on repeated bytes; Word's XML compresses 5-20:1. Checked on parts above 1 MB. */
export const DOCX_MAX_RATIO = 100;
const RATIO_FROM = 1024 * 1024;
/** Compressed bytes fed to the inflater at a time: at most ~1,032 times this is produced before the next check. */
const FEED = 1024;

const XML_PART = /\.(xml|rels)$/i;
/** Text runs of WordprocessingML (w:t), the characters mammoth turns into text. */
const TEXT_RUN = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The central directory's entries, or a refusal; nothing is inflated here. */
export function centralDirectory(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new DocxRefused('damaged');
  const count = u16(eocd + 10);
  const start = u32(eocd + 16);
  // 0xFFFF / 0xFFFFFFFF mean zip64: no document within a plan's size needs it.
  if (count === 0xffff || start === 0xffffffff) throw new DocxRefused('bomb');
  if (count > DOCX_MAX_ENTRIES) throw new DocxRefused('bomb', count);
  const entries: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || u32(at) !== 0x02014b50) throw new DocxRefused('damaged');
    const nameLength = u16(at + 28);
    const name = Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    entries.push({ name, flags: u16(at + 8), method: u16(at + 10), compressed: u32(at + 20), size: u32(at + 24), offset: u32(at + 42) });
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return entries;
}

/** Refuses what the directory declares: too many entries, too much in total, a bomb's ratio, encryption. */
export function checkDeclared(entries: Entry[], bounds: DocxBounds): void {
  const total = entries.reduce((n, e) => n + e.size, 0);
  if (total > bounds.maxFileBytes * DOCX_EXPANSION) throw new DocxRefused('bomb', total);
  for (const e of entries) {
    if (e.flags & 1) throw new DocxRefused('damaged');
    if (e.size > RATIO_FROM && e.size > e.compressed * DOCX_MAX_RATIO) throw new DocxRefused('bomb', e.size);
  }
  const xml = entries.filter((e) => XML_PART.test(e.name)).reduce((n, e) => n + e.size, 0);
  if (xml > bounds.maxXmlBytes) throw new DocxRefused('markup', xml);
}

/** One entry's bytes, never more than it declared (a zip may lie: the inflater is stopped, not trusted). */
function inflateEntry(zip: Uint8Array, e: Entry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (e.offset + 30 > zip.length || view.getUint32(e.offset, true) !== 0x04034b50) throw new DocxRefused('damaged');
  const from = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true);
  const data = zip.subarray(from, from + e.compressed);
  if (data.length !== e.compressed) throw new DocxRefused('damaged');
  if (e.method === 0) {
    if (e.compressed !== e.size) throw new DocxRefused('damaged');
    return data;
  }
  if (e.method !== 8) throw new DocxRefused('damaged');
  const out = new Uint8Array(e.size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > e.size) throw new DocxRefused('bomb', written + chunk.length);
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let i = 0; i < data.length; i += FEED) inflater.push(data.subarray(i, i + FEED), i + FEED >= data.length);
  } catch (error) {
    throw error instanceof DocxRefused ? error : new DocxRefused('damaged');
  }
  if (written !== e.size) throw new DocxRefused('damaged');
  return out;
}

/**
 * The .docx reduced to its XML parts, stored uncompressed, for mammoth; refused (DocxRefused) when the
 * zip is a bomb, carries more markup than `maxXmlBytes`, or its text runs pass `maxCharacters`.
 */
export function boundedDocx(zip: Uint8Array, bounds: DocxBounds): Uint8Array {
  const entries = centralDirectory(zip);
  checkDeclared(entries, bounds);
  const parts: Zippable = {};
  let characters = 0;
  for (const e of entries.filter((x) => XML_PART.test(x.name))) {
    const bytes = inflateEntry(zip, e);
    parts[e.name] = [bytes, { level: 0 }];
    if (!e.name.startsWith('word/') || !e.name.endsWith('.xml')) continue;
    for (const run of Buffer.from(bytes).toString('utf8').matchAll(TEXT_RUN)) {
      characters += run[1].length;
      if (characters > bounds.maxCharacters) throw new DocxRefused('text', bounds.maxCharacters);
    }
  }
  return zipSync(parts);
}

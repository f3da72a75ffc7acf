import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

// Hostile documents built in the test, never committed (issue 31): a .docx whose XML expands to
// hundreds of MB, one whose zip lies about its sizes, one with too many entries, and a PDF of a few
// KB whose pages hold tens of thousands of characters each. node:zlib deflates (fflate's pure-JS
// deflate takes ~6 s for 200 MB; zlib ~1 s); the zip is written by hand so a size can be a lie.

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

export interface ZipPart {
  data: Buffer;
  /** The uncompressed size written in the headers, when it should lie. */
  declared?: number;
}

/** A zip of deflated entries, headers and central directory written here. */
export function zipOf(parts: Record<string, ZipPart>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of Object.entries(parts)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = deflateRawSync(part.data, { level: 9 });
    const size = part.declared ?? part.data.length;
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** WordprocessingML of `paragraphs`, repeated until the XML reaches `bytes` (Word's own markup, a bomb's size). */
export function documentXml(paragraphs: string[], bytes = 0): Buffer {
  const body = Buffer.from(paragraphs.map((p) => `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join(''));
  const copies = Math.max(1, Math.ceil(bytes / body.length));
  return Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>`), ...Array<Buffer>(copies).fill(body), Buffer.from('</w:body></w:document>')]);
}

/** A .docx whose word/document.xml is `xml`; `declared` makes the zip lie about its size. */
export function docxOf(xml: Buffer, declared?: number, extra: Record<string, ZipPart> = {}): Buffer {
  return zipOf({
    '[Content_Types].xml': { data: Buffer.from(CONTENT_TYPES) },
    '_rels/.rels': { data: Buffer.from(RELS) },
    'word/document.xml': { data: xml, declared },
    ...extra,
  });
}

/** The issue's bomb: a few hundred KB whose XML expands to `megabytes` (200: V8 ran out of memory). */
export const expandingDocx = (megabytes: number) => docxOf(documentXml(['Lorem ipsum dolor sit amet, consectetur adipiscing elit.'], megabytes * 1024 * 1024));

/** A zip bomb that lies: its directory declares 4 KB of XML, its deflate stream holds `megabytes`. */
export const lyingDocx = (megabytes: number) => docxOf(Buffer.alloc(megabytes * 1024 * 1024, 32), 4096);

/** A .docx of `count` small entries (a directory no Word document has). */
export const crowdedDocx = (count: number) =>
  docxOf(documentXml(['Hola']), undefined, Object.fromEntries(Array.from({ length: count }, (_, i) => [`word/media/p${i}.bin`, { data: Buffer.from([i & 255]) }])));

/**
 * A PDF of `pages` pages, each a deflated content stream of `charsPerPage` characters (Helvetica
 * text operators): a few KB on disk, millions of characters once extracted.
 */
export function hugePagesPdf(pages: number, charsPerPage: number): Buffer {
  // One line per 1-point row, inside the page (PDF.js drops text placed outside it): up to ~780 lines.
  const line = '(Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor. ) Tj 0 -1 Td\n';
  const text = 'BT /F1 1 Tf 10 785 Td\n' + line.repeat(Math.ceil(charsPerPage / 75)) + 'ET';
  // FlateDecode is zlib-wrapped deflate.
  const stream = deflateSync(Buffer.from(text, 'latin1'), { level: 9 });
  const objects: Buffer[] = [];
  // Page i is object 4 + 2i, its content stream 5 + 2i (PDF.js reads a shared stream only once).
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`));
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  for (let i = 0; i < pages; i++) {
    objects.push(Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`));
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]));
  }
  return pdfOf(objects);
}

/** A one-page PDF whose content stream is "Hola" and then `megabytes` of blanks: a few hundred KB deflated. */
export function inflatingPdf(megabytes: number): Buffer {
  const content = Buffer.concat([Buffer.from('BT /F1 12 Tf 10 700 Td (Hola) Tj ET\n'), Buffer.alloc(megabytes * 1024 * 1024, 32)]);
  const stream = deflateSync(content, { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  return pdfOf(objects);
}

/** Objects 1..n written with their cross-reference table; object 1 is the catalog. */
function pdfOf(objects: Buffer[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let at = chunks[0].length;
  objects.forEach((body, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    chunks.push(obj);
    at += obj.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

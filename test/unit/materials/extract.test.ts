import { strToU8, zipSync } from 'fflate';
import { PDFDocument, PDFHexString, StandardFonts, rgb } from 'pdf-lib';
import { extractPages, REASONS } from '../../../lambdas/materials/extract';

// Text extraction of uploaded files (issue 24), on files built here: PDFs by pdf-lib, a .docx by a
// small zip. The refusals first, each with the reason the learner reads.

const limits = { plan: 'gratuito', paginas: 50 };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function pdf(pages: string[], build?: (doc: PDFDocument) => void) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage();
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 700 - i * 20, font, size: 12 }));
  }
  build?.(doc);
  return doc.save({ useObjectStreams: false });
}

/** An image-only page: what a scanner makes (shapes, no text layer). */
async function scanned() {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawRectangle({ x: 40, y: 40, width: 500, height: 700, color: rgb(0.9, 0.9, 0.9) });
  page.drawEllipse({ x: 200, y: 400, xScale: 80, yScale: 40, color: rgb(0.1, 0.1, 0.1) });
  return doc.save();
}

/** A PDF whose trailer names a Standard security handler with a user password: PDF.js asks for it. */
const encrypted = () =>
  pdf(['Secreto'], (doc) => {
    const dict = doc.context.obj({
      Filter: 'Standard', V: 1, R: 2, P: -44,
      O: PDFHexString.of('a'.repeat(64)),
      U: PDFHexString.of('b'.repeat(64)),
    });
    doc.context.trailerInfo.Encrypt = doc.context.register(dict);
    doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of('0123456789abcdef0123456789abcdef'), PDFHexString.of('0123456789abcdef0123456789abcdef')]);
  });

function docx(paragraphs: string[]) {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    '_rels/.rels': strToU8('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
  });
}

describe('refusals', () => {
  it('an encrypted PDF: the password reason', async () => {
    await expect(extractPages(await encrypted(), 'application/pdf', limits)).rejects.toMatchObject({ motivo: REASONS.encrypted });
  });

  it('a scan without a text layer: "Este PDF no tiene texto seleccionable" and what to do', async () => {
    await expect(extractPages(await scanned(), 'application/pdf', limits)).rejects.toMatchObject({ motivo: expect.stringMatching(/^Este PDF no tiene texto seleccionable.+OCR/) });
  });

  it('more pages than the plan, before any page is read', async () => {
    const bytes = await pdf(['a', 'b', 'c']);
    await expect(extractPages(bytes, 'application/pdf', { plan: 'gratuito', paginas: 2 })).rejects.toMatchObject({
      motivo: 'Este PDF tiene 3 páginas; tu plan gratuito admite hasta 2 por material. Divídelo en partes y súbelas por separado.',
    });
  });

  it('an empty file, a file with no words, a damaged PDF', async () => {
    await expect(extractPages(new Uint8Array(), 'text/plain', limits)).rejects.toMatchObject({ motivo: REASONS.empty });
    await expect(extractPages(strToU8('1234 — 5678'), 'text/markdown', limits)).rejects.toMatchObject({ motivo: REASONS.noWords });
    await expect(extractPages(strToU8('%PDF-1.7\nbasura sin estructura'), 'application/pdf', limits)).rejects.toMatchObject({ motivo: REASONS.damaged });
  });

  it('content that is not what its type said', async () => {
    const bytes = await pdf(['Hola']);
    await expect(extractPages(strToU8('Hola, no soy un PDF'), 'application/pdf', limits)).rejects.toMatchObject({ motivo: expect.stringMatching(/^El archivo no es un PDF/) });
    await expect(extractPages(bytes, 'text/plain', limits)).rejects.toMatchObject({ motivo: expect.stringMatching(/^El archivo no es un archivo de texto/) });
    await expect(extractPages(bytes, DOCX, limits)).rejects.toMatchObject({ motivo: expect.stringMatching(/^El archivo no es un documento de Word/) });
    await expect(extractPages(new Uint8Array([0x48, 0x6f, 0xff, 0xfe, 0x6c, 0x61]), 'text/plain', limits)).rejects.toMatchObject({ motivo: expect.stringMatching(/^El archivo no es/) });
    await expect(extractPages(zipSync({ 'a.txt': strToU8('hola') }), DOCX, limits)).rejects.toMatchObject({ motivo: REASONS.docx });
  });

  it('a text file longer than the plan\'s pages hold', async () => {
    await expect(extractPages(strToU8('palabra '.repeat(400)), 'text/plain', { plan: 'gratuito', paginas: 1 })).rejects.toMatchObject({ motivo: expect.stringMatching(/^El archivo tiene 3200 caracteres; tu plan gratuito admite hasta 3000/) });
  });
});

it('reads a PDF page by page: every page keeps its number, its lines and its accents', async () => {
  const pages = await extractPages(await pdf(['La fotosíntesis ocurre en los cloroplastos.', 'Fase luminosa\ny fase oscura.', 'El ciclo de Calvin fija el carbono.']), 'application/pdf', limits);
  expect(pages).toHaveLength(3);
  expect(pages[0]).toContain('La fotosíntesis ocurre en los cloroplastos.');
  expect(pages[1].replace(/\s+/g, ' ')).toContain('Fase luminosa y fase oscura.');
  expect(pages[2]).toContain('ciclo de Calvin');
});

it('reads a .docx, a UTF-8 text with a BOM, and Markdown with its form feeds as pages', async () => {
  expect((await extractPages(docx(['La célula', 'El núcleo guarda el ADN.']), DOCX, limits)).join('')).toMatch(/La célula\s+El núcleo guarda el ADN\./);
  expect(await extractPages(new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('Años de historia')]), 'text/plain', limits)).toEqual(['Años de historia']);
  expect(await extractPages(strToU8('# Tema 1\fTema 2'), 'text/markdown', limits)).toEqual(['# Tema 1', 'Tema 2']);
});

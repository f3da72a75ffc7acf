import { boundedDocx, DOCX_MAX_ENTRIES } from '../../../lambdas/materials/docx-zip';
import { extractPages, PDF_PAGE_CHARACTERS, REASONS } from '../../../lambdas/materials/extract';
import { inflatedSize } from '../../../lambdas/materials/pdf-streams';
import { crowdedDocx, DOCX, documentXml, docxOf, expandingDocx, hugePagesPdf, inflatingPdf, lyingDocx } from '../../support/document-bombs';

// Issue 31: a document cannot take the processor down. Each hostile file is refused with a reason the
// learner can act on, in well under a second of work, before mammoth or the embedder see it.

const free = { plan: 'gratuito', paginas: 50, bytes: 5 * 1024 * 1024 };
/** Varied sentences: Word's XML of a real text compresses 5-20:1, not like one sentence repeated. */
/** The reason a refusal gives, or 'resolved' (a resolved value would flood jest's report). */
const motivo = (p: Promise<unknown>) => p.then(() => 'resolved', (e: Error & { motivo?: string }) => e.motivo ?? e.message);
const prose = (n: number) => Array.from({ length: n }, (_, i) => `Párrafo ${i}: la célula ${i * 7919} guarda ${(i * 104729).toString(36)} en su núcleo.`);

describe('a .docx is checked before it is parsed', () => {
  it('200 MB of XML in a few hundred KB (V8 ran out of memory on it): refused from the zip directory', async () => {
    const bomb = expandingDocx(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await motivo(extractPages(bomb, DOCX, free))).toEqual(REASONS.docxBomb);
  });

  it('a zip that declares 4 KB and inflates to 50 MB: the inflater is stopped at the declared size', async () => {
    expect(await motivo(extractPages(lyingDocx(50), DOCX, free))).toEqual(REASONS.docxBomb);
  });

  it('more entries than any Word document has', async () => {
    expect(await motivo(extractPages(crowdedDocx(DOCX_MAX_ENTRIES + 1), DOCX, free))).toEqual(REASONS.docxBomb);
  });

  it('more markup than the plan lets mammoth parse, at an ordinary ratio', async () => {
    // Each character in its own formatted run: ~3 MB of XML, over the free plan's 2.4 MB.
    const runs = Buffer.from(prose(1_200).join('').split('').map((c) => `<w:r><w:rPr><w:b/></w:rPr><w:t>${c === '<' ? ' ' : c}</w:t></w:r>`).join(''));
    const xml = Buffer.concat([Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>'), runs, Buffer.from('</w:p></w:body></w:document>')]);
    expect(await motivo(extractPages(docxOf(xml), DOCX, free))).toEqual(expect.stringMatching(/^Este documento de Word lleva \d+ MB de formato interno y tu plan admite hasta 2 MB/));
  });

  it('counting stops at the plan\'s characters, before mammoth', async () => {
    await expect(extractPages(docxOf(documentXml(prose(3_000))), DOCX, free)).rejects.toMatchObject({
      motivo: 'El archivo tiene más de 150.000 caracteres y tu plan gratuito admite hasta 150.000 por material. Divídelo en partes y súbelas por separado.',
    });
  });

  it('an ordinary document still reads: its text through mammoth from the rebuilt zip', async () => {
    const pages = await extractPages(docxOf(documentXml(prose(1_000))), DOCX, free);
    expect(pages.join('')).toContain('Párrafo 999: la célula');
    // mammoth never inflates: every part it gets is stored.
    const rebuilt = boundedDocx(docxOf(documentXml(prose(10))), { maxCharacters: 1e6, maxXmlBytes: 1e7, maxFileBytes: 1e7 });
    expect(Buffer.from(rebuilt).readUInt16LE(8)).toBe(0);
  });
});

describe('a PDF stops at a per-page and a per-material cap', () => {
  it('a few KB whose 50 pages hold 58,000 characters each: refused at page 1', async () => {
    const bomb = hugePagesPdf(50, 58_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await motivo(extractPages(bomb, 'application/pdf', free))).toEqual(expect.stringMatching(new RegExp(`^La página 1 de este PDF tiene más de ${PDF_PAGE_CHARACTERS.toLocaleString('es-ES')} caracteres`)));
  });

  it('pages under the page cap that together pass the plan\'s characters', async () => {
    expect(await motivo(extractPages(hugePagesPdf(50, 15_000), 'application/pdf', free))).toEqual(REASONS.overLimit('gratuito', 150_000));
  });

  it('a content stream that inflates past 128 MB (PDF.js holds a decoded stream whole): refused before PDF.js opens it', async () => {
    const bomb = inflatingPdf(160);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await motivo(extractPages(bomb, 'application/pdf', free))).toEqual(REASONS.pdfBomb);
    // The count stops just past the cap it is given; an ordinary PDF's streams are counted whole.
    expect(inflatedSize(inflatingPdf(8), 1024 * 1024)).toBeLessThan(2.1 * 1024 * 1024);
    expect(inflatedSize(hugePagesPdf(3, 2_000))).toBeGreaterThan(3 * 2_000);
    expect(await extractPages(inflatingPdf(1), 'application/pdf', free)).toEqual(['Hola']);
  });

  it('a PDF within both caps is read whole', async () => {
    const pages = await extractPages(hugePagesPdf(3, 2_000), 'application/pdf', free);
    expect(pages).toHaveLength(3);
    expect(pages.every((p) => p.length >= 2_000 && p.length < PDF_PAGE_CHARACTERS)).toBe(true);
  });
});

import type { MaterialFileType } from '../contract';
import { boundedDocx, DocxRefused } from './docx-zip';
import { openPdf, PdfRefused } from './extract-pdf';
import { inflatedSize, PDF_INFLATED_MAX } from './pdf-streams';

// A file's text, page by page, or a reason in Spanish the learner can act on (issue 24). The checks
// look at the bytes themselves: the Content-Type the browser declared is only a claim.

/** A file the job will not turn into passages; `motivo` is what the learner reads. */
export class ExtractionRefused extends Error {
  constructor(readonly motivo: string) {
    super(motivo);
    this.name = 'ExtractionRefused';
  }
}

/**
 * Text formats have no pages: their bound is this many characters per page of the plan (a dense
 * printed page holds about 3,000), so a .txt is held to what a PDF of the plan's pages could say.
 */
export const CHARACTERS_PER_PAGE = 3_000;
/**
 * No legible page holds more (a dense A4 page in 6-point type: about 15,000). A PDF page past it is
 * refused as soon as its text stream passes it: 9 KB of deflated operators made 58,000 per page (issue 31).
 */
export const PDF_PAGE_CHARACTERS = 20_000;
/** A .docx may carry this much XML per character its plan allows (Word's markup: 2-10 B), never above DOCX_XML_MAX. */
export const DOCX_XML_PER_CHARACTER = 16;
/** mammoth holds ≈ 90 B per byte of XML (8 MB of small runs: 7 s, 730 MB), so the processor's 1,769 MB hold it. */
export const DOCX_XML_MAX = 8 * 1024 * 1024;

const fmt = (n: number) => n.toLocaleString('es-ES');
const TYPE_NAMES: Record<MaterialFileType, string> = {
  'application/pdf': 'un PDF',
  'text/plain': 'un archivo de texto',
  'text/markdown': 'un archivo Markdown',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'un documento de Word (.docx)',
};

export const REASONS = {
  empty: 'El archivo está vacío. Sube uno que tenga texto.',
  noWords: 'El archivo no tiene palabras que podamos estudiar. Revisa que sea el documento correcto.',
  notWhatItSays: (tipo: MaterialFileType) => `El archivo no es ${TYPE_NAMES[tipo]}, aunque su nombre lo indique. Ábrelo, guárdalo de nuevo en ese formato y vuelve a subirlo.`,
  encrypted: 'Este PDF está protegido con contraseña. Ábrelo, guárdalo o imprímelo como un PDF nuevo sin contraseña y vuelve a subirlo.',
  damaged: 'No pudimos leer este PDF: parece dañado. Ábrelo, expórtalo de nuevo como PDF y vuelve a subirlo.',
  noTextLayer: 'Este PDF no tiene texto seleccionable: parece un escaneo o un conjunto de imágenes. ' +
    'Pásalo por un programa de reconocimiento de texto (OCR) y súbelo de nuevo, o copia el texto y pégalo como material.',
  docx: 'No pudimos leer este documento de Word. Ábrelo, guárdalo de nuevo como .docx (o expórtalo como PDF) y vuelve a subirlo.',
  tooManyPages: (pages: number, plan: string, most: number) =>
    `Este PDF tiene ${fmt(pages)} páginas; tu plan ${plan} admite hasta ${fmt(most)} por material. Divídelo en partes y súbelas por separado.`,
  tooLong: (chars: number, plan: string, most: number) =>
    `El archivo tiene ${fmt(chars)} caracteres; tu plan ${plan} admite hasta ${fmt(most)} por archivo de texto. Divídelo en partes y súbelas por separado.`,
  /** Counting stopped at the plan's limit: how far past it the file goes is not known (nor needed). */
  overLimit: (plan: string, most: number) =>
    `El archivo tiene más de ${fmt(most)} caracteres y tu plan ${plan} admite hasta ${fmt(most)} por material. Divídelo en partes y súbelas por separado.`,
  pageOverLimit: (page: number) =>
    `La página ${fmt(page)} de este PDF tiene más de ${fmt(PDF_PAGE_CHARACTERS)} caracteres, más de los que caben en una página legible. ` +
    'Revisa que sea el documento correcto, o ábrelo y expórtalo de nuevo como PDF antes de subirlo.',
  pdfBomb: 'Este PDF no parece un PDF normal: su contenido comprimido se expande a muchísimo más de lo que ocupa el archivo. ' +
    'Ábrelo y expórtalo o imprímelo de nuevo como PDF, y vuelve a subirlo.',
  docxBomb: 'Este documento de Word no parece un documento normal: su contenido comprimido se expande a muchísimo más de lo que ocupa el archivo. ' +
    'Ábrelo en Word, guárdalo de nuevo como .docx (o expórtalo como PDF) y vuelve a subirlo.',
  docxMarkup: (bytes: number, most: number) =>
    `Este documento de Word lleva ${fmt(Math.ceil(bytes / 1024 / 1024))} MB de formato interno y tu plan admite hasta ${fmt(Math.floor(most / 1024 / 1024))} MB por documento. ` +
    'Expórtalo como PDF, o divídelo en partes y súbelas por separado.',
  tooLarge: (bytes: number, plan: string, most: number) =>
    `El archivo ocupa ${fmt(Math.ceil(bytes / 1024))} KB; tu plan ${plan} admite hasta ${fmt(Math.floor(most / 1024 / 1024))} MB por archivo.`,
};

const startsWith = (bytes: Uint8Array, magic: string, within = 0) => {
  const head = Buffer.from(bytes.subarray(0, within + magic.length)).toString('latin1');
  return within ? head.includes(magic) : head.startsWith(magic);
};
const isPdf = (b: Uint8Array) => startsWith(b, '%PDF-', 1024);
const isZip = (b: Uint8Array) => startsWith(b, 'PK\u0003\u0004');
const hasLetters = (s: string) => /\p{L}/u.test(s);

export interface Limits {
  plan: string;
  paginas: number;
  /** The plan's file size: what a .docx's entries may declare in total is a multiple of it (docx-zip.ts). */
  bytes?: number;
}

/** Every file type's character bound: the plan's pages at CHARACTERS_PER_PAGE. */
const maxCharacters = (limits: Limits) => limits.paginas * CHARACTERS_PER_PAGE;

/** The file's pages (1 for a text file unless it has form feeds), each a string; never more than the plan allows. */
export async function extractPages(bytes: Uint8Array, tipo: MaterialFileType, limits: Limits): Promise<string[]> {
  if (!bytes.length) throw new ExtractionRefused(REASONS.empty);
  const pages = tipo === 'application/pdf' ? await pdfPages(bytes, limits) : [...(await textOf(bytes, tipo, limits)).split('\f')];
  if (tipo !== 'application/pdf') {
    const chars = pages.reduce((n, p) => n + p.length, 0);
    const most = maxCharacters(limits);
    if (chars > most) throw new ExtractionRefused(REASONS.tooLong(chars, limits.plan, most));
  }
  if (!pages.some(hasLetters)) throw new ExtractionRefused(tipo === 'application/pdf' ? REASONS.noTextLayer : REASONS.noWords);
  return pages;
}

async function pdfPages(bytes: Uint8Array, limits: Limits): Promise<string[]> {
  if (!isPdf(bytes)) throw new ExtractionRefused(REASONS.notWhatItSays('application/pdf'));
  // Before PDF.js decodes anything (pdf-streams.ts): it would hold a bomb's streams whole.
  if (inflatedSize(bytes) > PDF_INFLATED_MAX) throw new ExtractionRefused(REASONS.pdfBomb);
  const pdf = await openPdf(bytes).catch((error: unknown) => {
    if (error instanceof PdfRefused) throw new ExtractionRefused(error.reason === 'encrypted' ? REASONS.encrypted : REASONS.damaged);
    throw error;
  });
  try {
    // Refused before any page is read: the page count is in the document's catalogue.
    if (pdf.total > limits.paginas) throw new ExtractionRefused(REASONS.tooManyPages(pdf.total, limits.plan, limits.paginas));
    const pages: string[] = [];
    const most = maxCharacters(limits);
    let chars = 0;
    for (let i = 1; i <= pdf.total; i++) {
      // Each page's stream stops at the smaller of the page cap and what the material has left.
      const text = await pdf.page(i, Math.min(PDF_PAGE_CHARACTERS, most - chars));
      if (text.length > PDF_PAGE_CHARACTERS) throw new ExtractionRefused(REASONS.pageOverLimit(i));
      chars += text.length;
      if (chars > most) throw new ExtractionRefused(REASONS.overLimit(limits.plan, most));
      // A form feed inside a page would shift every later page number: it becomes a line break.
      pages.push(text.replace(/\f/g, '\n'));
    }
    return pages;
  } finally {
    await pdf.close();
  }
}

async function textOf(bytes: Uint8Array, tipo: MaterialFileType, limits: Limits): Promise<string> {
  if (tipo === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    if (!isZip(bytes)) throw new ExtractionRefused(REASONS.notWhatItSays(tipo));
    const most = maxCharacters(limits);
    const maxXmlBytes = Math.min(DOCX_XML_MAX, most * DOCX_XML_PER_CHARACTER);
    let safe: Uint8Array;
    try {
      // mammoth only ever sees the XML parts, inflated here within bounds (docx-zip.ts).
      safe = boundedDocx(bytes, { maxCharacters: most, maxXmlBytes, maxFileBytes: limits.bytes ?? bytes.length });
    } catch (error) {
      if (!(error instanceof DocxRefused)) throw error;
      const reason = { bomb: REASONS.docxBomb, markup: REASONS.docxMarkup(error.detail, maxXmlBytes), text: REASONS.overLimit(limits.plan, most), damaged: REASONS.docx };
      throw new ExtractionRefused(reason[error.reason]);
    }
    const mammoth = await import('mammoth');
    const out = await mammoth.extractRawText({ buffer: Buffer.from(safe) }).catch(() => {
      throw new ExtractionRefused(REASONS.docx);
    });
    return out.value;
  }
  // Text and Markdown: UTF-8 (a BOM is dropped), no NUL bytes, and not a PDF or a zip in disguise.
  if (isPdf(bytes) || isZip(bytes) || bytes.includes(0)) throw new ExtractionRefused(REASONS.notWhatItSays(tipo));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ExtractionRefused(REASONS.notWhatItSays(tipo));
  }
}

// PDF text page by page through unpdf (Mozilla's PDF.js built for servers: no worker, no canvas, no
// network). Imported on the first PDF only, so the routes of this room never load its 1.6 MB.

/** Why a PDF cannot be read, as the job names it (extract.ts turns it into the learner's reason). */
export class PdfRefused extends Error {
  constructor(readonly reason: 'encrypted' | 'damaged') {
    super(`PDF refused: ${reason}`);
    this.name = 'PdfRefused';
  }
}

export interface PdfPages {
  total: number;
  /** Page i's text (1-based), in reading order as PDF.js gives it; lines kept, blank line between blocks. */
  page(i: number): Promise<string>;
  close(): Promise<void>;
}

type TextItem = { str?: string; hasEOL?: boolean };

/** PDF.js's names for a file it cannot parse; anything else (a bug, memory) is not the learner's file's fault. */
const DAMAGED = new Set(['InvalidPDFException', 'FormatError', 'MissingPDFException', 'UnknownErrorException']);

let loaded: Promise<typeof import('unpdf')> | undefined;
// PDF.js through a name this code imports itself (jest maps it to the file; esbuild and tsx resolve it).
const unpdf = () => (loaded ??= import('unpdf').then(async (m) => (await m.definePDFJSModule(() => import('unpdf/pdfjs')), m)));

export async function openPdf(bytes: Uint8Array): Promise<PdfPages> {
  const { getDocumentProxy } = await unpdf();
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: PDF.js may transfer (detach) the buffer it is given. (This PDF.js has no eval path at all.)
    doc = await getDocumentProxy(new Uint8Array(bytes), { useSystemFonts: false, verbosity: 0 });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'PasswordException') throw new PdfRefused('encrypted');
    if (DAMAGED.has(name)) throw new PdfRefused('damaged');
    throw error;
  }
  return {
    total: doc.numPages,
    async page(i) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      page.cleanup();
      return (content.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
    },
    close: () => doc.loadingTask.destroy(),
  };
}

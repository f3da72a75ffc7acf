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
  /**
   * Page i's text (1-based), in reading order as PDF.js gives it; lines kept, blank line between blocks.
   * Read as a stream; past `maxChars` the rest is read and dropped (then the text so far, longer than `maxChars`).
   */
  page(i: number, maxChars?: number): Promise<string>;
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
    async page(i, maxChars = Infinity) {
      const page = await doc.getPage(i);
      // streamTextContent rather than getTextContent: a page of millions of characters (a few KB of
      // deflated operators) keeps at most one chunk past the cap instead of being built whole (issue 31).
      // The rest is drained, not cancelled: PDF.js (no worker) then enqueues into a closed stream and
      // throws outside any caller, and a stream left pending holds destroy() forever.
      const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{ items: TextItem[] }>;
      let text = '';
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          if (text.length <= maxChars) text += chunk.value.items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
        }
      } finally {
        page.cleanup();
      }
      return text;
    },
    close: () => doc.loadingTask.destroy(),
  };
}

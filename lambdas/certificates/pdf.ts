import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CertificateItem } from './certificate-items';

// The certificate as a one-page A4 landscape PDF (pdf-lib, standard fonts: nothing to bundle).
// Standard fonts encode WinAnsi only: Spanish letters are in it; anything else is simplified.

const INK = rgb(0.11, 0.13, 0.2);
const MUTED = rgb(0.38, 0.42, 0.5);
const BRAND = rgb(0.23, 0.31, 0.85);
const GOLD = rgb(0.76, 0.6, 0.22);
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: Latin-1 and WinAnsi's extras kept, accents elsewhere dropped, the rest '?'. */
export function winAnsi(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
      if (code < 0x20) return ' ';
      const plain = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return plain && [...plain].every((c) => c.codePointAt(0)! <= 0xff) ? plain : '?';
    })
    .join('');
}

export const spanishDate = (iso: string) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** Lines of at most `width` points at `size`, breaking between words. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const { width } = page.getSize();
  page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

export async function certificatePdf(c: CertificateItem, verificationUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Certificado: ${c.titulo}`));
  doc.setAuthor('Mentora');
  doc.setCreationDate(new Date(c.fecha));
  const page = doc.addPage([842, 595]);
  const [regular, bold, serif] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold), doc.embedFont(StandardFonts.TimesRomanBoldItalic)]);
  const { width, height } = page.getSize();

  // Frame: a brand border and a thin gold line inside it.
  page.drawRectangle({ x: 18, y: 18, width: width - 36, height: height - 36, borderColor: BRAND, borderWidth: 3 });
  page.drawRectangle({ x: 28, y: 28, width: width - 56, height: height - 56, borderColor: GOLD, borderWidth: 0.8 });

  centered(page, 'MENTORA', height - 78, bold, 16, BRAND);
  centered(page, c.tipo === 'diplomado' ? 'CERTIFICADO DE DIPLOMADO' : 'CERTIFICADO DE FINALIZACIÓN', height - 110, bold, 24);
  centered(page, 'Se certifica que', height - 146, regular, 13, MUTED);
  const name = winAnsi(c.nombre || 'Estudiante de Mentora');
  const nameSize = Math.min(34, (width - 160) / Math.max(1, serif.widthOfTextAtSize(name, 1)));
  centered(page, name, height - 190, serif, nameSize);
  page.drawLine({ start: { x: width / 2 - 180, y: height - 200 }, end: { x: width / 2 + 180, y: height - 200 }, thickness: 0.8, color: GOLD });
  centered(page, c.tipo === 'diplomado' ? 'ha completado el diplomado' : 'ha completado el curso', height - 226, regular, 13, MUTED);

  let y = height - 256;
  for (const line of wrap(winAnsi(c.titulo), bold, 19, width - 200).slice(0, 2)) {
    centered(page, line, y, bold, 19, BRAND);
    y -= 24;
  }
  const level = c.nivel ? ` · nivel ${c.nivel}` : '';
  centered(page, winAnsi(`${spanishDate(c.fecha)}${level}`), y - 2, regular, 12, MUTED);

  // The modules (or courses) and their scores, in up to two columns.
  y -= 34;
  const heading = c.tipo === 'diplomado' ? 'Cursos y calificaciones' : 'Módulos y calificaciones';
  centered(page, heading, y, bold, 11, INK);
  y -= 18;
  const columns = c.lineas.length > 4 ? 2 : 1;
  const colWidth = columns === 2 ? 330 : 420;
  const left = columns === 2 ? width / 2 - colWidth - 10 : (width - colWidth) / 2;
  const rows = Math.ceil(c.lineas.length / columns);
  c.lineas.forEach((l, i) => {
    const x = left + Math.floor(i / rows) * (colWidth + 20);
    const rowY = y - (i % rows) * 17;
    const score = `${l.score} / 100`;
    const label = wrap(winAnsi(`${i + 1}. ${l.titulo}`), regular, 10, colWidth - 70)[0] ?? '';
    page.drawText(label, { x, y: rowY, size: 10, font: regular, color: INK });
    page.drawText(score, { x: x + colWidth - bold.widthOfTextAtSize(score, 10), y: rowY, size: 10, font: bold, color: INK });
  });

  centered(page, 'Verifica este certificado en', 74, regular, 9, MUTED);
  centered(page, winAnsi(verificationUrl), 60, bold, 10, BRAND);
  centered(page, `Código: ${c.certificateId}`, 46, regular, 8, MUTED);
  return doc.save();
}
